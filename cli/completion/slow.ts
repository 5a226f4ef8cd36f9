/**
 * What a completion loads only when its quick path cannot answer alone: the command definitions
 * (when the cached command tree is missing), the manifest summarised (when its units-index.json is
 * missing or stale) and MCP units listed live (when the project changed since its compile, which
 * loads the compiler). The executable's CommonJS entry loads this module as an ES module
 * (dist/cli/completion-slow.js), so its quick path never starts Node's ES module loader.
 */
import { readFileSync } from "node:fs";
import type { ArgsDef, CommandDef } from "citty";
import type { SummarisedManifest } from "../../runtime/units-index-build.js";
import type { CliIO } from "../io.js";
import type { ManifestFacts } from "./complete.js";

/** Every command's definition, as `runCli` would load them. */
export async function definitions(io: CliIO): Promise<CommandDef<ArgsDef>> {
  return (await import("../index.js")).allDefinitions(io);
}

/**
 * The facts of the manifest at `path` made from its JSON (no schema handling needed), for when its
 * summary is missing or stale; undefined when it is not one.
 */
export async function manifestFacts(path: string): Promise<ManifestFacts | undefined> {
  const { buildUnitsIndex } = await import("../../runtime/units-index-build.js");
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as SummarisedManifest;
    return Array.isArray(manifest.units) ? buildUnitsIndex(manifest, 0) : undefined;
  } catch {
    return undefined;
  }
}

/** `facts` plus the project's MCP units listed live (see `live.ts`); `facts` when that fails. */
export async function withLiveUnits(
  io: CliIO,
  facts: ManifestFacts | undefined,
): Promise<ManifestFacts | undefined> {
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
