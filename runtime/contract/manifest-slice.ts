/**
 * One operation's manifest, read out of `manifest.json` without parsing all of it. The compiler lays
 * the manifest out with one operation and one shared schema per line under a unit's
 * `"operations": [` or `"schemas": {` line (`compiler/emit/manifest-compact.ts`); reading finds where
 * each lies by scanning the lines, parses the rest (the manifest's and each unit's other fields, a
 * few lines) and then only the lines one operation needs. `unitc call` and `unitc inspect unit.op`
 * use it: parsing all of GitHub REST's manifest in a new process takes tens of milliseconds, finding
 * the lines a few. Where found is worked out at each read, not stored beside the manifest, so it
 * cannot be stale; a manifest laid out otherwise is no index, and readers parse all of it.
 */
import { readFileSync } from "node:fs";
import type { JsonSchema } from "./manifest.js";
import { derivedTsName } from "./manifest-derived.js";
import { reachedDefs } from "./schema-defs.js";

/** A byte range of the manifest: [start, end). */
export type ByteRange = [number, number];

type Data = Record<string, unknown>;

/** Where one operation lies, with its source and TypeScript names as its line starts. */
interface OperationEntry {
  name: string;
  tsName: string;
  range: ByteRange;
}

/** One unit as the scan finds it. */
interface ScannedUnit {
  /** The unit's fields but `operations` and `schemas`. */
  fields: Data & { id: string };
  operations: OperationEntry[];
  /** Where each shared schema's value lies. */
  schemas: Map<string, ByteRange>;
}

/** A manifest read through its layout: the unit IDs, and one operation's manifest on demand. */
export interface ManifestIndex {
  unitIds: string[];
  /**
   * A manifest (unchecked, as `manifest.json` holds it) of unit `unitId` with only operation `name`
   * (source or TypeScript name, the first declared wins, as the runtime looks it up) and the shared
   * schemas it reaches; undefined when there is no such unit or operation, or a slice is unreadable.
   */
  slice(unitId: string, name: string): unknown;
}

const NEWLINE = 0x0a;
const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const UNITS_LINE = '  "units": [';
const TOP_LINE = /^ {2}"/;
const UNIT_LINE = "    {";
const SECTIONS: Record<string, "operations" | "schemas"> = {
  '      "operations": [': "operations",
  '      "schemas": {': "schemas",
};
/** How deep entries were indented before they were written flush left (older bundles). */
const ENTRY_INDENT = 8;
const NAME_KEY = Buffer.from('{"name":');
const TS_NAME_KEY = Buffer.from(',"tsName":');

/** The end (after the closing quote) of the JSON string opening at `at`, or -1. */
function stringEnd(bytes: Buffer, at: number, limit: number): number {
  if (bytes[at] !== QUOTE) return -1;
  for (let i = at + 1; i < limit; i++) {
    if (bytes[i] === BACKSLASH) i++;
    else if (bytes[i] === QUOTE) return i + 1;
  }
  return -1;
}

/** The JSON string at `at` and where it ends, or undefined. */
function stringAt(bytes: Buffer, at: number, limit: number): [string, number] | undefined {
  const end = stringEnd(bytes, at, limit);
  return end < 0 ? undefined : [JSON.parse(bytes.toString("utf8", at, end)) as string, end];
}

/** Where an entry line's text starts: flush left, or at the older eight spaces; -1 when not an entry. */
function entryStart(bytes: Buffer, start: number, end: number): number {
  if (start < end && bytes[start] !== SPACE) return start;
  for (let i = start; i < start + ENTRY_INDENT; i++) if (bytes[i] !== SPACE) return -1;
  const at = start + ENTRY_INDENT;
  return at < end && bytes[at] !== SPACE ? at : -1;
}

/** An operation's line as far as its names; the rest is parsed when the operation is sliced. */
function operationEntry(bytes: Buffer, at: number, end: number): OperationEntry | undefined {
  if (!bytes.subarray(at, at + NAME_KEY.length).equals(NAME_KEY)) return undefined;
  const name = stringAt(bytes, at + NAME_KEY.length, end);
  if (!name) return undefined;
  const afterName = name[1];
  const hasTsName = bytes.subarray(afterName, afterName + TS_NAME_KEY.length).equals(TS_NAME_KEY);
  const tsName = hasTsName ? stringAt(bytes, afterName + TS_NAME_KEY.length, end)?.[0] : undefined;
  return { name: name[0], tsName: tsName ?? derivedTsName(name[0]), range: [at, end] };
}

