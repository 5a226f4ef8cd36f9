/**
 * The risky patterns a setup plan flags for a second look before approval: `sudo`, a download run by
 * a shell (piped in, or saved and then run), `rm -rf`, paths under `~/.ssh`, and inline Python or
 * Node code that starts processes. Wrappers that run another command (`env`, `nohup`, `timeout`…)
 * are looked through, and a shell's `-c` script is read as text. A flag is a prompt to read the
 * command, not a verdict: the full argv is always shown.
 */
import { homedir } from "node:os";
import type { SetupItem } from "./plan.js";

const SHELLS = /^(?:ba|da|z|k|fi)?sh$/;

/** Commands that run the command after their own options, and their options that take a value. */
const WRAPPERS: Record<string, readonly string[]> = {
  env: ["-u", "--unset", "-C", "--chdir"],
  nohup: [],
  nice: ["-n", "--adjustment"],
  timeout: ["-s", "--signal", "-k", "--kill-after"],
  stdbuf: ["-i", "-o", "-e", "--input", "--output", "--error"],
  command: [],
  exec: [],
  time: [],
};

/** A shell word that starts a command in a script: at its start or after `;`, `&`, `|`, `(`. */
const AT_COMMAND = String.raw`(?:^|[;&|(]\s*|\s)`;
const SUDO = new RegExp(`${AT_COMMAND}(?:sudo|doas)\\s`);
const PIPED_TO_SHELL = /\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:ba|da|z|k)?sh\b/;
const DOWNLOAD = /\b(?:curl|wget)\b/;
/** A shell, `source` or `.` given a file, or a path run as a command (`./i`), later in the script. */
const RUNS_FILE = new RegExp(
  `${AT_COMMAND}(?:(?:sudo\\s+)?(?:ba|da|z|k)?sh\\s+(?!-)\\S|source\\s+\\S|\\.\\s+\\S|\\.{0,2}/[\\w./-]+(?:\\s|$))`,
);
/** Inline code for an interpreter: `python -c`, `node -e` / `--eval` / `-p`. */
const PYTHON_INLINE = /\bpython[\d.]*\s+(?:-\w+\s+)*-c\b/;
const NODE_INLINE = /\b(?:node|nodejs|bun|deno)\s+(?:-\S+\s+)*(?:-e|--eval|-p|--print|eval)\b/;
const STARTS_PROCESS =
  /\b(?:os\s*\.\s*(?:system|popen|exec\w*|spawn\w*|fork)|subprocess|pty\s*\.\s*spawn|child_process|execSync|spawnSync|execFileSync|Deno\s*\.\s*(?:run|Command)|Bun\s*\.\s*spawn\w*)\b/;

function base(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** The argv a chain of wrappers runs (`env A=1 sudo id` → `sudo id`; `env -S "sudo id"` split). */
function unwrapped(argv: readonly string[]): string[] {
  let words = [...argv];
  for (let wrapper = base(words[0] ?? ""); Object.hasOwn(WRAPPERS, wrapper); wrapper = base(words[0] ?? "")) {
    const takesValue = WRAPPERS[wrapper] as readonly string[];
    words = words.slice(1);
    for (;;) {
      const word = words[0];
      if (word === undefined) break;
      const split = /^(?:-S|--split-string=?)(.*)$/.exec(word);
      if (wrapper === "env" && split) {
        const text = split[1] || words[1] || "";
        words = [...text.split(/\s+/).filter(Boolean), ...words.slice(split[1] ? 1 : 2)];
        break;
      }
      if (takesValue.includes(word)) words = words.slice(2);
      else if (word.startsWith("-") || (wrapper === "env" && /^[^=\s]+=/.test(word))) words = words.slice(1);
      else break;
    }
    // timeout's duration comes before the command.
    if (wrapper === "timeout") words = words.slice(1);
  }
  return words;
}

/** The `rm` flags of an argv remove recursively and by force (`-rf`, `-r -f`, `--recursive --force`). */
function removesByForce(args: readonly string[]): boolean {
  const short = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  const recursive = /[rR]/.test(short) || args.includes("--recursive");
  const force = short.includes("f") || args.includes("--force");
  return recursive && force;
}

function sshPath(text: string, home: string): boolean {
  const homes = ["~", "$HOME", "${HOME}", home].map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?:^|[\\s"'=:])(?:${homes.join("|")})/\\.ssh(?:/|$|[\\s"'])`).test(text);
}

/** The risky patterns in one item, in a fixed order; none when nothing looks risky. */
export function itemFlags(item: SetupItem, home = homedir()): string[] {
  const [first = item.command, ...args] = unwrapped([item.command, ...(item.args ?? [])]);
  const command = base(first);
  const words = [item.command, ...(item.args ?? [])];
  const script = SHELLS.test(command) ? args.join(" ") : "";
  // Inline code, whether run directly or from a shell script, read as one text.
  const inline = /^(?:python[\d.]*|node|nodejs|bun|deno)$/.test(command)
    ? `${command} ${args.join(" ")}`
    : script;
  const flags: string[] = [];
  if (command === "sudo" || command === "doas" || SUDO.test(script)) flags.push("sudo");
  const piped = PIPED_TO_SHELL.test(script);
  if (piped) flags.push("curl | sh");
  if (!piped && DOWNLOAD.test(script)) {
    const after = script.slice((DOWNLOAD.exec(script)?.index ?? 0) + 1);
    if (RUNS_FILE.test(after)) flags.push("download then run");
  }
  if (
    (command === "rm" && removesByForce(args)) ||
    /\brm\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*(?:rf|fr)/.test(script)
  ) {
    flags.push("rm -rf");
  }
  if ([...words, item.cwd ?? ""].some((word) => sshPath(word, home))) flags.push("~/.ssh");
  if ((PYTHON_INLINE.test(inline) || NODE_INLINE.test(inline)) && STARTS_PROCESS.test(inline)) {
    flags.push("inline code runs commands");
  }
  return flags;
}
