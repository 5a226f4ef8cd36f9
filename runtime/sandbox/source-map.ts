/** Just enough of Source Map v3 to map a position in stripped code back to the agent's script. */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGITS = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment's Base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGITS.get(char) ?? 0;
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if (digit & 32) continue;
    fields.push(value & 1 ? -Math.floor(value / 2) : Math.floor(value / 2));
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Per generated line: `[generatedColumn, sourceLine, sourceColumn]`, all 0-based, by column. */
export type DecodedMappings = Array<Array<[number, number, number]>>;

/** Decodes a `mappings` string (a single source is assumed). */
export function decodeMappings(mappings: string): DecodedMappings {
  const lines: DecodedMappings = [];
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const text of mappings.split(";")) {
    const line: Array<[number, number, number]> = [];
    let column = 0;
    for (const segment of text.split(",")) {
      if (segment === "") continue;
      const [dColumn = 0, , dLine, dSourceColumn] = decodeSegment(segment);
      column += dColumn;
      if (dLine === undefined || dSourceColumn === undefined) continue;
      sourceLine += dLine;
      sourceColumn += dSourceColumn;
      line.push([column, sourceLine, sourceColumn]);
    }
    lines.push(line);
  }
  return lines;
}

/** The source position (0-based) of a generated one (0-based), or undefined when unmapped. */
export function originalPosition(
  mappings: DecodedMappings,
  line: number,
  column: number,
): { line: number; column: number } | undefined {
  const segments = mappings[line];
  if (!segments || segments.length === 0) return undefined;
  let best = segments[0] as [number, number, number];
  for (const segment of segments) {
    if (segment[0] > column) break;
    best = segment;
  }
  return { line: best[1], column: best[2] };
}
