/**
 * `unitc compile --partial`: the units that compiled are written, and a unit that failed keeps what
 * the previous compile wrote for it. Its files under `units/<id>/` are taken from the output folder
 * as they are, and its manifest entry is carried into the new manifest, from which the shared files
 * (`index.ts`, `code-mode.d.ts`, `manifest.json`, `search-index.json`,
 * `units-index.json`) are emitted again with it.
 */
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import type { ManifestUnit } from "../runtime/contract/manifest.js";
import { readManifest } from "../runtime/contract/manifest.js";
import { CODE_MODE_DIR, unitDeclarationPath } from "../runtime/sandbox/declarations/declarations.js";
import { bundleFolder } from "./bundle-folder.js";
import type { UnitIR } from "./discover/shared/types.js";
import { emitBundle } from "./emit/index.js";
import type { LoadedCollection } from "./load/documents.js";
import { SourceMap } from "./load/source-map.js";
import type { PipelineContext } from "./pipeline.js";
import { BACKENDS, isObject } from "./shared/backends.js";

type Data = Record<string, unknown>;

const UNIT_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** The files to write with `--partial`, and the IDs of the units whose previous output was kept. */
export interface PartialOutput {
  files: Map<string, string>;
  kept: string[];
}

/**
 * Decides whether a unit of the previous build that this build lacks failed (keep it) or was
 * removed (let it go): it failed when discovery was asked for it, or when the document declaring
 * it (or its entry of a config whose other entries did) did not validate. A config that could not be
 * parsed at all may have declared anything.
 */
function failedUnits(context: PipelineContext): (unit: ManifestUnit) => boolean {
  const ids = new Set<string>(context.discovered?.attempted ?? []);
  const unitFiles = new Set<string>();
  let anyConfig = false;
  const valid = context.validated?.valid;
  const collections = [context.loaded?.user, context.loaded?.project];
  for (const collection of collections.filter((c): c is LoadedCollection => c !== undefined)) {
    const { config } = collection;
    const invalid = config ? context.validated?.invalidEntries.get(config) : undefined;
    for (const id of invalid ?? []) ids.add(id);
    if (config && !valid?.has(config)) {
      if (!isObject(config.value)) anyConfig = true;
      else
        for (const { configMap } of BACKENDS) {
          const map = config.value[configMap];
          if (isObject(map)) for (const id of Object.keys(map)) ids.add(id);
        }
    }
    for (const document of collection.units) if (!valid?.has(document)) unitFiles.add(document.id);
  }
  return (unit) =>
    anyConfig || ids.has(unit.id) || unitFiles.has(unit.id) || unitFiles.has(unit.parent?.id ?? "");
}

