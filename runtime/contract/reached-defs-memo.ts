/**
 * `reachedDefs` for many roots over the same definitions. Operations of a large API reach the same
 * named schemas again and again (Microsoft Graph's entities reach hundreds each), and walking every
 * reached definition's whole object tree for each operation made that the cost of the compile. Here
 * each definition's `#/$defs/` refs are read once (by object identity) and the walk per root goes
 * name to name: the same definitions in the same order, cycles included, since the walk itself is
 * unchanged. Valid while the definitions it has seen are not changed in place.
 */
import type { JsonSchema } from "./manifest.js";
import { defRefs } from "./schema-defs.js";

/** Each definition's refs read once; {@link ReachedDefsMemo.reached} is `reachedDefs` with them. */
export class ReachedDefsMemo {
  readonly #refs = new WeakMap<object, readonly string[]>();

  /** The names `value` refers to, each once, in the order `defRefs` first yields them. */
  refsOf(value: unknown): readonly string[] {
    if (typeof value !== "object" || value === null) return [];
    let refs = this.#refs.get(value);
    if (refs === undefined) {
      refs = [...new Set(defRefs(value))];
      this.#refs.set(value, refs);
    }
    return refs;
  }

  /** What `reachedDefs(root, lookup)` gives; `root`'s own refs are read each time (roots are new). */
  reached(root: unknown, lookup: (name: string) => JsonSchema | undefined): Array<[string, JsonSchema]> {
    const reached: Array<[string, JsonSchema]> = [];
    const seen = new Set<string>();
    const visit = (names: Iterable<string>) => {
      for (const name of names) {
        if (seen.has(name)) continue;
        seen.add(name);
        const def = lookup(name);
        if (def === undefined) continue;
        reached.push([name, def]);
        visit(this.refsOf(def));
      }
    };
    visit(defRefs(root));
    return reached;
  }
}
