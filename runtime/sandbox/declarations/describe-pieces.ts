/**
 * The pieces of a unit's describe texts (describe-file.ts): the table of distinct pieces, each a
 * byte range of `describe.txt` or of one of the unit's files, and reading an operation's text back
 * from its piece numbers. The writer reads every operation back before it keeps its numbers, so a
 * range the line rewriting would not give back is stored as text instead.
 */
import type { DeclarationSources } from "./describe-sources.js";
import { type BundleReader, type LineKind, restoreLines } from "./spec-types-link.js";
import { type Piece, piecesText } from "./types-excerpt.js";

/**
 * Bumped when the table changes incompatibly; another format is ignored like a stale one. Format 3
 * writes the pieces as one flat list of numbers ({@link encodePieces}); format 2 tables, a
 * `[source, start, length]` array per piece, still read.
 */
export const DESCRIBE_FORMAT = 3;
/** The older format still read: its pieces are written as JSON arrays. */
export const DESCRIBE_FORMAT_ARRAYS = 2;

/** Pieces per line of the written table, so a diff shows where they changed. */
const PIECES_PER_LINE = 64;

/** A range shorter than this is stored as text: a table entry would take more room. */
const MIN_RANGE = 40;

/** One distinct piece: [source, byte start, byte length], and 1 after them when it starts inside a line. */
type PieceEntry = number[];

/** The pieces as read: each by its number (undefined past the end). Arrays are such lists. */
export interface PieceList {
  readonly length: number;
  at(number: number): PieceEntry | undefined;
}

/** The table as read (pieces decoded). */
export interface DescribeIndex {
  format: typeof DESCRIBE_FORMAT | typeof DESCRIBE_FORMAT_ARRAYS;
  /** Each source file's size in bytes, or -1 when the bundle has no such file. */
  sources: Record<string, number>;
  /** The size of `describe.txt` in bytes. */
  textBytes: number;
  /** The files pieces are read from (source 1 on; source 0 is `describe.txt`) and how their lines are rewritten. */
  files: Array<[string, LineKind]>;
  pieces: PieceList;
  /**
   * By TypeScript name, the numbers of the operation's pieces in order, in base 36, space-separated;
   * `a-f` stands for a run of numbers from a to f.
   */
  operations: Record<string, string>;
}

/**
 * The pieces as format 3 writes them: one flat list of numbers, three per piece, in lines of
 * {@link PIECES_PER_LINE} pieces: its kind (source × 2, plus 1 when it starts inside a line), its
 * start as the distance from where the source's previous piece ended (0 for `describe.txt`, whose
 * pieces follow one another), and its length. A third the size of format 2's `[source, start,
 * length]` arrays, and still read by JSON.parse itself (`unitc inspect` reads it in a new process).
 */
export function encodePieces(pieces: readonly PieceEntry[]): string[] {
  const ends: number[] = [];
  const lines: string[] = [];
  for (let at = 0; at < pieces.length; at += PIECES_PER_LINE) {
    const line = pieces.slice(at, at + PIECES_PER_LINE).map(([source, start, length, midLine]) => {
      const gap = (start as number) - (ends[source as number] ?? 0);
      ends[source as number] = (start as number) + (length as number);
      return `${(source as number) * 2 + (midLine === 1 ? 1 : 0)},${gap},${length}`;
    });
    lines.push(line.join(","));
  }
  return lines;
}

/**
 * The pieces {@link encodePieces} wrote (parsed as JSON), or undefined when they are not such a list.
 * Only the starts are worked out ahead, into one typed array: an entry per piece made ahead took
 * `unitc inspect` milliseconds in a new process, for the few pieces one operation reads.
 */
export function decodePieces(numbers: unknown): PieceList | undefined {
  if (!Array.isArray(numbers) || numbers.length % 3 !== 0) return undefined;
  const count = numbers.length / 3;
  const starts = new Float64Array(count);
  const ends: number[] = [];
  for (let number = 0; number < count; number++) {
    const source = numbers[number * 3] >> 1;
    const gap = numbers[number * 3 + 1];
    if (typeof gap !== "number") return undefined;
    const start = (ends[source] ?? 0) + gap;
    starts[number] = start;
    ends[source] = start + numbers[number * 3 + 2];
  }
  return {
    length: count,
    // Not checked here: pieceText checks every number of the entry it is given.
    at: (number) => {
      if (!(number >= 0 && number < count)) return undefined;
      const kind = numbers[number * 3];
      const entry = [kind >> 1, starts[number] as number, numbers[number * 3 + 2]];
      if (!Number.isSafeInteger(kind)) entry[0] = Number.NaN;
      return kind & 1 ? [...entry, 1] : entry;
    },
  };
}

/** Reads `length` bytes at `start` of a source (0: `describe.txt`; n: the table's `files[n - 1]`). */
export type ByteReader = (source: number, start: number, length: number) => Buffer | undefined;

