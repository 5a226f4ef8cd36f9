/** `unitc completion bash|zsh|fish|powershell` prints a completion script; `install` writes one. */
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { type ArgsDef, type CommandDef, defineCommand } from "citty";
import { xdgBase } from "../../runtime/shared/user-dirs.js";
import { completionScript, SHELLS, type Shell } from "../completion/scripts.js";
import { type CliIO, EXIT_OK, UsageError } from "../io.js";

/** Where `install` puts each shell's script, and what the user still has to do (if anything). */
function installPlace(shell: Shell, env: CliIO["env"]): { file: string; note: string } {
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME ?? "", ".config");
  switch (shell) {
    case "bash":
      return {
        file: join(xdgBase("data", env), "bash-completion/completions/unitc"),
        note: "bash-completion loads it in new shells (without bash-completion, source it from ~/.bashrc)",
      };
    case "zsh": {
      const dir = join(xdgBase("data", env), "zsh/site-functions");
      return {
        file: join(dir, "_unitc"),
        note: `add to ~/.zshrc: fpath=(${dir} $fpath); autoload -Uz compinit; compinit`,
      };
    }
    case "fish":
      return { file: join(configHome, "fish/completions/unitc.fish"), note: "fish loads it in new shells" };
    case "powershell": {
      const file = join(configHome, "powershell/unitc-completion.ps1");
      return { file, note: `add to your $PROFILE: . ${file}` };
    }
  }
}

/** The shell `--shell` names, else the login shell's (`$SHELL`). */
function shellOf(flag: string | undefined, env: CliIO["env"]): Shell {
  const name = flag ?? basename(env.SHELL ?? "");
  const shell = name === "pwsh" ? "powershell" : name;
  if ((SHELLS as readonly string[]).includes(shell)) return shell as Shell;
  throw new UsageError(
    flag === undefined
      ? "cannot tell your shell from $SHELL; name it with --shell bash|zsh|fish|powershell"
      : `--shell must be one of ${SHELLS.join(", ")}`,
  );
}

/** Builds the command tree cache now, so the first completion is as fast as the rest. */
async function warmTree(io: CliIO): Promise<void> {
  const [{ commandTree }, { allDefinitions }] = await Promise.all([
    import("../completion/run.js"),
    import("../index.js"),
  ]);
  await commandTree(io.env, () => allDefinitions(io));
}

function printCommand(io: CliIO, shell: Shell) {
  return defineCommand({
    meta: { name: shell, description: `Print the ${shell} completion script` },
    async run() {
      await warmTree(io);
      io.stdout(completionScript(shell));
    },
  });
}

export function completionCommand(io: CliIO, setExit: (code: number) => void) {
  const install = defineCommand({
    meta: { name: "install", description: "Write the completion script where your shell loads it" },
    args: {
      shell: { type: "enum", options: [...SHELLS], description: "The shell (default: from $SHELL)" },
    },
    async run({ args }) {
      const shell = shellOf(args.shell, io.env);
      const { file, note } = installPlace(shell, io.env);
      await mkdir(join(file, ".."), { recursive: true });
      await writeFile(file, completionScript(shell));
      await warmTree(io);
      io.stdout(`wrote ${file}\n${note}\n`);
      setExit(EXIT_OK);
    },
  });
  const subCommands: Record<string, CommandDef<ArgsDef>> = { install: install as CommandDef<ArgsDef> };
  for (const shell of SHELLS) subCommands[shell] = printCommand(io, shell) as CommandDef<ArgsDef>;
  return defineCommand({
    meta: {
      name: "completion",
      description: "Shell completion: print a script (bash, zsh, fish, powershell) or install it",
    },
    subCommands,
  });
}
