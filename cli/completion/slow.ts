/**
 * What a completion loads only when its quick path cannot answer alone: the command definitions
 * (when the cached command tree is missing), and the manifest summarised (when its units-index.json
 * is missing or stale). The executable's CommonJS entry loads this module as an ES module
 * (dist/cli/completion-slow.js), so its quick path never starts Node's ES module loader.
 */
import { readFileSync } from "node:fs";
import type { ArgsDef, CommandDef } from "citty";
import type { Manifest } from "../../runtime/contract/manifest.js";
import type { SummarisedManifest } from "../../runtime/search/units-index-build.js";
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
  const { buildUnitsIndex } = await import("../../runtime/search/units-index-build.js");
  const { withDerivedFields } = await import("../../runtime/contract/manifest.js");
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
    if (!Array.isArray(manifest.units)) return undefined;
    // Operations as written leave out what their other fields say (the TypeScript name among them).
    return buildUnitsIndex(withDerivedFields(manifest) as SummarisedManifest, 0);
  } catch {
    return undefined;
  }
}
