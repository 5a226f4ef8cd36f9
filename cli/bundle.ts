/**
 * What the commands that read a compiled bundle share (`run`, `list`, `inspect`, `search`, `call`):
 * the `--manifest` flag, the manifest read without the compiler (or only its summary,
 * `units-index.json`, for the commands that name things), and one way to report a problem before
 * anything runs.
 */
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createRuntime, type RuntimeOptions, type UnitRuntime } from "../runtime/calls/create-runtime.js";
import { isUnitError } from "../runtime/contract/errors.js";
import {
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
  readManifest,
} from "../runtime/contract/manifest.js";
import { readManifestIndex } from "../runtime/contract/manifest-slice.js";
import { readUnitsSummary, type UnitsSummary } from "../runtime/search/units-index.js";
import { DEFAULT_MANIFEST } from "./default-manifest.js";
import { defaultManifestPath } from "./find-project.js";
import type { CliIO } from "./io.js";
import { splitTarget } from "./target.js";

export { DEFAULT_MANIFEST };

export const manifestArg = {
  manifest: {
    type: "string",
    description: `The bundle's manifest; its folder is the bundle (default: the project's ${DEFAULT_MANIFEST})`,
    valueHint: "FILE",
  },
} as const;

/** The absolute path of the manifest `--manifest` names, or the default one. */
export function manifestPathOf(io: CliIO, flag: string | undefined): string {
  return flag === undefined ? defaultManifestPath(io) : resolve(io.cwd, flag);
}

/** A problem before anything runs: one line on stderr, with a hint for unitc's own errors. */
export function reportSetup(io: CliIO, command: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const hint = isUnitError(error) && error.details.hint ? `\nhint: ${error.details.hint}` : "";
  io.stderr(`unitc ${command}: ${message}${hint}\n`);
}

/** A compiled bundle opened for reading and calling. */
export interface OpenedBundle {
  runtime: UnitRuntime;
  /** The manifest's absolute path; its folder is the bundle. */
  path: string;
}

/**
 * The runtime over the bundle `--manifest` names (nothing connects until a call), or undefined after
 * reporting why its manifest cannot be read (exit 1).
 */
export function openBundle(
  io: CliIO,
  command: string,
  flag: string | undefined,
  setExit: (code: number) => void,
  options: Omit<RuntimeOptions, "manifest" | "manifestPath"> = {},
): OpenedBundle | undefined {
  const path = manifestPathOf(io, flag);
  try {
    return { runtime: createRuntime({ ...options, manifestPath: path }), path };
  } catch (error) {
    reportSetup(io, command, error);
    setExit(1);
    return undefined;
  }
}

/** A bundle opened for one operation: a runtime holding only that unit and operation. */
export interface OpenedOperation extends OpenedBundle {
  unit: ManifestUnit;
  operation: ManifestOperation;
}

/**
 * The runtime over only the unit and operation `target` names, read through the bundle's
 * `manifest-offsets.json` (see `runtime/contract/manifest-slice.ts`) instead of the whole manifest; undefined
 * when that table is missing or stale or `target` names no operation in it: the caller then opens the
 * whole bundle, whose errors name the units and operations there are.
 */
export function openOperation(
  io: CliIO,
  flag: string | undefined,
  target: string,
  options: Omit<RuntimeOptions, "manifest" | "manifestPath"> = {},
): OpenedOperation | undefined {
  const path = manifestPathOf(io, flag);
  const index = readManifestIndex(path);
  if (!index) return undefined;
  const { unitId, name } = splitTarget(new Set(index.unitIds), target);
  const slice = name === undefined ? undefined : index.slice(unitId, name);
  if (slice === undefined) return undefined;
  try {
    const runtime = createRuntime({ ...options, manifest: slice as Manifest, baseDir: dirname(path) });
    const [unit] = runtime.manifest.units;
    const operation = unit?.operations[0];
    return unit && operation ? { runtime, path, unit, operation } : undefined;
  } catch {
    return undefined;
  }
}

/** A compiled bundle's summary: its settings, and its units with their operation counts. */
export interface BundleSummary {
  index: UnitsSummary;
  /** The manifest's absolute path; its folder is the bundle. */
  path: string;
}

/**
 * The summary of the bundle `--manifest` names: its `units-index.json`, or one made from the manifest
 * when that file is missing or stale; undefined after reporting why the manifest cannot be read
 * (exit 1), in the words {@link openBundle} would use.
 */
export async function openSummary(
  io: CliIO,
  command: string,
  flag: string | undefined,
  setExit: (code: number) => void,
): Promise<BundleSummary | undefined> {
  const path = manifestPathOf(io, flag);
  const index = readUnitsSummary(path);
  if (index) return { index, path };
  try {
    const { manifest } = readManifest(path);
    // Loaded only here: its module loads the search's word handling, which reading does not need.
    const { unitsSummary } = await import("../runtime/search/units-index-build.js");
    return { index: unitsSummary(manifest, statSync(path).size), path };
  } catch (error) {
    reportSetup(io, command, error);
    setExit(1);
    return undefined;
  }
}
