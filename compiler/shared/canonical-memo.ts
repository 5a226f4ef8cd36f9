/**
 * Canonical JSON and content hashes (`runtime/shared/canonical.ts`) for many values that share
 * objects: each object's canonical text is made once and reused wherever it appears again. The
 * operations of a large API hold the same definition objects in their `$defs` (Microsoft Graph's
 * entities in thousands of them), and hashing every operation's schema re-made those texts each time.
 * Valid while the objects it has seen are not changed in place.
 */
import { createHash } from "node:crypto";

/** canonicalJson / contentHash with each object's text made once. */
export class CanonicalMemo {
  readonly #texts = new WeakMap<object, string>();

  /** What `canonicalJson(value)` gives. */
  json(value: unknown): string {
    if (typeof value !== "object" || value === null) return JSON.stringify(value ?? null);
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    let text: string;
    if (Array.isArray(value)) text = `[${value.map((v) => this.json(v ?? null)).join(",")}]`;
    else {
      const record = value as Record<string, unknown>;
      const entries = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${this.json(record[k])}`);
      text = `{${entries.join(",")}}`;
    }
    this.#texts.set(value, text);
    return text;
  }

  /** What `contentHash(value)` gives. */
  hash(value: unknown): string {
    return `sha256:${createHash("sha256").update(this.json(value)).digest("hex").slice(0, 16)}`;
  }
}
