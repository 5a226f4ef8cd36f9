/** The `unitc` command line. Takes argv and IO as parameters so tests run it in-process. */

import { stripVTControlCharacters } from "node:util";
import { type ArgsDef, type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import packageJson from "../package.json" with { type: "json" };
import { isUnitError } from "../runtime/contract/errors.js";
import {
  type CliIO,
  EXIT_ERRORS,
  EXIT_INTERNAL,
  EXIT_OK,
  EXIT_USAGE,
  processIO,
  terminalIO,
  UsageError,
  wantsColor,
} from "./io.js";

/** `<what>; did you mean <nearest>?`, or `<what>` alone when no known name is near (loaded only then). */
async function withGuess(what: string, word: string, known: readonly string[], prefix = ""): Promise<string> {
  const { didYouMean } = await import("../compiler/validate/did-you-mean.js");
  const guess = didYouMean(word, known);
  return guess === undefined ? what : `${what}; did you mean ${prefix}${guess}?`;
}

/**
 * Every `--flag` in `argv` must be declared by the command (or the sub-command `argv` names, as in
 * `unitc storage status --json`); citty alone would ignore unknown ones. An unknown one is a usage
 * error naming the command's nearest flag.
 */
async function checkFlags(command: CommandDef<ArgsDef>, argv: readonly string[]): Promise<void> {
  const subCommands = command.subCommands as Record<string, CommandDef<ArgsDef>> | undefined;
  const sub = argv[0] !== undefined && subCommands ? subCommands[argv[0]] : undefined;
  if (sub) {
    await checkFlags(sub, argv.slice(1));
    return;
  }
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
    if (match?.[1] && !known.has(match[1])) {
      const names = Object.entries(args)
        .filter(([, def]) => (def as { type?: string }).type !== "positional")
        .map(([name]) => name);
      throw new UsageError(await withGuess(`unknown option ${arg.split("=")[0]}`, match[1], names, "--"));
    }
  }
}

type CommandLoader = (io: CliIO, setExit: (code: number) => void) => Promise<CommandDef<ArgsDef>>;

const COMMANDS: Record<string, CommandLoader> = {
  validate: async (io, setExit) =>
    (await import("./commands/validate.js")).validateCommand(io, setExit) as CommandDef<ArgsDef>,
  compile: async (io, setExit) =>
    (await import("./commands/compile.js")).compileCommand(io, setExit) as CommandDef<ArgsDef>,
  init: async (io, setExit) =>
    (await import("./commands/init.js")).initCommand(io, setExit) as CommandDef<ArgsDef>,
  publish: async (io, setExit) =>
    (await import("./commands/publish.js")).publishCommand(io, setExit) as CommandDef<ArgsDef>,
  serve: async (io, setExit) =>
    (await import("./commands/serve.js")).serveCommand(io, setExit) as CommandDef<ArgsDef>,
  dev: async (io, setExit) =>
    (await import("./commands/dev.js")).devCommand(io, setExit) as CommandDef<ArgsDef>,
  run: async (io, setExit) =>
    (await import("./commands/run.js")).runScriptCommand(io, setExit) as CommandDef<ArgsDef>,
  auth: async (io, setExit) =>
    (await import("./commands/auth.js")).authCommand(io, setExit) as CommandDef<ArgsDef>,
  explain: async (io, setExit) =>
    (await import("./commands/explain.js")).explainCommand(io, setExit) as CommandDef<ArgsDef>,
  tokens: async (io, setExit) =>
    (await import("./commands/tokens.js")).tokensCommand(io, setExit) as CommandDef<ArgsDef>,
  secret: async (io, setExit) =>
    (await import("./commands/secret.js")).secretCommand(io, setExit) as CommandDef<ArgsDef>,
  storage: async (io, setExit) =>
    (await import("./commands/storage.js")).storageCommand(io, setExit) as CommandDef<ArgsDef>,
  list: async (io, setExit) =>
    (await import("./commands/list.js")).listCommand(io, setExit) as CommandDef<ArgsDef>,
  inspect: async (io, setExit) =>
    (await import("./commands/inspect.js")).inspectCommand(io, setExit) as CommandDef<ArgsDef>,
  search: async (io, setExit) =>
    (await import("./commands/search.js")).searchCommand(io, setExit) as CommandDef<ArgsDef>,
  call: async (io, setExit) =>
    (await import("./commands/call.js")).callCommand(io, setExit) as CommandDef<ArgsDef>,
  add: async (io, setExit) =>
    (await import("./commands/add.js")).addCommand(io, setExit) as CommandDef<ArgsDef>,
  setup: async (io, setExit) =>
    (await import("./commands/setup.js")).setupCommand(io, setExit) as CommandDef<ArgsDef>,
  verify: async (io, setExit) =>
    (await import("./commands/verify.js")).verifyCommand(io, setExit) as CommandDef<ArgsDef>,
  doctor: async (io, setExit) =>
    (await import("./commands/doctor.js")).doctorCommand(io, setExit) as CommandDef<ArgsDef>,
  trust: async (io, setExit) =>
    (await import("./commands/trust.js")).trustCommand(io, setExit) as CommandDef<ArgsDef>,
  completion: async (io, setExit) =>
    (await import("./commands/completion.js")).completionCommand(io, setExit) as CommandDef<ArgsDef>,
  telemetry: async (io, setExit) =>
    (await import("./commands/telemetry.js")).telemetryCommand(io, setExit) as CommandDef<ArgsDef>,
  audit: async (io, setExit) =>
    (await import("./commands/audit.js")).auditCommand(io, setExit) as CommandDef<ArgsDef>,
};

