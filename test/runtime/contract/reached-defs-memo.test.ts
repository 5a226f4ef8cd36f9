import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { ReachedDefsMemo } from "../../../runtime/contract/reached-defs-memo.js";
import { reachedDefs } from "../../../runtime/contract/schema-defs.js";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

/** Definitions with cycles: a self-reference, a mutual pair, a longer loop, and a name nobody defines. */
const defs: Record<string, JsonSchema> = {
  Node: { type: "object", properties: { next: ref("Node"), value: ref("Leaf") } },
  Person: {
    type: "object",
    properties: { pet: ref("Pet"), friends: { type: "array", items: ref("Person") } },
  },
  Pet: { type: "object", properties: { owner: ref("Person"), toy: ref("Toy") } },
  Toy: { anyOf: [ref("Leaf"), ref("Loop1")], default: { $ref: "#/$defs/NotARef" } },
  Loop1: { allOf: [ref("Loop2")] },
  Loop2: { properties: { back: ref("Loop3"), again: ref("Loop1") } },
  Loop3: { not: ref("Loop1"), additionalProperties: ref("Missing") },
  Leaf: { type: "string", enum: [{ $ref: "#/$defs/Node" }] },
};
const lookup = (name: string) => (Object.hasOwn(defs, name) ? defs[name] : undefined);

const roots: unknown[] = [
  ref("Pet"),
  { properties: { a: ref("Loop3"), b: ref("Person"), c: ref("Node") } },
  { oneOf: [ref("Leaf"), ref("Toy"), ref("Missing"), ref("Pet")] },
  { properties: { default: ref("Loop2") } },
  { type: "object" },
  true,
  ...Object.keys(defs).map(ref),
];

describe("ReachedDefsMemo", () => {
  it("reaches the same definitions in the same order as reachedDefs, cycles included", () => {
    const memo = new ReachedDefsMemo();
    // Twice over: the second round reads every definition's refs from the memo.
    for (const round of [1, 2]) {
      for (const root of roots) {
        expect(memo.reached(root, lookup), `round ${round}: ${JSON.stringify(root)}`).toEqual(
          reachedDefs(root, lookup),
        );
      }
    }
    expect(memo.reached(ref("Loop1"), lookup).map(([name]) => name)).toEqual(["Loop1", "Loop2", "Loop3"]);
    expect(memo.reached(ref("Pet"), lookup).map(([name]) => name)).toEqual([
      "Pet",
      "Person",
      "Toy",
      "Leaf",
      "Loop1",
      "Loop2",
      "Loop3",
    ]);
  });

  it("gives the definitions lookup returns, whatever lookup is used with the same objects", () => {
    const memo = new ReachedDefsMemo();
    const some = (name: string) => (name === "Loop2" ? undefined : lookup(name));
    for (const root of roots) {
      expect(memo.reached(root, lookup)).toEqual(reachedDefs(root, lookup));
      expect(memo.reached(root, some)).toEqual(reachedDefs(root, some));
    }
    const [[, pet]] = memo.reached(ref("Pet"), lookup) as [[string, JsonSchema]];
    expect(pet).toBe(defs.Pet);
  });
});
