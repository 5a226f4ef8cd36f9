/**
 * `manifest-offsets.json`, written beside `manifest.json` at compile time: the manifest's top fields,
 * each unit's fields but its operations, shared schemas and document parts, and where each operation,
 * each shared schema and the list of document parts lies in the manifest (in bytes; the manifest
 * holds one operation or schema per line). `unitc call` and `unitc inspect unit.op` read it and then
 * only the slices one operation needs, not the whole manifest (3.3 MB for GitHub REST, a hundred
 * milliseconds and more to read and parse in a new process). It records the manifest's size: a
 * table beside a manifest of another size is stale, and readers fall back to the manifest. This
 * module only reads; `compiler/emit/manifest-offsets.ts` writes the table.
 */
import { closeSync, openSync, readSync } from "node:fs";
import type { JsonSchema } from "./manifest.js";
import { derivedTsName } from "./manifest-derived.js";
import { readBesideManifest } from "./manifest-sidecar.js";
import { reachedDefs } from "./schema-defs.js";

/** The table's file name, beside the manifest. */
export const MANIFEST_OFFSETS_FILE = "manifest-offsets.json";

/**
 * Bumped when the table changes incompatibly; another format is ignored like a stale one. Format 2
 * writes an operation's TypeScript name only where it is not the one derived from its name; format
 * 1, beside older manifests, always wrote it and is still read.
 */
export const MANIFEST_OFFSETS_FORMAT = 2;
const READABLE_FORMATS: readonly unknown[] = [1, MANIFEST_OFFSETS_FORMAT];

/** A byte range of the manifest: [start, end). */
export type ByteRange = [number, number];

/** Where one operation lies, as the table writes it. */
export type OffsetsEntry = [string, number, number] | [string, number, number, string];

/** One unit as the table holds it. */
export interface OffsetsUnit {
  /** The unit's fields but `operations`, `schemas` and `documentParts`. */
  unit: Record<string, unknown> & { id: string };
  /**
   * Per operation, in the manifest's order: [name, start, end], plus its tsName where that is not
   * {@link derivedTsName} of its name (format 1: [name, tsName, start, end]).
   */
  operations: OffsetsEntry[];
  /** Where each shared schema's value lies. */
  schemas: Record<string, ByteRange>;
  /** Where the unit's list of GraphQL document parts lies, when it has one (format 5 manifests). */
  documentParts?: ByteRange;
}

/** The whole table. */
export interface ManifestOffsets {
  format: typeof MANIFEST_OFFSETS_FORMAT | 1;
  /** The size in bytes of the `manifest.json` this table was made from. */
  manifestBytes: number;
  /** The manifest's fields but `units`. */
  manifest: Record<string, unknown>;
  units: OffsetsUnit[];
}

function isOffsets(value: unknown, manifestBytes: number): value is ManifestOffsets {
  const data = value as Partial<ManifestOffsets> | null;
  return (
    READABLE_FORMATS.includes(data?.format) &&
    data !== null &&
    data.manifestBytes === manifestBytes &&
    typeof data.manifest === "object" &&
    data.manifest !== null &&
    Array.isArray(data.units) &&
    data.units.every(
      (u) =>
        typeof u?.unit?.id === "string" &&
        Array.isArray(u.operations) &&
        typeof u.schemas === "object" &&
        u.schemas !== null,
    )
  );
}

/** A manifest read through its offsets table: the unit IDs, and one operation's manifest on demand. */
export interface ManifestIndex {
  unitIds: string[];
  /**
   * A manifest (unchecked, as `manifest.json` holds it) of unit `unitId` with only operation `name`
   * (source or TypeScript name, the first declared wins, as the runtime looks it up) and the shared
   * schemas it reaches; undefined when there is no such unit or operation, or a slice is unreadable.
   */
  slice(unitId: string, name: string): unknown;
}

function readRange(fd: number, [start, end]: ByteRange, manifestBytes: number): unknown {
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    end > manifestBytes ||
    end < start
  ) {
    throw new Error("range outside the manifest");
  }
  const buffer = Buffer.alloc(end - start);
  readSync(fd, buffer, 0, end - start, start);
  return JSON.parse(buffer.toString("utf8"));
}

/** An entry's name, TypeScript name and byte range, whichever format wrote it. */
function entryOf(entry: unknown[], format: number): { name: string; tsName: string; range: ByteRange } {
  const [name, second, third, fourth] = entry as [string, unknown, unknown, unknown];
  if (format === 1) return { name, tsName: second as string, range: [third as number, fourth as number] };
  return {
    name,
    tsName: (fourth as string | undefined) ?? derivedTsName(name),
    range: [second, third] as ByteRange,
  };
}

function sliceOf(path: string, offsets: ManifestOffsets, unitId: string, name: string): unknown {
  const unit = offsets.units.find((u) => u.unit.id === unitId);
  const entry = unit?.operations
    .map((e) => entryOf(e, offsets.format))
    .find((e) => e.name === name || e.tsName === name);
  if (!unit || !entry) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const op = readRange(fd, entry.range, offsets.manifestBytes) as Record<string, unknown>;
    const tsName = op?.tsName ?? (typeof op?.name === "string" ? derivedTsName(op.name) : undefined);
    if (op?.name !== entry.name || tsName !== entry.tsName) return undefined;
    const opened = fd;
    const lookup = (def: string): JsonSchema | undefined =>
      Object.hasOwn(unit.schemas, def)
        ? (readRange(opened, unit.schemas[def] as ByteRange, offsets.manifestBytes) as JsonSchema)
        : undefined;
    const schemas = Object.fromEntries(reachedDefs([op.inputSchema, op.outputSchema], lookup));
    // The parts are read whole: which ones a document needs shows only once they are read.
    const parts = unit.documentParts && readRange(fd, unit.documentParts, offsets.manifestBytes);
    const sliced = {
      ...unit.unit,
      operations: [op],
      ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
      ...(parts !== undefined ? { documentParts: parts } : {}),
    };
    return { ...offsets.manifest, units: [sliced] };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The offsets table beside the manifest at `manifestPath`, or undefined when it is missing,
 * unreadable, of another format, or made from a manifest of another size (read the manifest then).
 */
export function readManifestIndex(manifestPath: string): ManifestIndex | undefined {
  const data = readBesideManifest(manifestPath, MANIFEST_OFFSETS_FILE, isOffsets);
  if (!data) return undefined;
  return {
    unitIds: data.units.map((u) => u.unit.id),
    slice: (unitId, name) => sliceOf(manifestPath, data, unitId, name),
  };
}
