/**
 * The served catalogue: units as agents see them, whether they come from this bundle's manifest or
 * from an upstream unitc instance. Metadata only: connections and invocation details stay with the
 * source that calls the operation.
 */
import type {
  Exposure,
  Manifest,
  ManifestOperation,
  ManifestUnit,
  Shadowing,
  ToolAnnotations,
  UnitCatalog,
  UnitDescription,
} from "../../contract/manifest.js";
import { shownText } from "../../shared/shown-text.js";

/** Bumped when the catalogue an instance hands to stacked instances changes incompatibly. */
export const CATALOG_FORMAT = 1;

/** An operation as served. `invoke` keeps only what a call signature needs. */
export interface CatalogOperation {
  name: string;
  tsName: string;
  description: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: ToolAnnotations;
  invoke?: { kind: string; output?: unknown; method?: string };
  schemaHash: string;
}

/** A unit as served. */
export interface CatalogUnit extends UnitDescription {
  sourceHash: string;
  /** The unit's catalog metadata, as its manifest (or upstream) gives it. */
  catalog?: UnitCatalog;
  /** Search limits of the unit set that brought the unit in, where it set them. */
  searchLimits?: { defaultSearchLimit?: number; maxSearchLimit?: number };
  operations: CatalogOperation[];
  /** Served only to sessions with a project root (see `project-binding.ts`). */
  projectBinding?: { required: true };
}

/** What `unitc/catalog` answers: the units an instance serves, under the IDs it serves them. */
export interface Catalog {
  format: typeof CATALOG_FORMAT;
  units: CatalogUnit[];
}

/** Where a served unit comes from: this bundle, the user's own bundle, or the upstream instance at `url`. */
export type SourceRef = { kind: "local" } | { kind: "user" } | { kind: "upstream"; url: string };

/** A unit as this instance serves it: `id` is what agents see, `unit.id` the ID in its source. */
export interface ServedUnit {
  id: string;
  source: SourceRef;
  unit: CatalogUnit;
}

