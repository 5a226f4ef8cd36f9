/**
 * `unitc __complete -- <words…>`: the hidden entry the completion scripts call. It answers from a
 * cached command tree and the compiled bundle's summary (`units-index.json`; the manifest's JSON when
 * that is stale), never loading the commands or the runtime, so an answer comes in a few tens of
 * milliseconds. It never starts a process: a project's stdio MCP servers are its commands, and a
 * checked-out project's commands do not run on TAB (units not compiled yet wait for a compile).
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ArgsDef, CommandDef } from "citty";
import packageJson from "../../package.json" with { type: "json" };
import { readUnitsIndex } from "../../runtime/search/units-index.js";
import { terminalText } from "../../runtime/shared/terminal-text.js";
import { unitcDir } from "../../runtime/shared/user-dirs.js";
import { defaultManifestPath } from "../find-project.js";
import type { CliIO } from "../io.js";
import { complete, type ManifestFacts } from "./complete.js";
import { type CommandNode, commandNode } from "./tree.js";

/** Every command's definition, as `runCli` would load them. */
export type DefinitionLoader = () => Promise<CommandDef<ArgsDef>>;

/** The completion cache folder (`$XDG_CACHE_HOME/unitc/completion`). */
export function completionCacheDir(env: CliIO["env"]): string {
  return join(unitcDir("cache", env), "completion");
}

/** The cached tree's file: keyed by version and this code's build, so a rebuilt CLI gets a new one. */
function treeFile(env: CliIO["env"]): string {
  const self = fileURLToPath(import.meta.url);
  const key = shortHash(`${packageJson.version}\0${self}\0${statSync(self).mtimeMs}`);
  return join(completionCacheDir(env), `commands-${key}.json`);
}

/**
 * 64-bit FNV-1a of `text` as 16 hex digits: a cache key only, where loading node:crypto would be a
 * good part of an answer's time.
 */
function shortHash(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}

/** The command tree: from the cache, else built from the definitions (and cached). */
export async function commandTree(env: CliIO["env"], load: DefinitionLoader): Promise<CommandNode> {
  const file = treeFile(env);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CommandNode;
  } catch {
    const tree = await commandNode("unitc", await load());
    try {
      mkdirSync(completionCacheDir(env), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(tree));
      renameSync(temporary, file);
    } catch {
      // A read-only cache only costs speed.
    }
    return tree;
  }
}

/** The manifest's path for `--manifest` (undefined: the default one). */
function manifestPath(io: CliIO, flag: string | undefined): string {
  return flag === undefined ? defaultManifestPath(io) : resolve(io.cwd, flag);
}

/** One candidate a line, `value<TAB>description`; the single line `:files` asks for file names. */
export async function runComplete(
  argv: readonly string[],
  io: CliIO,
  load: DefinitionLoader,
): Promise<number> {
  const words = argv[0] === "--" ? argv.slice(1) : argv;
  const tree = await commandTree(io.env, load);
  const given = words.length === 0 ? [""] : words;
  // The bundle's summary answers first; the manifest (and the code summarising it) only when the
  // summary is stale.
  let asked: string | undefined;
  let facts: ManifestFacts | undefined;
  let answer = complete(tree, given, (flag) => {
    asked = manifestPath(io, flag);
    facts = readUnitsIndex(asked);
    return facts;
  });
  if (asked !== undefined && facts === undefined) {
    // Loaded only then: it brings Node's ES module loader and more code with it.
    const known = await (await import("./slow.js")).manifestFacts(asked);
    if (known !== undefined) answer = complete(tree, given, () => known);
  }
  if (answer.files) {
    io.stdout(":files\n");
    return 0;
  }
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, " ").trim();
  const lines = answer.candidates.map((c) =>
    c.description ? `${c.value}\t${clean(c.description)}` : c.value,
  );
  if (lines.length > 0) io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

/**
 * `unitc __complete` as the executable runs it, before the rest of the CLI (citty, the command
 * table) is loaded: the definitions are imported only when the cached tree is missing. It writes
 * to the descriptors themselves, and the executable's CommonJS entry runs it (scripts/entry.mjs).
 */
export function completeProcess(argv: readonly string[]): Promise<number> {
  const io: CliIO = {
    // As under runCli (cli/io.ts terminalIO): a description a downstream wrote reaches the shell,
    // and the terminal, with its control characters escaped.
    stdout: (text) => writeAll(1, terminalText(text)),
    stderr: (text) => writeAll(2, terminalText(text)),
    cwd: process.cwd(),
    env: process.env,
  };
  return runComplete(argv, io, async () => (await import("./slow.js")).definitions(io));
}

/**
 * Writes all of `text` to descriptor `fd`, waiting a moment whenever a non-blocking pipe is full:
 * opening process.stdout (a stream, with the modules behind it) would cost a completion several
 * milliseconds of its answer.
 */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}