/** The IR a unit was emitted from, as far as its manifest entry holds it (enough for the shared files). */
function irOf(unit: ManifestUnit, manifestFile: string): UnitIR {
  // The working directories as the manifest holds them, so emit writes them back unchanged.
  const actions: Record<string, Data> = {};
  for (const op of unit.operations)
    if (op.invoke.kind === "cli" && op.invoke.cwd !== undefined) actions[op.name] = { cwd: op.invoke.cwd };
  const cwd = unit.connection.kind === "mcp" ? unit.connection.cwd : undefined;
  const { id, name, description, tags, exposure, shadowing, useWhen, avoidWhen, parent } = unit;
  const { resources, resourceTemplates, prompts, unitSet, exposureDefaulted, catalog, runtime } = unit;
  // A relative icon is the bundle folder's (the manifest's); emit makes it relative to that folder again.
  const icon = catalog?.icon;
  const keptCatalog =
    icon !== undefined && !icon.startsWith("https://")
      ? { ...catalog, icon: resolve(dirname(manifestFile), icon) }
      : catalog;
  const written = { actions, ...(cwd !== undefined ? { cwd } : {}) };
  return {
    // A stand-in carrying only what emit reads back (the stated working folders), not a full backend.
    unit: {
      ...{ id, name, description, tags, exposure, shadowing, kind: unit.kind },
      ...(useWhen !== undefined ? { useWhen } : {}),
      ...(avoidWhen !== undefined ? { avoidWhen } : {}),
      ...(parent !== undefined ? { parent } : {}),
      ...(exposureDefaulted ? { exposureDefaulted } : {}),
      ...(keptCatalog !== undefined ? { catalog: keptCatalog } : {}),
      ...(runtime !== undefined ? { runtime } : {}),
      backend: written,
      declared: written,
      baseDir: ".",
      origin: { scope: "project", file: manifestFile, pointer: "", line: 1, column: 1 },
      source: { map: new SourceMap(manifestFile), backendPointer: "" },
    } as unknown as UnitIR["unit"],
    connection: unit.connection,
    operations: unit.operations.map((op) => ({
      name: op.name,
      description: op.description,
      inputSchema: op.inputSchema,
      ...(op.outputSchema !== undefined ? { outputSchema: op.outputSchema } : {}),
      ...(op.annotations !== undefined ? { annotations: op.annotations } : {}),
      invoke: op.invoke,
    })),
    sourceHash: unit.sourceHash,
    manifestExtras: {
      ...(resources !== undefined ? { resources } : {}),
      ...(resourceTemplates !== undefined ? { resourceTemplates } : {}),
      ...(prompts !== undefined ? { prompts } : {}),
      ...(unitSet !== undefined ? { unitSet } : {}),
    },
  };
}

/** Whether a bundle path is one of unit `id`'s own files: `units/<id>/…` or its Code Mode declaration. */
function isUnitFile(path: string, id: string): boolean {
  return path.startsWith(`units/${id}/`) || path === posix.join(CODE_MODE_DIR, unitDeclarationPath(id));
}

/** Unit `id`'s own files in the output folder, as they are on disk. */
async function unitFilesOnDisk(outDir: string, id: string): Promise<Array<[string, string]>> {
  const dir = join(outDir, "units", id);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const paths = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  paths.push(join(outDir, CODE_MODE_DIR, unitDeclarationPath(id)));
  const files: Array<[string, string]> = [];
  for (const path of paths) {
    const text = await readFile(path, "utf8").catch(() => undefined);
    if (text !== undefined) files.push([relative(outDir, path).split(sep).join("/"), text]);
  }
  return files;
}

/**
 * The files of a partial build: this build's units plus the failed units' previous output. Without
 * a readable previous manifest in `outDir` nothing is kept; undefined when nothing resolved.
 */
export async function keepFailedUnits(
  context: PipelineContext,
  outDir: string,
): Promise<PartialOutput | undefined> {
  const { resolved, discovered } = context;
  if (!resolved) return undefined;
  const built = discovered?.units ?? [];
  const manifestFile = join(outDir, "manifest.json");
  let previous: ManifestUnit[];
  try {
    previous = readManifest(manifestFile).manifest.units;
  } catch {
    previous = [];
  }
  const builtIds = new Set(built.map((ir) => ir.unit.id));
  const failed = failedUnits(context);
  // An ID names a folder below units/: one that could climb out of it is never kept.
  const kept = previous.filter((unit) => UNIT_ID.test(unit.id) && !builtIds.has(unit.id) && failed(unit));
  if (kept.length === 0) return { files: context.emitted?.files ?? new Map(), kept: [] };
  const units = [...built, ...kept.map((unit) => irOf(unit, manifestFile))];
  const folder = bundleFolder(outDir, context.options.projectDir);
  const { files } = emitBundle(units, resolved.settings, {
    outDir,
    ...(folder === undefined ? {} : { bundleFolder: folder }),
  });
  for (const { id } of kept) {
    for (const path of [...files.keys()]) if (isUnitFile(path, id)) files.delete(path);
    for (const [path, text] of await unitFilesOnDisk(outDir, id)) files.set(path, text);
  }
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: sorted, kept: kept.map((unit) => unit.id).sort() };
}