/** The text of one piece; undefined when a range cannot be read. */
function pieceText(
  index: DescribeIndex,
  entry: PieceEntry | undefined,
  read: ByteReader,
): string | undefined {
  if (!Array.isArray(entry)) return undefined;
  const [source, start, length, midLine] = entry;
  if (!Number.isSafeInteger(source) || !Number.isSafeInteger(start) || !Number.isSafeInteger(length)) {
    return undefined;
  }
  const file = source === 0 ? undefined : index.files[(source as number) - 1];
  if ((source as number) < 0 || (source !== 0 && file === undefined)) return undefined;
  const limit = file === undefined ? index.textBytes : (index.sources[file[0]] ?? -1);
  if ((start as number) < 0 || (length as number) < 0 || (start as number) + (length as number) > limit) {
    return undefined;
  }
  const bytes = read(source as number, start as number, length as number);
  if (bytes === undefined) return undefined;
  const text = bytes.toString("utf8");
  return file === undefined ? text : restoreLines(file[1], text, midLine !== 1);
}

/**
 * An operation's text from its piece numbers; undefined when one is unknown or unreadable. `known`
 * keeps each piece read, for reading many operations.
 */
export function operationText(
  index: DescribeIndex,
  numbers: string,
  read: ByteReader,
  known?: Map<number, string>,
): string | undefined {
  let text = "";
  for (const run of numbers.split(" ")) {
    const [first, last = first] = run.split("-").map((number) => Number.parseInt(number, 36)) as [
      number,
      number?,
    ];
    // A run longer than the table is no table's.
    if (!(last - first < index.pieces.length)) return undefined;
    for (let number = first; number <= last; number++) {
      const piece =
        known?.get(number) ?? pieceText(index, number >= 0 ? index.pieces.at(number) : undefined, read);
      if (piece === undefined) return undefined;
      known?.set(number, piece);
      text += piece;
    }
  }
  return text;
}

/** Piece numbers written as {@link operationText} reads them, runs shortened. */
function runs(numbers: readonly number[]): string {
  const written: string[] = [];
  for (let at = 0; at < numbers.length; at++) {
    const first = numbers[at] as number;
    let last = first;
    while (numbers[at + 1] === last + 1) {
      last += 1;
      at += 1;
    }
    written.push(last === first ? first.toString(36) : `${first.toString(36)}-${last.toString(36)}`);
  }
  return written.join(" ");
}

/** Numbers each distinct piece as operations are added; the table and `describe.txt` at the end. */
export class PieceTable {
  readonly files: Array<[string, LineKind]> = [];
  readonly pieces: PieceEntry[] = [];
  readonly #numbers = new Map<string, number>();
  readonly #texts: string[] = [];
  #textBytes = 0;
  /** Each stored text by its byte offset, and each file's bytes, for reading pieces back. */
  readonly #byOffset = new Map<number, string>();
  readonly #fileBytes = new Map<string, Buffer>();
  /** Each piece's text as read back. */
  readonly #read = new Map<number, string>();

  /** `sizes`: the byte size of each of the unit's files, as the table records them. */
  constructor(
    readonly sizes: Record<string, number>,
    readonly sources: DeclarationSources,
    readonly read: BundleReader,
  ) {}

  /** The table as written, with `operations` (each operation's piece numbers). */
  index(operations: Record<string, string>): DescribeIndex {
    const { sizes: sources, textBytes, files, pieces } = this;
    return { format: DESCRIBE_FORMAT, sources, textBytes, files, pieces, operations };
  }

  /** The numbers of an operation's pieces, checked by reading them back. */
  add(unitText: string, pieces: readonly Piece[]): string {
    const numbers = runs(pieces.map((piece) => this.#numberOf(unitText, piece)));
    const text = operationText(this.index({}), numbers, this.readBytes, this.#read);
    const wanted = piecesText(unitText, pieces);
    return text === wanted ? numbers : this.#text(wanted).toString(36);
  }

  get text(): string {
    return this.#texts.join("");
  }

  get textBytes(): number {
    return this.#textBytes;
  }

  readonly readBytes: ByteReader = (source, start, length) => {
    if (source === 0) return Buffer.from(this.#byOffset.get(start) ?? "");
    const path = (this.files[source - 1] as [string, LineKind])[0];
    let bytes = this.#fileBytes.get(path);
    if (!bytes) {
      bytes = Buffer.from(this.read(path) ?? "");
      this.#fileBytes.set(path, bytes);
    }
    return bytes.subarray(start, start + length);
  };

  #numberOf(unitText: string, piece: Piece): number {
    if (typeof piece === "string") return this.#text(piece);
    const located = piece[1] - piece[0] < MIN_RANGE ? undefined : this.sources.locate(piece[0], piece[1]);
    if (!located) return this.#text(unitText.slice(piece[0], piece[1]));
    let source = this.files.findIndex(([path]) => path === located.path) + 1;
    if (source === 0) source = this.files.push([located.path, located.kind]);
    const entry = [source, located.start, located.length, ...(located.midLine ? [1] : [])];
    return this.#number(entry.join(","), entry);
  }

  #text(text: string): number {
    return this.#number(`"${text}`, () => {
      const bytes = Buffer.byteLength(text);
      const entry = [0, this.#textBytes, bytes];
      this.#byOffset.set(this.#textBytes, text);
      this.#texts.push(text);
      this.#textBytes += bytes;
      return entry;
    });
  }

  #number(key: string, entry: PieceEntry | (() => PieceEntry)): number {
    let number = this.#numbers.get(key);
    if (number === undefined) {
      number = this.pieces.push(typeof entry === "function" ? entry() : entry) - 1;
      this.#numbers.set(key, number);
    }
    return number;
  }
}
