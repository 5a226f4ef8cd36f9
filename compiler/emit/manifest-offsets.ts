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
      const end = offset + Buffer.byteLength(body);
      const raw = rawUnits[unit] as Data;
      if (section === "operations") {
        const op = (raw.operations as Data[])[count++];
        // A line holds a whole operation (`{…}`) in compile's layout only.
        if (!op || !body.startsWith("{") || !body.endsWith("}")) return undefined;
        const name = op.name as string;
        const range: [number, number] = [offset, end];
        // The manifest writes a tsName only where it is not the derived one; so does the table.
        (units[unit] as OffsetsUnit).operations.push(
          typeof op.tsName === "string" ? [name, ...range, op.tsName] : [name, ...range],
        );
      } else {
        const name = schemaNames[count++];
        const prefix = `${JSON.stringify(name)}: `;
        if (name === undefined || !body.startsWith(prefix) || /[{[]$/.test(body)) return undefined;
        (units[unit] as OffsetsUnit).schemas[name] = [offset + Buffer.byteLength(prefix), end] as ByteRange;
      }
    }
    offset += Buffer.byteLength(line) + 1;
  }
  // Every operation and schema found where the layout puts it, or no table at all (readers then read the manifest).
  const complete = rawUnits.every((raw, i) => {
    const found = units[i] as OffsetsUnit;
    return (
      found.operations.length === (raw.operations as Data[]).length &&
      (found.documentParts !== undefined) === (raw.documentParts !== undefined) &&
      Object.keys(found.schemas).length === Object.keys((raw.schemas as Data | undefined) ?? {}).length
    );
  });
  if (!complete || unit !== rawUnits.length - 1) return undefined;
  const table: ManifestOffsets = {
    format: MANIFEST_OFFSETS_FORMAT,
    manifestBytes: Buffer.byteLength(text),
    manifest: top,
    units,
  };
  // One line per unit's fields and per operation, so a diff of the table reads.
  const unitText = (u: OffsetsUnit) =>
    `{"unit":${JSON.stringify(u.unit)},\n"schemas":${JSON.stringify(u.schemas)},\n${u.documentParts ? `"documentParts":${JSON.stringify(u.documentParts)},\n` : ""}"operations":[\n${u.operations.map((op) => JSON.stringify(op)).join(",\n")}\n]}`;
  const head = JSON.stringify({ ...table, units: undefined }).slice(0, -1);
  return `${head},"units":[\n${table.units.map(unitText).join(",\n")}\n]}\n`;
}
