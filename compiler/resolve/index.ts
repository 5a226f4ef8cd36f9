/**
 * The resolve stage (pure): config entries and unit files become one flat list of units. Plural
 * children become `<parent>__<child>` with the parent's auth inherited and its tags, setup and
 * runtime merged with their own, disabled units are dropped,
 * IDs are checked for clashes, and a project unit replaces a user unit of the same ID.
 */
import { dirname, relative } from "node:path";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type {
  LoadedCollection,
  LoadedConfigFile,
  LoadedDocument,
  LoadedProject,
  LoadedUnitFile,
} from "../load/documents.js";
import { joinPointer } from "../load/pointer.js";
import { BACKENDS, type BackendKind, childHandle, isObject, unitFileBackends } from "../shared/backends.js";
import { withDefaults } from "./backend-defaults.js";
import type { BackendFields } from "./backend-types.js";
import { mergeUnitField } from "./merge.js";
import { resolveSettings } from "./settings.js";
import type {
  Exposure,
  ResolvedProject,
  ResolvedSettings,
  ResolvedUnit,
  ResolvedUnitOf,
  Shadowing,
  UnitFields,
} from "./types.js";

export type { ResolvedProject, ResolvedSettings, ResolvedUnit } from "./types.js";

type Data = Record<string, unknown>;

/** Entry fields that describe the unit rather than its backend. */
const UNIT_FIELDS = new Set([
  "$schema",
  "name",
  "description",
  "tags",
  "exposure",
  "shadowing",
  "useWhen",
  "avoidWhen",
  "setup",
  "projectBinding",
  "runtime",
  "disabled",
  "catalog",
  "confirm",
  "audit",
  "searchHints",
]);

/** Resolves the valid documents of a loaded project into units and settings. */
export function resolveProject(
  project: LoadedProject,
  valid: ReadonlySet<LoadedDocument>,
  invalidEntries: ReadonlyMap<LoadedDocument, ReadonlySet<string>> = new Map(),
): ResolvedProject {
  const diagnostics: Diagnostic[] = [];
  const configs = [project.user?.config, project.project?.config].filter(
    (c): c is LoadedConfigFile => c !== undefined && valid.has(c),
  );
  const settings = resolveSettings(configs.map((c) => ({ scope: c.scope, value: c.value as Data })));
  diagnostics.push(...checkMergedSearchLimits(configs, settings));
  const byId = new Map<string, ResolvedUnit>();
  const collections = project.includeUserUnits ? [project.user, project.project] : [project.project];
  for (const collection of collections) {
    if (!collection) continue;
    const units = resolveCollection(collection, valid, settings, diagnostics, invalidEntries);
    for (const unit of units) {
      const previous = byId.get(unit.id);
      if (previous && previous.origin.scope !== unit.origin.scope) {
        diagnostics.push(
          createDiagnostic(
            "info",
            "USER_UNIT_REPLACED",
            `unit "${unit.id}" replaces the user-level unit of the same ID (${previous.origin.file})`,
            unit.origin,
          ),
        );
      }
      byId.set(unit.id, unit);
    }
  }
  const units = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { units, settings, diagnostics };
}

/**
 * The merged defaultSearchLimit may not exceed the merged maxSearchLimit. When one config sets both,
 * the validate stage has already said so; this catches limits that clash across configs or defaults.
 */
function checkMergedSearchLimits(
  configs: readonly LoadedConfigFile[],
  settings: ResolvedSettings,
): Diagnostic[] {
  if (settings.defaultSearchLimit <= settings.maxSearchLimit) return [];
  const sourceOf = (key: string) => [...configs].reverse().find((c) => (c.value as Data)[key] !== undefined);
  const low = sourceOf("defaultSearchLimit");
  const high = sourceOf("maxSearchLimit");
  if (low !== undefined && low === high) return [];
  const named = (config: LoadedConfigFile | undefined) =>
    config ? `set in the ${config.scope} config` : "the default";
  const [config, key] = low ? [low, "defaultSearchLimit"] : [high as LoadedConfigFile, "maxSearchLimit"];
  return [
    createDiagnostic(
      "error",
      "SEARCH_LIMIT_ABOVE_MAX",
      `defaultSearchLimit (${settings.defaultSearchLimit}, ${named(low)}) is greater than maxSearchLimit (${settings.maxSearchLimit}, ${named(high)})`,
      config.sourceMap.locate(`/${key}`),
      `lower defaultSearchLimit to at most ${settings.maxSearchLimit}, or raise maxSearchLimit`,
    ),
  ];
}