/**
 * `unitc serve token …`, `unitc serve status` and `unitc publish keygen` are commands of their own: `serve` and `publish`
 * run themselves, and citty would run them after any subcommand.
 */
function loaderOf(name: string, args: readonly string[]): CommandLoader {
  if (name === "serve" && args[1] === "token") {
    return async (io, setExit) =>
      (await import("./commands/serve-token.js")).serveTokenCommand(io, setExit) as CommandDef<ArgsDef>;
  }
  if (name === "serve" && args[1] === "status") {
    return async (io, setExit) =>
      (await import("./commands/serve-status.js")).serveStatusCommand(io, setExit) as CommandDef<ArgsDef>;
  }
  if (name === "publish" && args[1] === "keygen") {
    return async (io, setExit) =>
      (await import("./commands/publish-keygen.js")).publishKeygenCommand(io, setExit) as CommandDef<ArgsDef>;
  }
  return COMMANDS[name] as CommandLoader;
}

/** Every command's definition under one root, `serve token` under `serve`: what completion offers. */
export async function allDefinitions(io: CliIO): Promise<CommandDef<ArgsDef>> {
  const ignore = () => {};
  const subCommands: Record<string, CommandDef<ArgsDef>> = {};
  for (const [name, load] of Object.entries(COMMANDS)) subCommands[name] = await load(io, ignore);
  // The serve definition `serve token` loads holds only the `token` sub-command; publish's, `keygen`.
  const { subCommands: token } = await loaderOf("serve", ["serve", "token"])(io, ignore);
  const { subCommands: status } = await loaderOf("serve", ["serve", "status"])(io, ignore);
  subCommands.serve = { ...subCommands.serve, subCommands: { ...token, ...status } } as CommandDef<ArgsDef>;
  const { subCommands: keygen } = await loaderOf("publish", ["publish", "keygen"])(io, ignore);
  subCommands.publish = { ...subCommands.publish, subCommands: keygen } as CommandDef<ArgsDef>;
  return defineCommand({ meta: { name: "unitc", description: packageJson.description }, subCommands });
}