const EXPOSURES = new Set<Exposure>([
  "direct",
  "progressive",
  "code_mode",
  "direct_and_code_mode",
  "progressive_and_code_mode",
]);
/** Longest description served; longer ones are cut (metadata a downstream sends is bounded). */
const MAX_DESCRIPTION = 4_000;
/** Strips invisible characters and bounds the length of text shown to agents. */
export function cleanText(text: string, max = MAX_DESCRIPTION): string {
  const clean = shownText(text, []);
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

export { hasCodeMode, hasDirect, hasProgressive } from "../../contract/manifest.js";

function catalogOperation(operation: ManifestOperation): CatalogOperation {
  const invoke = operation.invoke as { kind: string; output?: unknown; method?: unknown };
  // The HTTP method stays: a read-only serve token lets GET and HEAD operations through.
  const method = typeof invoke.method === "string" ? { method: invoke.method } : {};
  return {
    name: operation.name,
    tsName: operation.tsName,
    description: cleanText(operation.description),
    inputSchema: operation.inputSchema,
    ...(operation.outputSchema !== undefined ? { outputSchema: operation.outputSchema } : {}),
    ...(operation.annotations ? { annotations: operation.annotations } : {}),
    invoke:
      invoke.output === undefined
        ? { kind: invoke.kind, ...method }
        : { kind: invoke.kind, output: invoke.output, ...method },
    schemaHash: operation.schemaHash,
  };
}

/** The catalogue view of a manifest unit. */
export function catalogUnit(unit: ManifestUnit): CatalogUnit {
  return {
    id: unit.id,
    name: cleanText(unit.name, 200),
    description: cleanText(unit.description),
    tags: unit.tags,
    exposure: unit.exposure,
    shadowing: unit.shadowing,
    ...(unit.useWhen ? { useWhen: cleanText(unit.useWhen, 500) } : {}),
    ...(unit.avoidWhen ? { avoidWhen: cleanText(unit.avoidWhen, 500) } : {}),
    ...readUnitCatalog(unit.catalog),
    sourceHash: unit.sourceHash,
    ...setLimits(unit.unitSet),
    operations: unit.operations.map(catalogOperation),
    ...(unit.projectBinding?.required === true ? { projectBinding: { required: true as const } } : {}),
  };
}

/** `catalog` with a string icon, or nothing: an upstream's is not trusted to be well formed. */
function readUnitCatalog(from: unknown): Pick<CatalogUnit, "catalog"> {
  if (!isRecord(from) || typeof from.icon !== "string") return {};
  return { catalog: { icon: from.icon } };
}

/**
 * The MCP `icons` of a unit's tools: its catalog icon when that is an HTTPS URL. A file icon is
 * left out, since the client cannot fetch a file from the serving machine.
 */
export function unitIcons(unit: CatalogUnit): { icons?: { src: string }[] } {
  const icon = unit.catalog?.icon;
  if (icon === undefined || !URL.canParse(icon) || new URL(icon).protocol !== "https:") return {};
  return { icons: [{ src: icon }] };
}

/** `searchLimits` from a unit set's (or an upstream's) settings: positive integers only. */
function setLimits(from: unknown): Pick<CatalogUnit, "searchLimits"> {
  if (!isRecord(from)) return {};
  const limits: NonNullable<CatalogUnit["searchLimits"]> = {};
  for (const key of ["defaultSearchLimit", "maxSearchLimit"] as const) {
    const value = from[key];
    if (typeof value === "number" && Number.isInteger(value) && value > 0) limits[key] = value;
  }
  return Object.keys(limits).length > 0 ? { searchLimits: limits } : {};
}

/** The local units of a manifest. */
export function localUnits(manifest: Manifest): CatalogUnit[] {
  return manifest.units.map(catalogUnit);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks one catalogue unit from an upstream; its texts are cleaned like local ones. */
function checkUnit(value: unknown): CatalogUnit | undefined {
  if (!isRecord(value) || typeof value.id !== "string" || !Array.isArray(value.operations)) return undefined;
  if (!/^[a-zA-Z0-9_-]{1,200}$/.test(value.id)) return undefined;
  const exposure = EXPOSURES.has(value.exposure as Exposure) ? (value.exposure as Exposure) : "code_mode";
  const shadowing = ["forbid", "allow", "namespace"].includes(value.shadowing as string)
    ? (value.shadowing as Shadowing)
    : "forbid";
  const operations = value.operations.filter(
    (op): op is CatalogOperation =>
      isRecord(op) && typeof op.name === "string" && typeof op.tsName === "string" && "inputSchema" in op,
  );
  const { searchLimits: _unchecked, catalog: _raw, ...unit } = value as unknown as CatalogUnit;
  return {
    ...unit,
    ...setLimits(value.searchLimits),
    ...readUnitCatalog(value.catalog),
    name: cleanText(String(value.name ?? value.id), 200),
    description: cleanText(String(value.description ?? "")),
    tags: Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === "string") : [],
    exposure,
    shadowing,
    sourceHash: String(value.sourceHash ?? ""),
    operations: operations.map((op) => ({ ...op, description: cleanText(String(op.description ?? "")) })),
  };
}

/** Reads an upstream's catalogue answer; units that are not well formed are left out. */
export function readCatalog(value: unknown): CatalogUnit[] {
  if (!isRecord(value) || value.format !== CATALOG_FORMAT || !Array.isArray(value.units)) {
    throw new Error(`the upstream did not answer a unitc catalogue of format ${CATALOG_FORMAT}`);
  }
  return value.units.map(checkUnit).filter((u): u is CatalogUnit => u !== undefined);
}

/** The catalogue this instance hands on: every served unit under its served ID. */
export function catalogOf(units: readonly ServedUnit[]): Catalog {
  return { format: CATALOG_FORMAT, units: units.map((served) => ({ ...served.unit, id: served.id })) };
}
