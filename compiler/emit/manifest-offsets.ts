/**
 * `manifest-offsets.json` (read by `runtime/contract/manifest-slice.ts`): where each operation and shared
 * schema lies in the manifest's text as `manifest-compact.ts` lays it out, one of them per line,
 * flush left, under a unit's `"operations": [` or `"schemas": {` line; and where the list of its
 * GraphQL document parts lies, whole (an operation's document may need any of them).
 */
import {
  type ByteRange,
  MANIFEST_OFFSETS_FORMAT,
  type ManifestOffsets,
  type OffsetsUnit,
} from "../../runtime/contract/manifest-slice.js";

type Data = Record<string, unknown>;

const UNIT_LINE = "    {";
/** The line that opens a unit's document parts (one per line, flush left) and the line that closes them. */
const PARTS_LINE = '      "documentParts": [';
const PARTS_END = "      ]";

/** Adds an operation's line (`{…}` whole, in compile's layout only); false when the line is not one. */
function addOperation(found: OffsetsUnit, op: Data | undefined, body: string, offset: number): boolean {
  if (!op || !body.startsWith("{") || !body.endsWith("}")) return false;
  const name = op.name as string;
  const range: [number, number] = [offset, offset + Buffer.byteLength(body)];
  // The manifest writes a tsName only where it is not the derived one; so does the table.
  found.operations.push(typeof op.tsName === "string" ? [name, ...range, op.tsName] : [name, ...range]);
  return true;
}

/** Adds a shared schema's line (`"name": …` on one line); false when the line is not the expected one. */
function addSchema(found: OffsetsUnit, name: string | undefined, body: string, offset: number): boolean {
  const prefix = `${JSON.stringify(name)}: `;
  if (name === undefined || !body.startsWith(prefix) || /[{[]$/.test(body)) return false;
  found.schemas[name] = [offset + Buffer.byteLength(prefix), offset + Buffer.byteLength(body)] as ByteRange;
  return true;
}

/** Every operation and schema found where the layout puts it, or no table at all (readers then read the manifest). */
function allFound(rawUnits: Data[], units: OffsetsUnit[]): boolean {
  return rawUnits.every((raw, i) => {
    const found = units[i] as OffsetsUnit;
    return (
      found.operations.length === (raw.operations as Data[]).length &&
      (found.documentParts !== undefined) === (raw.documentParts !== undefined) &&
      Object.keys(found.schemas).length === Object.keys((raw.schemas as Data | undefined) ?? {}).length
    );
  });
}

/** The table's text: one line per unit's fields and per operation, so a diff of the table reads. */
function offsetsText(text: string, top: Data, units: OffsetsUnit[]): string {
  const table: ManifestOffsets = {
    format: MANIFEST_OFFSETS_FORMAT,
    manifestBytes: Buffer.byteLength(text),
    manifest: top,
    units,
  };
  const unitText = (u: OffsetsUnit) =>
    `{"unit":${JSON.stringify(u.unit)},\n"schemas":${JSON.stringify(u.schemas)},\n${u.documentParts ? `"documentParts":${JSON.stringify(u.documentParts)},\n` : ""}"operations":[\n${u.operations.map((op) => JSON.stringify(op)).join(",\n")}\n]}`;
  const head = JSON.stringify({ ...table, units: undefined }).slice(0, -1);
  return `${head},"units":[\n${table.units.map(unitText).join(",\n")}\n]}\n`;
}

/** The text of `manifest-offsets.json` for the text of `manifest.json`; undefined if it is not laid out as expected. */
export function manifestOffsetsFile(text: string): string | undefined {
  const { units: rawUnits, ...top } = JSON.parse(text) as Data & { units: Data[] };
  const units: OffsetsUnit[] = rawUnits.map(
    ({ operations: _ops, schemas: _s, documentParts: _d, ...unit }) => ({
      unit: unit as OffsetsUnit["unit"],
      operations: [],
      schemas: {},
    }),
  );
  let unit = -1;
  let section: "operations" | "schemas" | "documentParts" | undefined;
  let count = 0;
  let offset = 0;
  // The shared schemas' names of the unit being read, listed once: not again for each schema line
  // (Microsoft Graph's 4,500 schemas made that seconds of the compile).
  let schemaNames: string[] = [];
  let partsStart = 0;
  for (const line of text.split("\n")) {
    if (line === UNIT_LINE) {
      unit++;
      section = undefined;
      schemaNames = Object.keys(((rawUnits[unit] as Data | undefined)?.schemas as Data | undefined) ?? {});
    } else if (line === PARTS_LINE) {
      section = "documentParts";
      partsStart = offset + PARTS_LINE.length - 1;
    } else if (section === "documentParts" && line.startsWith(PARTS_END)) {
      (units[unit] as OffsetsUnit).documentParts = [partsStart, offset + PARTS_END.length];
      section = undefined;
    } else if (section === "documentParts") {
      // A part's line: the whole list is read at once.
    } else if (/^ {6}"/.test(line)) {
      section =
        line === '      "operations": ['
          ? "operations"
          : line === '      "schemas": {'
            ? "schemas"
            : undefined;
      count = 0;
    } else if (section !== undefined && line !== "" && !line.startsWith(" ")) {
      const body = line.endsWith(",") ? line.slice(0, -1) : line;
      const found = units[unit] as OffsetsUnit;
      const ok =
        section === "operations"
          ? addOperation(found, ((rawUnits[unit] as Data).operations as Data[])[count++], body, offset)
          : addSchema(found, schemaNames[count++], body, offset);
      if (!ok) return undefined;
    }
    offset += Buffer.byteLength(line) + 1;
  }
  if (!allFound(rawUnits, units) || unit !== rawUnits.length - 1) return undefined;
  return offsetsText(text, top, units);
}
