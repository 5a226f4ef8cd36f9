/**
 * Canonical JSON and content hashes (`runtime/shared/canonical.ts`) for many values that share
 * definitions: each definition's canonical text is made once and reused wherever it appears again. The
 * operations of a large API hold the same definition objects in their `$defs` (Microsoft Graph's
 * entities in thousands of them), and hashing every operation's schema re-made those texts each time.
 * A hash is fed the texts piece by piece: an operation's whole text (all its definitions) is never
 * made as one string. Valid while the objects it has seen are not changed in place.
 */
import { piecesHash } from "../../runtime/shared/canonical.js";

type Write = (piece: string) => void;

/**
 * canonicalJson / contentHash with the text of each definition (a value under a `$defs` key) made
 * once. Only definitions are kept: the schemas holding them are new per operation, and keeping their
 * texts (each with all of its definitions' text in it) would hold every operation's whole schema.
 */
export class CanonicalMemo {
  readonly #texts = new WeakMap<object, string>();

  /** What `canonicalJson(value)` gives. */
  json(value: unknown): string {
    const pieces: string[] = [];
    this.#write(value, false, (piece) => void pieces.push(piece));
    return pieces.join("");
  }

  /** What `contentHash(value)` gives. */
  hash(value: unknown): string {
    return piecesHash((write) => this.#write(value, false, write));
  }

  /** Writes `value`'s canonical text; a definition's from the memo, made whole once. */
  #write(value: unknown, definition: boolean, write: Write): void {
    if (typeof value !== "object" || value === null) {
      write(JSON.stringify(value ?? null));
      return;
    }
    if (definition) {
      let text = this.#texts.get(value);
      if (text === undefined) {
        text = this.json(value);
        this.#texts.set(value, text);
      }
      write(text);
      return;
    }
    if (Array.isArray(value)) {
      write("[");
      value.forEach((item, index) => {
        if (index > 0) write(",");
        this.#write(item ?? null, false, write);
      });
      write("]");
      return;
    }
    this.#writeObject(value as Record<string, unknown>, write, (key, item) => {
      if (key === "$defs") this.#writeDefs(item, write);
      else this.#write(item, false, write);
    });
  }

  /** A `$defs` value's text, each definition in it made once. */
  #writeDefs(defs: unknown, write: Write): void {
    if (typeof defs !== "object" || defs === null || Array.isArray(defs)) {
      this.#write(defs, false, write);
      return;
    }
    this.#writeObject(defs as Record<string, unknown>, write, (_key, item) => this.#write(item, true, write));
  }

  /** An object's text: its defined keys in order, each value written by `writeValue`. */
  #writeObject(
    record: Record<string, unknown>,
    write: Write,
    writeValue: (key: string, value: unknown) => void,
  ): void {
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    write("{");
    keys.forEach((key, index) => {
      write(`${index > 0 ? "," : ""}${JSON.stringify(key)}:`);
      writeValue(key, record[key]);
    });
    write("}");
  }
}
