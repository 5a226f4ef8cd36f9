/**
 * `unitSets` / `unitSet`: a set names another collection (`configPath` and/or `unitsRoot`) whose units
 * compile into the same bundle as `<set>__<child>`, recursively. The set's `defaultSearchLimit`,
 * `maxSearchLimit` and `toolCacheTtlMs` apply to its children (a child's own cache TTL wins) and are
 * recorded on them. A set that leads back into a collection on its own path is a cycle: it is
 * reported with the whole chain and left out.
 */
import { realpath, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { UnitSetInfo } from "../../../runtime/contract/manifest.js";
import { createDiagnostic, type Diagnostic } from "../../codes/diagnostics.js";
import type { LoadedConfigFile, LoadedProject } from "../../load/documents.js";
import { loadCollection } from "../../load/index.js";
import { noteFileRead, noteListing } from "../../load/read-log.js";
import type { BackendFields } from "../../resolve/backend-types.js";
import { resolveProject } from "../../resolve/index.js";
import type { ResolvedUnit, ResolvedUnitOf } from "../../resolve/types.js";
import { type BackendKind, childHandle } from "../../shared/backends.js";
import { validateProject } from "../../validate/index.js";
import type { UnitIR } from "../shared/types.js";

type Data = Record<string, unknown>;
type UnitSet = ResolvedUnitOf<"unitSet">;

/** Deepest nesting of sets followed. */
export const MAX_SET_DEPTH = 16;

/** A collection on the current path, and the set that led into it (none for a top-level one). */
interface Visit {
  key: string;
  via?: string;
  label: string;
}

/** The units roots and config files unit sets named. */
export interface SetPaths {
  roots: Set<string>;
  files: Set<string>;
}

interface Trail {
  visits: Visit[];
  /** Local IDs of the enclosing sets, outermost first. */
  path: string[];
  limits: Omit<UnitSetInfo, "path">;
  /** The folders and config files sets named, for watch mode to watch. */
  watched: SetPaths;
}

/** The folder and config file a set names; the folder of a config file is also a units root. */
function setTarget(set: UnitSet): { root: string; configFile?: string; requireConfig: boolean } {
  const { backend } = set;
  const configFile = backend.configPath !== undefined ? resolve(set.baseDir, backend.configPath) : undefined;
  if (backend.unitsRoot !== undefined) {
    const root = resolve(set.baseDir, backend.unitsRoot);
    return {
      root,
      configFile: configFile ?? join(root, "config.json"),
      requireConfig: configFile !== undefined,
    };
  }
  return { root: dirname(configFile as string), configFile, requireConfig: true };
}

async function real(path: string): Promise<string> {
  return realpath(path).catch(() => resolve(path));
}

/** Identity of a collection: its units root and config file, symlinks resolved. */
async function collectionKey(root: string, configFile: string): Promise<string> {
  return `${await real(root)}\n${await real(configFile)}`;
}

/** The collection a top-level unit was declared in (a `<id>/UNIT.md` sits one folder deeper). */
async function originVisit(unit: ResolvedUnit): Promise<Visit> {
  const file = unit.origin.file;
  const root = basename(file) === "UNIT.md" ? dirname(dirname(file)) : dirname(file);
  return { key: await collectionKey(root, join(root, "config.json")), label: basename(root) };
}

function num(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/** The limits a set applies: its own, else its collection's config, else the enclosing set's. */
function setLimits(set: UnitSet, inherited: Trail["limits"], config: LoadedConfigFile | undefined) {
  const own = set.backend;
  const top = (config?.value ?? {}) as Data;
  const limits: Trail["limits"] = {};
  const defaultSearchLimit =
    own.defaultSearchLimit ?? num(top.defaultSearchLimit) ?? inherited.defaultSearchLimit;
  const maxSearchLimit = own.maxSearchLimit ?? num(top.maxSearchLimit) ?? inherited.maxSearchLimit;
  const toolCacheTtlMs = own.toolCacheTtlMs ?? inherited.toolCacheTtlMs;
  if (defaultSearchLimit !== undefined) limits.defaultSearchLimit = defaultSearchLimit;
  if (maxSearchLimit !== undefined) limits.maxSearchLimit = maxSearchLimit;
  if (toolCacheTtlMs !== undefined) limits.toolCacheTtlMs = toolCacheTtlMs;
  return limits;
}

/** The metadata cache TTL field of kind `K`'s backend block, or `null` when it caches no metadata. */
type CacheTtlField<K extends BackendKind> = [Extract<keyof BackendFields[K], `${string}CacheTtlMs`>] extends [
  never,
]
  ? null
  : Extract<keyof BackendFields[K], `${string}CacheTtlMs`>;

/**
 * Where each kind keeps the cache TTL a set passes down, keyed by the kind union: a kind added
 * without its entry does not compile, nor an entry naming a field the kind's block lacks, nor `null`
 * for a kind that has one. HTTP and CLI actions are written in the config, so nothing is cached.
 */
export const CACHE_TTL_FIELD: { readonly [K in BackendKind]: CacheTtlField<K> } = {
  mcp: "toolCacheTtlMs",
  unitSet: "toolCacheTtlMs",
  openapi: "operationCacheTtlMs",
  discovery: "operationCacheTtlMs",
  graphql: "operationCacheTtlMs",
  http: null,
  cli: null,
};

/**
 * A set's cache TTL given to a child that states none of its own, in its kind's field; it counts as
 * stated, so the child's content hash covers it. A kind that caches nothing is left as it is.
 */
function withSetTtl(child: ResolvedUnit, ttl: number): ResolvedUnit {
  const field = CACHE_TTL_FIELD[child.kind];
  if (field === null || (child.declared as Data)[field] !== undefined) return child;
  return {
    ...child,
    backend: { ...child.backend, [field]: ttl },
    declared: { ...child.declared, [field]: ttl },
  } as ResolvedUnit;
}

/** A child of `set` as a unit of this bundle: `<set>__<child>`, with the set's settings applied. */
function adopt(original: ResolvedUnit, set: UnitSet, trail: Trail): ResolvedUnit {
  const ttl = trail.limits.toolCacheTtlMs;
  const child = ttl === undefined ? original : withSetTtl(original, ttl);
  const parent = child.parent
    ? { id: childHandle(set.id, child.parent.id), childId: child.parent.childId }
    : { id: set.id, childId: child.id };
  return {
    ...child,
    id: childHandle(set.id, child.id),
    tags: [...new Set([...set.tags, ...child.tags])],
    parent,
    unitSet: { path: trail.path, ...trail.limits },
  };
}

/** A `configPath` file or `unitsRoot` folder that does not exist, reported at the field. */
async function missingPath(
  set: UnitSet,
  target: ReturnType<typeof setTarget>,
): Promise<Diagnostic | undefined> {
  const { backend } = set;
  const checks: Array<["configPath" | "unitsRoot", string | undefined, boolean]> = [
    ["configPath", backend.configPath !== undefined ? target.configFile : undefined, false],
    ["unitsRoot", backend.unitsRoot !== undefined ? target.root : undefined, true],
  ];
  for (const [field, path, folder] of checks) {
    if (path === undefined) continue;
    const found = await stat(path).catch(() => undefined);
    if (found && found.isDirectory() === folder) continue;
    // Noted as read with nothing there, so a watcher follows the path and builds again once it is made.
    if (!found && folder) noteListing(path, []);
    else if (!found) noteFileRead(path, undefined);
    const at = set.source.map.locateKey(`${set.source.backendPointer}/${field}`);
    const what = folder ? "folder" : "file";
    const message = `unit set "${set.id}": ${field} ${String(backend[field])} is not an existing ${what}`;
    return createDiagnostic(
      "error",
      "UNIT_SET_NOT_FOUND",
      message,
      at,
      `fix ${field}; it is relative to this file`,
    );
  }
  return undefined;
}

function cycleError(set: UnitSet, visits: readonly Visit[], index: number): Diagnostic {
  const from = visits[index] as Visit;
  const chain = [
    from.via ?? from.label,
    ...visits.slice(index + 1).map((v) => v.via as string),
    localId(set),
  ];
  if (from.via === undefined) chain.push(from.label);
  return createDiagnostic(
    "error",
    "UNIT_SET_CYCLE",
    `unit set cycle: ${chain.join(" → ")}`,
    set.origin,
    "a unit set cannot contain itself, directly or through other sets: remove or repoint this entry",
  );
}

function localId(set: UnitSet): string {
  return set.parent?.childId ?? set.id;
}

/** The units of the collection `set` names, expanded in turn; problems go to `diagnostics`. */
async function expandSet(set: UnitSet, trail: Trail, diagnostics: Diagnostic[]): Promise<ResolvedUnit[]> {
  if (trail.path.length >= MAX_SET_DEPTH) {
    const message = `unit set "${set.id}" is nested more than ${MAX_SET_DEPTH} levels deep`;
    diagnostics.push(createDiagnostic("error", "UNIT_SET_TOO_DEEP", message, set.origin, "flatten the sets"));
    return [];
  }
  const target = setTarget(set);
  trail.watched.roots.add(target.root);
  if (target.configFile) trail.watched.files.add(target.configFile);
  const missing = await missingPath(set, target);
  if (missing) {
    diagnostics.push(missing);
    return [];
  }
  const key = await collectionKey(target.root, target.configFile ?? "");
  const index = trail.visits.findIndex((visit) => visit.key === key);
  if (index >= 0) {
    diagnostics.push(cycleError(set, trail.visits, index));
    return [];
  }
  const loaded = await loadCollection(target.root, target.configFile, "set", {
    requireConfig: target.requireConfig,
  });
  diagnostics.push(...loaded.diagnostics);
  if (!loaded.collection) {
    const named = String(set.backend.unitsRoot ?? set.backend.configPath);
    const message = `unit set "${set.id}" names no units: ${named} holds no config.json and no unit files`;
    diagnostics.push(
      createDiagnostic("warning", "UNIT_SET_EMPTY", message, set.origin, "check configPath and unitsRoot"),
    );
    return [];
  }
  const project: LoadedProject = { projectDir: target.root, project: loaded.collection, diagnostics: [] };
  const validated = validateProject(project);
  const resolved = resolveProject(project, validated.valid, validated.invalidEntries);
  diagnostics.push(...validated.diagnostics, ...resolved.diagnostics);
  const inner: Trail = {
    visits: [...trail.visits, { key, via: localId(set), label: basename(target.root) }],
    path: [...trail.path, localId(set)],
    limits: setLimits(set, trail.limits, loaded.collection.config),
    watched: trail.watched,
  };
  const children = resolved.units.map((child) => adopt(child, set, inner));
  return expandUnits(children, inner, diagnostics);
}

async function expandUnits(units: readonly ResolvedUnit[], trail: Trail, diagnostics: Diagnostic[]) {
  const expanded: ResolvedUnit[] = [];
  for (const unit of units) {
    if (unit.kind !== "unitSet") expanded.push(unit);
    else expanded.push(...(await expandSet(unit, trail, diagnostics)));
  }
  return expanded;
}

/** Replaces every unit set by the units it brings in; a handle that clashes is reported and dropped. */
export async function expandUnitSets(
  units: readonly ResolvedUnit[],
  diagnostics: Diagnostic[],
  watched: SetPaths = { roots: new Set(), files: new Set() },
) {
  // The project's own units come first: on a clash, the unit a set brings in is the one dropped.
  const expanded: ResolvedUnit[] = units.filter((unit) => unit.kind !== "unitSet");
  for (const unit of units) {
    if (unit.kind !== "unitSet") continue;
    const trail: Trail = { visits: [await originVisit(unit)], path: [], limits: {}, watched };
    expanded.push(...(await expandSet(unit, trail, diagnostics)));
  }
  const seen = new Map<string, ResolvedUnit>();
  for (const unit of expanded) {
    const earlier = seen.get(unit.id);
    if (!earlier) {
      seen.set(unit.id, unit);
      continue;
    }
    const where = relative(dirname(unit.origin.file), earlier.origin.file);
    const message = `unit ID "${unit.id}" is already declared at ${where}:${earlier.origin.line}:${earlier.origin.column}`;
    const hint = "a unit set's child is <set>__<child>: rename the set, the child or the other unit";
    diagnostics.push(createDiagnostic("error", "HANDLE_COLLISION", message, unit.origin, hint));
  }
  return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Records a unit's set settings on its IR, for the manifest. */
export function withSetInfo(ir: UnitIR): UnitIR {
  if (!ir.unit.unitSet) return ir;
  return { ...ir, manifestExtras: { ...ir.manifestExtras, unitSet: ir.unit.unitSet } };
}
