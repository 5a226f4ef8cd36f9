/**
 * Completion of MCP units the manifest does not have yet (a project edited since its last compile,
 * as under `unitc dev`), or whose config asks for fresh tools every time (`toolCacheTtlMs: 0`):
 * their servers are listed live, each within `discoveryTimeoutMs` and all within one
 * `overallTimeoutMs`, after which every server still starting or listing is closed (its process
 * group ended). Answers are cached under the completion cache folder, keyed by the unit's config
 * fingerprint and auth state (its auth type and which of its variables are set): a listing for
 * `cacheTtlMs`, a failure for `negativeCacheTtlMs`; older entries are pruned on each live run.
 * Only reached when the project is newer than its manifest.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedUnitOf } from "../../compiler/resolve/types.js";
import { contentHash } from "../../runtime/canonical.js";
import { referencedVariables, referencesUnder } from "../../runtime/references.js";
import { summarize } from "../../runtime/search.js";
import type { CliIO } from "../io.js";
import type { ManifestFacts } from "./complete.js";
import { completionCacheDir } from "./run.js";

type Unit = ManifestFacts["units"][number];
type Operations = Unit["operations"];

/** One cached answer: the operations listed, or the failure (a negative entry). */
interface Entry {
  at: number;
  operations?: Operations;
  error?: string;
}

/** The completion settings (the spec's `completion`), defaults filled in. */
export interface CompletionSettings {
  discoveryTimeoutMs: number;
  overallTimeoutMs: number;
  cacheTtlMs: number;
  negativeCacheTtlMs: number;
}

function readEntry(file: string, now: number, settings: CompletionSettings): Entry | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, "utf8")) as Entry;
    const ttl = entry.operations ? settings.cacheTtlMs : settings.negativeCacheTtlMs;
    return now - entry.at < ttl ? entry : undefined;
  } catch {
    return undefined;
  }
}

function writeEntry(file: string, entry: Entry): void {
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // A read-only cache only costs speed.
  }
}

/** Removes cached live answers older than both time-to-lives. */
function prune(dir: string, now: number, settings: CompletionSettings): void {
  const oldest = now - Math.max(settings.cacheTtlMs, settings.negativeCacheTtlMs);
  for (const name of readdirSync(dir)) {
    if (!name.startsWith("live-")) continue;
    const stat = statSync(join(dir, name), { throwIfNoEntry: false });
    if (stat && stat.mtimeMs < oldest) rmSync(join(dir, name), { force: true });
  }
}

/** Lists one server's tools within `timeoutMs`, closing it after (or when `deadline` passes first). */
async function listLive(
  unit: ResolvedUnitOf<"mcp">,
  env: CliIO["env"],
  timeoutMs: number,
): Promise<Operations> {
  const { mcpConnection } = await import("../../compiler/discover/mcp/connection.js");
  const { openMcp, listedTools } = await import("../../runtime/invoke/mcp/connect.js");
  const connection = { ...mcpConnection(unit), startupTimeoutMs: timeoutMs };
  const started = Date.now();
  const open = await openMcp(connection, { env, baseDir: unit.baseDir, unitId: unit.id });
  try {
    const left = Math.max(1, timeoutMs - (Date.now() - started));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no tool list within ${timeoutMs} ms`)), left);
    });
    const tools = await Promise.race([listedTools(open.client), expired]).finally(() => clearTimeout(timer));
    return tools.map((tool) => ({ tsName: tool.name, summary: summarize(tool.description ?? "") }));
  } finally {
    await open.close();
  }
}

/**
 * The key of a unit's cached answer: its config as written, how it authenticates, and which of the
 * environment variables it names are set (a credential set since a failed listing asks again). Only
 * presence counts: a secret's value, even hashed, never names a file.
 */
function entryKey(unit: ResolvedUnitOf<"mcp">, env: CliIO["env"]): string {
  const auth = (unit.declared as { auth?: { type?: string } }).auth?.type ?? "none";
  const names = [
    ...new Set(referencesUnder(unit.declared).flatMap(([, reference]) => referencedVariables(reference))),
  ].sort();
  const present = names.map((name) => `${name}=${env[name] !== undefined && env[name] !== ""}`);
  return contentHash({ id: unit.id, declared: unit.declared, auth, present })
    .replace(/^sha256:/, "")
    .slice(0, 32);
}

/**
 * The units of `units` that need a live listing (not in `known`, or `toolCacheTtlMs: 0`), with their
 * operations: cached, else listed under the deadlines. A unit whose listing failed or ran out of
 * time is left out.
 */
export async function liveUnits(
  units: readonly ResolvedUnitOf<"mcp">[],
  known: ReadonlySet<string>,
  settings: CompletionSettings,
  env: CliIO["env"],
): Promise<Unit[]> {
  const wanted = units.filter((unit) => !known.has(unit.id) || unit.backend.toolCacheTtlMs === 0);
  if (wanted.length === 0) return [];
  const dir = completionCacheDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const now = Date.now();
  prune(dir, now, settings);
  const deadline = now + settings.overallTimeoutMs;
  const answers = await Promise.all(
    wanted.map(async (unit): Promise<Unit | undefined> => {
      const file = join(dir, `live-${entryKey(unit, env)}.json`);
      let entry = readEntry(file, now, settings);
      if (!entry) {
        // Each server gets its own timeout, never past the overall deadline.
        const timeoutMs = Math.max(1, Math.min(settings.discoveryTimeoutMs, deadline - Date.now()));
        try {
          entry = { at: Date.now(), operations: await listLive(unit, env, timeoutMs) };
        } catch (error) {
          entry = { at: Date.now(), error: (error as Error).message };
        }
        writeEntry(file, entry);
      }
      return entry.operations
        ? { id: unit.id, description: unit.description, operations: entry.operations }
        : undefined;
    }),
  );
  return answers.filter((unit): unit is Unit => unit !== undefined);
}
