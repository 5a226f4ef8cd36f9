/**
 * `unitc __complete -- <words…>`: the hidden entry the completion scripts call. It answers from a
 * cached command tree and the compiled bundle's summary (`units-index.json`; the manifest's JSON when
 * that is stale), never loading the commands or the runtime, so an answer comes in a few tens of
 * milliseconds.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ArgsDef, CommandDef } from "citty";
import packageJson from "../../package.json" with { type: "json" };
import { readUnitsIndex } from "../../runtime/units-index.js";
import type { SummarisedManifest } from "../../runtime/units-index-build.js";
import { unitcDir } from "../../runtime/user-dirs.js";
import { DEFAULT_MANIFEST } from "../default-manifest.js";
import { type CliIO, processIO } from "../io.js";
import { complete, type ManifestFacts } from "./complete.js";
import { projectNewerThan } from "./freshness.js";
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
function manifestPath(cwd: string, flag: string | undefined): string {
  return resolve(cwd, flag ?? DEFAULT_MANIFEST);
}

/**
 * The facts of the manifest at `path` when its summary is missing or stale, made from its JSON (no
 * schema handling needed); undefined when it is not one.
 */
async function manifestFacts(path: string): Promise<ManifestFacts | undefined> {
  const { buildUnitsIndex } = await import("../../runtime/units-index-build.js");
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as SummarisedManifest;
    return Array.isArray(manifest.units) ? buildUnitsIndex(manifest, 0) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `facts` plus the MCP units listed live (see `live.ts`) when the project changed since the compile
 * of the manifest at `path`; the compiler is loaded only then.
 */
async function withLiveUnits(
  io: CliIO,
  path: string,
  facts: ManifestFacts | undefined,
): Promise<ManifestFacts | undefined> {
  if (!projectNewerThan(io.cwd, path)) return facts;
  try {
    const live = await import("./live.js");
    const { validate } = await import("../../compiler/index.js");
    const context = await validate({ projectDir: io.cwd });
    const resolved = context.resolved;
    if (!resolved) return facts;
    const mcp = resolved.units.filter((unit) => unit.kind === "mcp");
    const known = new Set(facts?.units.map((unit) => unit.id));
    const found = await live.liveUnits(mcp, known, resolved.settings.completion, io.env);
    const replaced = new Set(found.map((unit) => unit.id));
    return { units: [...(facts?.units ?? []).filter((unit) => !replaced.has(unit.id)), ...found] };
  } catch {
    return facts;
  }
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
  // summary is stale, and MCP units are listed live only when the project changed since its compile.
  let asked: string | undefined;
  let facts: ManifestFacts | undefined;
  let answer = complete(tree, given, (flag) => {
    asked = manifestPath(io.cwd, flag);
    facts = readUnitsIndex(asked);
    return facts;
  });
  if (asked !== undefined) {
    const known = facts ?? (await manifestFacts(asked));
    const all = await withLiveUnits(io, asked, known);
    if (all !== facts) answer = complete(tree, given, () => all);
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
 * table) is loaded: the definitions are imported only when the cached tree is missing.
 */
export function completeProcess(argv: readonly string[]): Promise<number> {
  const io = processIO();
  return runComplete(argv, io, async () => (await import("../index.js")).allDefinitions(io));
}