/** Units of one units root; IDs clashing inside it are reported and the later one dropped. */
function resolveCollection(
  collection: LoadedCollection,
  valid: ReadonlySet<LoadedDocument>,
  settings: ResolvedSettings,
  diagnostics: Diagnostic[],
  invalidEntries: ReadonlyMap<LoadedDocument, ReadonlySet<string>>,
): ResolvedUnit[] {
  const seen = new Map<string, ResolvedUnit>();
  const disabledIds = new Set<string>();
  // Messages name the other declaration relative to the units root, as the reader sees it.
  const root = collection.unitsRoot;
  const where = (unit: ResolvedUnit) =>
    `${root ? relative(root, unit.origin.file) : unit.origin.file}:${unit.origin.line}:${unit.origin.column}`;
  const add = (unit: ResolvedUnit, disabled: boolean) => {
    const earlier = seen.get(unit.id);
    if (earlier) {
      const child = unit.parent !== undefined || earlier.parent !== undefined;
      diagnostics.push(
        createDiagnostic(
          "error",
          child ? "HANDLE_COLLISION" : "DUPLICATE_ID",
          `unit ID "${unit.id}" is already declared at ${where(earlier)}`,
          unit.origin,
          child
            ? `a plural child's handle is <parent>${"__"}<child>: rename the child or the other unit`
            : "unit IDs must be unique: rename one of them",
        ),
      );
      return;
    }
    seen.set(unit.id, unit);
    if (disabled) disabledIds.add(unit.id);
  };
  const config = collection.config;
  if (config && valid.has(config)) {
    const invalid = invalidEntries.get(config);
    for (const [unit, disabled] of configUnits(config, settings))
      if (!invalid?.has(unit.id)) add(unit, disabled);
  }
  for (const document of collection.units) {
    if (!valid.has(document)) continue;
    for (const [unit, disabled] of unitFileUnits(document, settings)) add(unit, disabled);
  }
  return [...seen.values()].filter((u) => !disabledIds.has(u.id));
}

function origin(document: LoadedDocument, pointer: string) {
  const at = pointer === "" ? document.sourceMap.locate("") : document.sourceMap.locateKey(pointer);
  return { scope: document.scope, file: document.file, pointer, line: at.line, column: at.column };
}

function pick<T>(...values: unknown[]): T | undefined {
  return values.find((v) => v !== undefined) as T | undefined;
}

function split(entry: Data): { unit: Data; backend: Data } {
  const unit: Data = {};
  const backend: Data = {};
  for (const [key, value] of Object.entries(entry)) (UNIT_FIELDS.has(key) ? unit : backend)[key] = value;
  return { unit, backend };
}

function buildUnit<K extends BackendKind>(
  id: string,
  kind: K,
  own: Data,
  inherited: Data,
  backend: Data,
  settings: ResolvedSettings,
  document: LoadedDocument,
  pointer: string,
  backendPointer = pointer,
): ResolvedUnit {
  // Only documents that passed schema validation reach resolve: the block is its kind's schema type.
  const declared = backend as BackendFields[K];
  const optional: Partial<UnitFields> = {};
  for (const key of [
    "useWhen",
    "avoidWhen",
    "projectBinding",
    "catalog",
    "confirm",
    "audit",
    "searchHints",
  ] as const) {
    const value = pick(own[key], inherited[key]);
    if (value !== undefined) (optional as Data)[key] = value;
  }
  // A child's setup commands and runtime features add to its parent's, as its tags do.
  for (const key of ["setup", "runtime"] as const) {
    const value = mergeUnitField(inherited[key], own[key]);
    if (value !== undefined) optional[key] = value;
  }
  const exposure = pick<Exposure>(own.exposure, inherited.exposure);
  if (exposure === undefined && !settings.options.exposureSet) optional.exposureDefaulted = true;
  const unit: ResolvedUnitOf<K> = {
    id,
    kind,
    name: String(pick(own.name, inherited.name, id)),
    description: String(pick(own.description, inherited.description, "")),
    tags: [...new Set([...((inherited.tags as string[]) ?? []), ...((own.tags as string[]) ?? [])])],
    exposure: exposure ?? settings.options.exposure,
    shadowing: pick<Shadowing>(own.shadowing, inherited.shadowing) ?? "forbid",
    ...optional,
    backend: withDefaults(kind, declared),
    declared,
    baseDir: dirname(document.file),
    origin: origin(document, pointer),
    source: { map: document.sourceMap, backendPointer },
  };
  // A unit of kind K is one member of the union; TypeScript cannot pick the member for a generic K.
  return unit as ResolvedUnit;
}

function* configUnits(
  document: LoadedConfigFile,
  settings: ResolvedSettings,
): Generator<[ResolvedUnit, boolean]> {
  const config = document.value as Data;
  for (const info of BACKENDS) {
    const entries = config[info.configMap];
    if (!isObject(entries)) continue;
    for (const [id, entry] of Object.entries(entries)) {
      if (!isObject(entry)) continue;
      const { unit, backend } = split(entry);
      const pointer = joinPointer(`/${info.configMap}`, id);
      yield [
        buildUnit(id, info.kind, unit, {}, backend, settings, document, pointer),
        entry.disabled === true,
      ];
    }
  }
}

function* unitFileUnits(
  document: LoadedUnitFile,
  settings: ResolvedSettings,
): Generator<[ResolvedUnit, boolean]> {
  const frontmatter = document.value as Data;
  const { unit: parentFields } = split(frontmatter);
  for (const block of unitFileBackends(frontmatter)) {
    if (!block.plural) {
      const { unit: blockFields, backend } = split(block.value);
      const own = { ...parentFields, ...blockFields };
      yield [
        buildUnit(
          document.id,
          block.info.kind,
          own,
          {},
          backend,
          settings,
          document,
          "",
          `/${block.property}`,
        ),
        block.value.disabled === true,
      ];
      continue;
    }
    for (const [childId, child] of Object.entries(block.value)) {
      if (!isObject(child)) continue;
      const { unit: childFields, backend } = split(child);
      if (backend.auth === undefined && frontmatter.auth !== undefined) backend.auth = frontmatter.auth;
      const pointer = joinPointer(`/${block.property}`, childId);
      const resolved = buildUnit(
        childHandle(document.id, childId),
        block.info.kind,
        childFields,
        parentFields,
        backend,
        settings,
        document,
        pointer,
      );
      resolved.parent = { id: document.id, childId };
      yield [resolved, child.disabled === true];
    }
  }
}