/** Runs `unitc` with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], given: CliIO = processIO()): Promise<number> {
  const io = terminalIO(given);
  const started = performance.now();
  const code = await runCommandLine(argv, io);
  // Only with an endpoint configured is telemetry's module loaded at all.
  if (io.env.UNITC_TELEMETRY_ENDPOINT && argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0])) {
    const { reportCommand } = await import("./telemetry/report.js");
    await reportCommand(io, argv, code, performance.now() - started);
  }
  return code;
}

async function runCommandLine(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode = EXIT_OK;
  const setExit = (code: number) => {
    exitCode = code;
  };
  // `unitc help [command]` is `unitc [command] --help`.
  const args = argv[0] === "help" ? [...argv.slice(1, 2), "--help"] : [...argv];
  if (args[0] === "--version" || args[0] === "-v") {
    io.stdout(`${packageJson.version}\n`);
    return EXIT_OK;
  }
  // The completion scripts' entry: answered without loading any command.
  if (args[0] === "__complete") {
    const { runComplete } = await import("./completion/run.js");
    return runComplete(args.slice(1), io, () => allDefinitions(io));
  }
  const name = args[0];
  // Only the command that runs is loaded: `unitc serve` starts without the compiler, for example.
  const wanted = name !== undefined && Object.hasOwn(COMMANDS, name) ? [name] : Object.keys(COMMANDS);
  const subCommands: Record<string, CommandDef<ArgsDef>> = {};
  for (const key of wanted) subCommands[key] = await loaderOf(key, args)(io, setExit);
  const main = defineCommand({
    meta: { name: "unitc", version: packageJson.version, description: packageJson.description },
    subCommands,
  });
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? subCommands[name] : undefined;
  if (args.length === 0 || args.includes("--help") || args.includes("-h")) {
    return printUsage(args, main, command, io);
  }
  try {
    if (!command) {
      const unknown = `unknown command ${JSON.stringify(name)}`;
      throw new UsageError(
        name === undefined ? unknown : await withGuess(unknown, name, Object.keys(COMMANDS)),
      );
    }
    await checkFlags(command, args.slice(1));
    await runCommand(main, { rawArgs: args });
  } catch (error) {
    return reportFailure(error, name, io);
  }
  return exitCode;
}

/**
 * `unitc [command [sub]] --help` (or no arguments at all): the usage of what `args` name; an unknown
 * command's name is an error after the root's usage.
 */
async function printUsage(
  args: readonly string[],
  main: CommandDef<ArgsDef>,
  command: CommandDef<ArgsDef> | undefined,
  io: CliIO,
): Promise<number> {
  const subCommands = command?.subCommands as Record<string, CommandDef<ArgsDef>> | undefined;
  const sub = args[1] !== undefined ? subCommands?.[args[1]] : undefined;
  const usage = await renderUsage(sub ?? command ?? main, sub ? command : command ? main : undefined);
  // The usage text is unitc's own; only its colour needs the unsanitised stream.
  if (wantsColor(io)) (io.styled ?? io).stdout(`${usage}\n`);
  else io.stdout(`${stripVTControlCharacters(usage)}\n`);
  if (args[0] !== undefined && args[0] !== "--help" && args[0] !== "-h" && !command) {
    const unknown = await withGuess(
      `unknown command ${JSON.stringify(args[0])}`,
      args[0],
      Object.keys(COMMANDS),
    );
    io.stderr(`unitc: ${unknown}\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}

/** A command line that failed: a usage error, a coded problem or a bug, told as such; the exit code. */
function reportFailure(error: unknown, name: string | undefined, io: CliIO): number {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError || (error instanceof Error && error.name === "CLIError")) {
    io.stderr(`unitc: ${message}\nRun unitc --help for usage.\n`);
    return EXIT_USAGE;
  }
  // A coded problem before the command could start (no project found, …): code, message, hint.
  if (isUnitError(error)) {
    const hint = error.details.hint ? `\nhint: ${error.details.hint}` : "";
    io.stderr(`unitc ${name}: ${error.code} ${message}${hint}\n`);
    return EXIT_ERRORS;
  }
  const stack = error instanceof Error && io.env.UNITC_DEBUG ? `\n${error.stack}` : "";
  const more = stack || " Set UNITC_DEBUG=1 to print the stack trace.";
  io.stderr(`unitc: internal error: ${message}\nThis is a bug in unitc; please report it.${more}\n`);
  return EXIT_INTERNAL;
}