function schemaEntry(bytes: Buffer, at: number, end: number): [string, ByteRange] | undefined {
  const key = stringAt(bytes, at, end);
  if (!key || bytes[key[1]] !== 0x3a || bytes[key[1] + 1] !== SPACE) return undefined;
  return [key[0], [key[1] + 2, end]];
}

/** The top fields and units of a manifest laid out as the compiler writes it, or undefined. */
function scan(bytes: Buffer): { top: Data; units: ScannedUnit[] } | undefined {
  const rest: string[] = [];
  const units: Array<Omit<ScannedUnit, "fields">> = [];
  let section: "operations" | "schemas" | undefined;
  let inUnits = false;
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    const at = section === undefined ? -1 : entryStart(bytes, start, end);
    const unit = units.at(-1);
    if (at >= 0 && unit) {
      const stop = bytes[end - 1] === COMMA ? end - 1 : end;
      if (section === "operations") {
        const entry = operationEntry(bytes, at, stop);
        if (!entry) return undefined;
        unit.operations.push(entry);
      } else {
        const entry = schemaEntry(bytes, at, stop);
        if (!entry) return undefined;
        unit.schemas.set(...entry);
      }
    } else {
      const line = bytes.toString("utf8", start, end);
      if (TOP_LINE.test(line)) inUnits = line === UNITS_LINE;
      if (inUnits && line === UNIT_LINE) units.push({ operations: [], schemas: new Map() });
      // A section runs from its opening line to the next line that is not an entry (its closing one).
      section = Object.hasOwn(SECTIONS, line) ? SECTIONS[line] : undefined;
      rest.push(line);
    }
    start = end + 1;
  }
  return withFields(rest.join("\n"), units);
}

/** The units with their other fields, read from what is left of the manifest once its entries are out. */
function withFields(
  rest: string,
  units: Array<Omit<ScannedUnit, "fields">>,
): { top: Data; units: ScannedUnit[] } | undefined {
  const { units: bare, ...top } = JSON.parse(rest) as Data & { units?: unknown };
  if (!Array.isArray(bare) || bare.length !== units.length) return undefined;
  const scanned: ScannedUnit[] = [];
  for (const [i, raw] of bare.entries()) {
    const { operations, schemas, ...fields } = (raw ?? {}) as Data;
    const found = units[i] as Omit<ScannedUnit, "fields">;
    // Every operation and schema was on a line of its own, or the layout is not the compiler's.
    const empty = (value: unknown) => value === undefined || Object.keys(value as object).length === 0;
    if (typeof fields.id !== "string" || !Array.isArray(operations) || !empty(operations) || !empty(schemas))
      return undefined;
    scanned.push({ ...found, fields: fields as ScannedUnit["fields"] });
  }
  return { top, units: scanned };
}

function parseRange(bytes: Buffer, [start, end]: ByteRange): unknown {
  return JSON.parse(bytes.toString("utf8", start, end));
}

function sliceOf(bytes: Buffer, top: Data, unit: ScannedUnit | undefined, name: string): unknown {
  const entry = unit?.operations.find((e) => e.name === name || e.tsName === name);
  if (!unit || !entry) return undefined;
  try {
    const op = parseRange(bytes, entry.range) as Data;
    // A TypeScript name written later in the line than the scan looks (an older layout) is no match.
    const tsName = op.tsName ?? (typeof op.name === "string" ? derivedTsName(op.name) : undefined);
    if (op.name !== entry.name || tsName !== entry.tsName) return undefined;
    const lookup = (def: string): JsonSchema | undefined => {
      const range = unit.schemas.get(def);
      return range === undefined ? undefined : (parseRange(bytes, range) as JsonSchema);
    };
    const schemas = Object.fromEntries(reachedDefs([op.inputSchema, op.outputSchema], lookup));
    const sliced = {
      ...unit.fields,
      operations: [op],
      ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
    };
    return { ...top, units: [sliced] };
  } catch {
    return undefined;
  }
}

/**
 * The manifest at `manifestPath` read through its layout, or undefined when it is unreadable or not
 * laid out as the compiler writes it (read the whole manifest then: its errors say what is wrong).
 */
export function readManifestIndex(manifestPath: string): ManifestIndex | undefined {
  let found: ReturnType<typeof scan>;
  let bytes: Buffer;
  try {
    bytes = readFileSync(manifestPath);
    found = scan(bytes);
  } catch {
    return undefined;
  }
  if (!found) return undefined;
  const { top, units } = found;
  return {
    unitIds: units.map((u) => u.fields.id),
    slice: (unitId, name) =>
      sliceOf(
        bytes,
        top,
        units.find((u) => u.fields.id === unitId),
        name,
      ),
  };
}
