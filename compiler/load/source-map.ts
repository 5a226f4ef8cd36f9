/** Where each value of a parsed document stands in its file: a source map keyed by JSON pointer. */
import type { SourceLocation } from "../codes/diagnostics.js";

export interface Position {
  line: number;
  column: number;
  /** Characters the value or key spans on its first line. */
  length?: number;
}

/** Maps JSON pointers to where their key and value stand in the source text. */
export class SourceMap {
  readonly file: string;
  readonly #values = new Map<string, Position>();
  readonly #keys = new Map<string, Position>();
  readonly #lines: readonly string[];
  readonly #lineOffset: number;

  /** `lines` are the source text's lines, the first being line `lineOffset + 1` of the file. */
  constructor(file: string, lines: readonly string[] = [], lineOffset = 0) {
    this.file = file;
    this.#lines = lines;
    this.#lineOffset = lineOffset;
  }

  /** The source line `line` of the file (1-based), when this map holds it. */
  lineText(line: number): string | undefined {
    return this.#lines[line - 1 - this.#lineOffset];
  }

  #at(position: Position, pointer: string): SourceLocation {
    const lineText = this.lineText(position.line);
    const located: SourceLocation = {
      file: this.file,
      line: position.line,
      column: position.column,
      pointer,
    };
    if (lineText === undefined) return located;
    const rest = Math.max(1, lineText.length - position.column + 1);
    return { ...located, lineText, length: Math.min(position.length ?? 1, rest) };
  }

  /** Records a value's position (and its key's, for object members). */
  set(pointer: string, value: Position, key?: Position): void {
    if (!this.#values.has(pointer)) this.#values.set(pointer, value);
    if (key && !this.#keys.has(pointer)) this.#keys.set(pointer, key);
  }

  /** Where the value at `pointer` starts; falls back to the nearest recorded ancestor. */
  locate(pointer: string): SourceLocation {
    return this.#find(pointer, this.#values);
  }

  /** Where the key of the member at `pointer` starts (the value, when there is no key). */
  locateKey(pointer: string): SourceLocation {
    const key = this.#keys.get(pointer);
    return key ? this.#at(key, pointer) : this.locate(pointer);
  }

  #find(pointer: string, table: Map<string, Position>): SourceLocation {
    let current = pointer;
    for (;;) {
      const found = table.get(current) ?? this.#values.get(current);
      if (found) return this.#at(found, pointer);
      if (current === "") return this.#at({ line: 1 + this.#lineOffset, column: 1 }, pointer);
      current = current.slice(0, current.lastIndexOf("/"));
    }
  }
}
