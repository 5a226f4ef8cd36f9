/**
 * The manifest: everything the runtime needs to serve a compiled bundle. It is the one contract the
 * compiler and the runtime share; secrets stay references (`env:NAME`, `${NAME}`), never values.
 */
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { withWholeDocuments } from "./document-parts.js";
import { UnitError } from "./errors.js";
import { expandOperation } from "./manifest-derived.js";
import type { JsonSchema, ManifestOperation, ManifestUnit } from "./manifest-types.js";
import { expandSchema, type SharedSchemas } from "./schema-defs.js";

export * from "./manifest-connections.js";
export * from "./manifest-types.js";

/**
 * Bumped when the manifest shape changes incompatibly. Format 2 stores a unit's shared schema
 * definitions once (`unit.schemas`); format 3 also leaves out the operation fields the rest of the
 * operation says (`manifest-derived.ts`); format 4 also stores once a schema repeated with only its
 * description different (`schema-defs.ts` `repeatRef`); format 5 also stores once the text a unit's
 * GraphQL documents repeat (`document-parts.ts`). Formats 1 (every schema self-contained), 2, 3 and
 * 4 are still read.
 */
export const MANIFEST_FORMAT = 5;
/** The first format that leaves out derivable operation fields (later formats do too). */
const DERIVED_FIELDS_FORMAT = 3;
/** The first format that leaves out a GraphQL invoke's operation type and name (format 5 does too). */
const GRAPHQL_NAMES_FORMAT = 4;
/**
 * The format of a manifest that writes every operation field: what reading a format 3, 4 or 5
 * manifest returns, so that checking it again leaves it as it is.
 */
export const FULL_FIELDS_FORMAT = 2;
/** Formats this runtime reads. */
const READABLE_FORMATS: readonly unknown[] = [
  1,
  FULL_FIELDS_FORMAT,
  DERIVED_FIELDS_FORMAT,
  GRAPHQL_NAMES_FORMAT,
  MANIFEST_FORMAT,
];

export interface Manifest {
  /** The format written is {@link MANIFEST_FORMAT}; formats 1 (no shared schemas), 2, 3 and 4 are still read. */
  format:
    | typeof MANIFEST_FORMAT
    | typeof GRAPHQL_NAMES_FORMAT
    | typeof DERIVED_FIELDS_FORMAT
    | typeof FULL_FIELDS_FORMAT
    | 1;
  generator: "unitc";
  settings: { defaultSearchLimit: number; maxSearchLimit: number };
  units: ManifestUnit[];
}

/** A manifest plus the folder its relative paths are resolved against. */
export interface LoadedManifest {
  manifest: Manifest;
  baseDir: string;
  /** The absolute path it was read from. */
  file: string;
}

/**
 * A file's text. When it is all ASCII, as manifests usually are, it is decoded as Latin-1 (the same
 * text): on a large bundle's manifest that takes a fraction of the time UTF-8 decoding does.
 */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
}

/** Reads and checks a manifest file; throws {@link UnitError} `MANIFEST_INVALID` when it is not one. */
export function readManifest(path: string | URL): LoadedManifest {
  // Absolute: paths in the manifest resolve against its folder, whatever the working folder is later.
  const file = resolve(typeof path === "string" ? path : fileURLToPath(path));
  let data: unknown;
  try {
    data = JSON.parse(readText(file));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    const reason = missing ? "no such file" : error instanceof Error ? error.message : String(error);
    throw new UnitError("MANIFEST_INVALID", `cannot read manifest ${file}: ${reason}`, {
      hint: missing
        ? `run unitc compile to produce it; an app built into another folder finds the bundle it was ` +
          `built from, and one shipped without it needs the bundle's JSON files copied into ` +
          `${dirname(file)}, or a manifestPath naming the manifest`
        : "run unitc compile to produce it",
    });
  }
  return { manifest: checkManifest(data, file), baseDir: dirname(file), file };
}

