/** The `unitc` command line. Takes argv and IO as parameters so tests run it in-process. */
import { type ArgsDef, type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import packageJson from "../package.json" with { type: "json" };
import { compileCommand } from "./commands/compile.js";
import { initCommand } from "./commands/init.js";
import { runScriptCommand } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { tokensCommand } from "./commands/tokens.js";
import { validateCommand } from "./commands/validate.js";
import { type CliIO, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, processIO } from "./io.js";

/** A wrong command line: reported with a pointer to `--help`, exit 2. */
class UsageError extends Error {}

/** Every `--flag` in `argv` must be declared by the command; citty alone would ignore unknown ones. */
function checkFlags(command: CommandDef<ArgsDef>, argv: readonly string[]): void {
  const args = (command.args ?? {}) as ArgsDef;
  const known = new Set<string>();
  for (const [name, def] of Object.entries(args)) {
    known.add(name);
    const alias = (def as { alias?: string | string[] }).alias;
    for (const a of Array.isArray(alias) ? alias : alias ? [alias] : []) known.add(a);
  }
  for (const arg of argv) {
    if (arg === "--") break;
    const match = /^--?(?:no-)?([^=]+)/.exec(arg);
    if (match?.[1] && !known.has(match[1])) throw new UsageError(`unknown option ${arg.split("=")[0]}`);
  }
}

/** Runs `unitc` with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  let exitCode = EXIT_OK;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const subCommands = {
    validate: validateCommand(io, setExit),
    compile: compileCommand(io, setExit),
    init: initCommand(io, setExit),
    serve: serveCommand(io, setExit),
    run: runScriptCommand(io, setExit),
    tokens: tokensCommand(io, setExit),
  };
  const main = defineCommand({
    meta: { name: "unitc", version: packageJson.version, description: packageJson.description },
    subCommands,
  });
  const args = [...argv];
  if (args[0] === "--version" || args[0] === "-v") {
    io.stdout(`${packageJson.version}\n`);
    return EXIT_OK;
  }
  const name = args[0];
  const command =
    name !== undefined && Object.hasOwn(subCommands, name)
      ? (subCommands[name as keyof typeof subCommands] as CommandDef<ArgsDef>)
      : undefined;
  if (args.length === 0 || args.includes("--help") || args.includes("-h")) {
    io.stdout(`${await renderUsage(command ?? main, command ? main : undefined)}\n`);
    return EXIT_OK;
  }
  try {
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    checkFlags(command, args.slice(1));
    await runCommand(main, { rawArgs: args });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError || (error instanceof Error && error.name === "CLIError")) {
      io.stderr(`unitc: ${message}\nRun unitc --help for usage.\n`);
      return EXIT_USAGE;
    }
    const stack = error instanceof Error && io.env.UNITC_DEBUG ? `\n${error.stack}` : "";
    const more = stack || " Set UNITC_DEBUG=1 to print the stack trace.";
    io.stderr(`unitc: internal error: ${message}\nThis is a bug in unitc; please report it.${more}\n`);
    return EXIT_INTERNAL;
  }
  return exitCode;
}
