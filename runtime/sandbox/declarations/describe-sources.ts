/**
 * Where a range of a unit's expanded declaration lies in the unit's own files: its generated types
 * (`spec-types.ts`) and `types.ts` are rewritten line by line into the declaration (indented, `export`
 * dropped; spec-types-link.ts), so a range that starts at a line's start or past its rewritten prefix
 * is a byte range of one file, which `restoreLines` turns back into the declaration's text. The
 * describe files (describe-file.ts) store such ranges instead of copying the text.
 */
import { type LineKind, linePrefixes, type SourceRegion } from "./spec-types-link.js";

/** A byte range of one of a unit's files, and whether it starts inside a line. */
export interface FileRange {
  path: string;
  kind: LineKind;
  start: number;
  length: number;
  midLine: boolean;
}

/** The starts of the lines of `text` from `from` to `to` (absolute offsets; `from` is one). */
function lineStarts(text: string, from: number, to: number): number[] {
  const starts = [from];
  for (let at = text.indexOf("\n", from); at >= 0 && at + 1 < to; at = text.indexOf("\n", at + 1)) {
    starts.push(at + 1);
  }
  return starts;
}

/** The index of the last of the sorted `starts` not past `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Byte offsets of a text's characters (one past the end included), or undefined when all are ASCII. */
function byteOffsets(text: string): Uint32Array | undefined {
  if (Buffer.byteLength(text) === text.length) return undefined;
  const offsets = new Uint32Array(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    offsets[i] = bytes;
    const code = text.charCodeAt(i);
    // A surrogate pair is four bytes, counted at its first half.
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) bytes += 4;
    else if (code < 0xdc00 || code >= 0xe000) bytes += 3;
  }
  offsets[text.length] = bytes;
  return offsets;
}

interface Mapped {
  region: SourceRegion;
  file: string;
  bytes: Uint32Array | undefined;
  /** Line starts in the expanded text and in the file, line for line. */
  written: number[];
  read: number[];
}

/** Finds ranges of one unit's expanded text in the unit's files. */
export class DeclarationSources {
  readonly #mapped: Mapped[];

  /** `files` are the files the regions name, by path, as `read` gave them. */
  constructor(text: string, regions: readonly SourceRegion[], files: ReadonlyMap<string, string>) {
    this.#mapped = [];
    for (const region of regions) {
      const file = files.get(region.path);
      if (file === undefined) continue;
      const written = lineStarts(text, region.start, region.end);
      const read = lineStarts(file, region.from, file.length);
      if (read.length < written.length) continue;
      this.#mapped.push({ region, file, bytes: byteOffsets(file), written, read });
    }
  }

  /** Where the expanded text's [start, end) lies in a file; undefined when it is no file's. */
  locate(start: number, end: number): FileRange | undefined {
    const mapped = this.#mapped.find((m) => m.region.start <= start && end <= m.region.end);
    if (!mapped) return undefined;
    const from = this.#fileOffset(mapped, start);
    const to =
      end === mapped.region.end ? { at: mapped.file.length, lineStart: true } : this.#fileOffset(mapped, end);
    if (from === undefined || to === undefined || to.at < from.at) return undefined;
    const byte = (at: number) => (mapped.bytes ? (mapped.bytes[at] as number) : at);
    return {
      path: mapped.region.path,
      kind: mapped.region.kind,
      start: byte(from.at),
      length: byte(to.at) - byte(from.at),
      midLine: !from.lineStart,
    };
  }

  /** The file offset of an offset of the expanded text: at a line's start or past its prefix. */
  #fileOffset(mapped: Mapped, offset: number): { at: number; lineStart: boolean } | undefined {
    const line = lineOf(mapped.written, offset);
    const written = mapped.written[line] as number;
    const read = mapped.read[line] as number;
    if (offset === written) return { at: read, lineStart: true };
    const lineEnd = mapped.file.indexOf("\n", read);
    const prefix = linePrefixes(
      mapped.region.kind,
      mapped.file.slice(read, lineEnd < 0 ? undefined : lineEnd),
    );
    const column = offset - written;
    if (column < prefix.written) return undefined;
    return { at: read + prefix.read + column - prefix.written, lineStart: false };
  }
}
