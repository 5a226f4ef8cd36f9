/**
 * Canonical JSON and content hashes (`runtime/shared/canonical.ts`) for many values that share
 * definitions: each definition's canonical text is made once and reused wherever it appears again. The
 * operations of a large API hold the same definition objects in their `$defs` (Microsoft Graph's
 * entities in thousands of them), and hashing every operation's schema re-made those texts each time.
 * Valid while the objects it has seen are not changed in place.
 */
import { textHash } from "../../runtime/shared/canonical.js";

/**
 * canonicalJson / contentHash with the text of each definition (a value under a `$defs` key) made
 * once. Only definitions are kept: the schemas holding them are new per operation, and keeping their
 * texts (each with all of its definitions' text in it) would hold every operation's whole schema.
 */
export class CanonicalMemo {
  readonly #texts = new WeakMap<object, string>();

  /** What `canonicalJson(value)` gives. */
  json(value: unknown): string {
    return this.#json(value, false);
  }

  /** What `contentHash(value)` gives. */
  hash(value: unknown): string {
    return textHash(this.json(value));
  }

  #json(value: unknown, definition: boolean): string {
    if (typeof value !== "object" || value === null) return JSON.stringify(value ?? null);
    const known = definition ? this.#texts.get(value) : undefined;
    if (known !== undefined) return known;
    let text: string;
    if (Array.isArray(value)) text = `[${value.map((v) => this.#json(v ?? null, false)).join(",")}]`;
    else {
      const record = value as Record<string, unknown>;
      const defs = record.$defs;
      const entries = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort()
        .map(
          (k) => `${JSON.stringify(k)}:${k === "$defs" ? this.#defs(defs) : this.#json(record[k], false)}`,
        );
      text = `{${entries.join(",")}}`;
    }
    if (definition) this.#texts.set(value, text);
    return text;
  }

  /** A `$defs` value's text, each definition in it made once. */
  #defs(defs: unknown): string {
    if (typeof defs !== "object" || defs === null || Array.isArray(defs)) return this.#json(defs, false);
    const record = defs as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${this.#json(record[k], true)}`);
    return `{${entries.join(",")}}`;
  }
}