/**
 * Checks the parts of a manifest the runtime relies on; throws `MANIFEST_INVALID` otherwise. The
 * manifest returned has self-contained schemas (shared definitions put back; `data` is not changed).
 */
export function checkManifest(data: unknown, source = "manifest"): Manifest {
  const fail = (why: string): never => {
    throw new UnitError("MANIFEST_INVALID", `${source} is not a unitc manifest: ${why}`, {
      hint: "recompile with the unitc version that serves it",
    });
  };
  if (typeof data !== "object" || data === null) return fail("not an object");
  const record = data as Record<string, unknown>;
  if (record.generator !== "unitc") fail("generator is not unitc");
  if (!READABLE_FORMATS.includes(record.format)) {
    fail(`format ${String(record.format)}, this runtime reads formats ${READABLE_FORMATS.join(", ")}`);
  }
  if (!Array.isArray(record.units)) fail("units is not an array");
  for (const unit of record.units as unknown[]) {
    const u = unit as Partial<ManifestUnit> | null;
    if (typeof u?.id !== "string" || !Array.isArray(u.operations)) fail("a unit lacks id or operations");
    if (u?.operations?.some((op) => typeof op !== "object" || op === null)) {
      fail(`unit ${u.id}: an operation is not an object`);
    }
    if (u?.schemas !== undefined && (typeof u.schemas !== "object" || u.schemas === null)) {
      fail(`unit ${u.id}: schemas is not an object`);
    }
    if (u?.documentParts !== undefined && record.format !== MANIFEST_FORMAT) {
      fail(`unit ${u.id}: documentParts in a format ${String(record.format)} manifest`);
    }
  }
  const manifest = withDerivedFields(data as Manifest);
  if (!manifest.units.some((unit) => unit.schemas !== undefined)) return manifest;
  return { ...manifest, units: manifest.units.map(expandUnit) };
}

/**
 * A format 3, 4 or 5 manifest with the operation fields it leaves out put back (`manifest-derived.ts`)
 * and its GraphQL documents whole (`document-parts.ts`), as a manifest of {@link FULL_FIELDS_FORMAT};
 * its schemas still refer to the shared table. Other formats write every field and are returned as
 * they are.
 */
export function withDerivedFields(manifest: Manifest): Manifest {
  const { format } = manifest;
  if (format !== MANIFEST_FORMAT && format !== GRAPHQL_NAMES_FORMAT && format !== DERIVED_FIELDS_FORMAT)
    return manifest;
  const units = manifest.units.map((unit) => {
    const expanded = {
      ...unit,
      operations: unit.operations.map((op) =>
        expandOperation(
          op as unknown as Record<string, unknown>,
          unit.kind,
          unit.schemas,
          format !== DERIVED_FIELDS_FORMAT,
        ),
      ),
    };
    return format === MANIFEST_FORMAT ? withWholeDocuments(expanded) : expanded;
  });
  return { ...manifest, format: FULL_FIELDS_FORMAT, units };
}

/** A unit whose operations' schemas hold the shared definitions they reach, without the table. */
export function expandUnit(unit: ManifestUnit): ManifestUnit {
  const { schemas, ...rest } = unit;
  if (schemas === undefined) return unit;
  return { ...rest, operations: unit.operations.map((op) => expandLazily(op, schemas)) };
}

/**
 * An operation whose schemas are expanded on first read: a command that lists a large bundle, or
 * calls one operation of it, never pays for expanding every operation's schemas.
 */
function expandLazily(op: ManifestOperation, schemas: SharedSchemas): ManifestOperation {
  const out = { ...op };
  for (const key of ["inputSchema", "outputSchema"] as const) {
    const raw = op[key];
    if (raw === undefined) continue;
    let expanded: JsonSchema | undefined;
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        expanded ??= expandSchema(raw, schemas);
        return expanded;
      },
      set: (value: JsonSchema) => {
        expanded = value;
      },
    });
  }
  return out;
}
