import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash } from "../../../compiler/shared/canonical.js";
import { CanonicalMemo } from "../../../compiler/shared/canonical-memo.js";

describe("CanonicalMemo", () => {
  it("gives canonicalJson's text and contentHash's hash for values sharing objects", () => {
    const pet: Record<string, unknown> = {
      type: "object",
      properties: { name: { type: "string" } },
      z: undefined,
    };
    const tag = { enum: ["a", null, 1.5, true], b: 1, a: [undefined, { y: 2, x: 1 }] };
    const values: unknown[] = [
      { input: { $defs: { Pet: pet, Tag: tag }, $ref: "#/$defs/Pet" }, output: null },
      { output: { $defs: { Tag: tag } }, input: { $defs: { Pet: pet } } },
      [pet, tag, pet, undefined, null],
      pet,
      tag,
      "text",
      7,
      null,
      undefined,
      { "": { k: "v" } },
      { $defs: [pet, tag] },
      { $defs: null, z: { $defs: { Tag: tag, Gone: undefined } } },
      { $defs: { Pet: { $defs: { Tag: tag } } } },
    ];
    const memo = new CanonicalMemo();
    // Twice over: the second round reads the shared objects' texts from the memo.
    for (const round of [1, 2]) {
      for (const value of values) {
        expect(memo.json(value), `round ${round}`).toBe(canonicalJson(value));
        expect(memo.hash(value)).toBe(contentHash(value));
      }
    }
  });

  it("hashes long texts written in pieces as contentHash hashes them made whole", () => {
    // Definitions longer than the pieces the hash is fed in, with text outside ASCII (a surrogate
    // pair, an escaped lone surrogate) on either side of a piece's end.
    const long = (n: number) => ({
      description: `${"é𝄞x".repeat(n)}\ud800`,
      enum: Array.from({ length: n }, (_, i) => `v${i}😀`),
    });
    const defs = { A: long(5000), B: long(1), C: long(40_000), D: { $ref: "#/$defs/A" } };
    const values = [
      { input: { type: "object", $defs: defs }, output: null },
      { input: { $defs: { C: defs.C } }, output: { $defs: defs, items: [long(3), "ü"] } },
      long(100_000),
    ];
    const memo = new CanonicalMemo();
    for (const round of [1, 2])
      for (const value of values) expect(memo.hash(value), `round ${round}`).toBe(contentHash(value));
  });
});
