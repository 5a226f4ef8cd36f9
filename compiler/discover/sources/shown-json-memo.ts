/**
 * `shownJson` (invisible characters removed from every string) for the schemas of all the operations
 * of one unit, which share their definitions: discovery puts the same definition object in the
 * `$defs` of every operation that reaches it (Microsoft Graph's entities in thousands of them).
 * Cleaned one operation at a time, each got its own deep copy of every definition it reaches: for
 * Microsoft Graph v1.0 over 400 MB held until the compile ended (and 80 s of copying), and the emit stage's memos, which
 * know a definition by its identity, met each copy anew. Here each object is cleaned once, and one
 * with nothing to clean is kept as it is, so what was shared stays shared.
 */
import { shownText } from "../../../runtime/shared/shown-text.js";

/** shownJson(value, []) for many values; valid while the objects it has seen are not changed in place. */
export class ShownJsonMemo {
  readonly #shown = new WeakMap<object, unknown>();
  /** Objects with a key that cannot be shown as it is, anywhere inside (see `unsafeKeys`). */
  readonly #unsafe = new WeakSet<object>();

  /** What `shownJson(value, [])` gives: the same text, with objects that need no change not copied. */
  json(value: unknown): unknown {
    if (typeof value === "string") return shownText(value, []);
    if (typeof value !== "object" || value === null) return value;
    if (this.#shown.has(value)) return this.#shown.get(value);
    let changed = false;
    let unsafe = false;
    const shownItem = (item: unknown) => {
      const shown = this.json(item);
      if (shown !== item) changed = true;
      if (typeof item === "object" && item !== null && this.#unsafe.has(item)) unsafe = true;
      return shown;
    };
    let shown: unknown;
    if (Array.isArray(value)) {
      const items = value.map(shownItem);
      shown = changed ? items : value;
    } else {
      const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
        if (shownText(key, []) !== key) unsafe = true;
        return [key, shownItem(item)];
      });
      shown = changed ? Object.fromEntries(entries) : value;
    }
    if (unsafe) this.#unsafe.add(value);
    this.#shown.set(value, shown);
    return shown;
  }

  /**
   * False when no key anywhere in `value` would change to be shown (so `unsafeKeys(value, [])` is
   * empty); true when one might. Call it after {@link json} on the same value.
   */
  mayHoldUnsafeKeys(value: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    return !this.#shown.has(value) || this.#unsafe.has(value);
  }
}
