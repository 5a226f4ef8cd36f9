import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pascalCase, sanitizeIdentifier } from "../../../compiler/emit/literal.js";
import { allocateNames } from "../../../compiler/emit/names.js";

const asObject = (names: Map<string, string>) => Object.fromEntries([...names].sort());

describe("allocateNames", () => {
  it.each<[string, { sources: string[]; taken?: string[]; want: Record<string, string> }]>([
    [
      "no clash",
      { sources: ["listNotes", "get-note"], want: { "get-note": "get_note", listNotes: "listNotes" } },
    ],
    [
      "identity source keeps its name, the other gets a hash",
      { sources: ["get_item", "get-item"], want: { "get-item": "get_item_e189d4", get_item: "get_item" } },
    ],
    [
      "no identity source: every clashing one gets a hash",
      {
        sources: ["get-item", "get--item"],
        want: { "get--item": "get_item_e70f77", "get-item": "get_item_e189d4" },
      },
    ],
    ["taken name", { sources: ["search"], taken: ["search"], want: { search: "search_241932" } }],
    [
      "a hashed name never takes an identity name",
      {
        sources: ["get-item", "get_item", "get_item_e189d4"],
        want: { "get-item": "get_item_e189d4_", get_item: "get_item", get_item_e189d4: "get_item_e189d4" },
      },
    ],
    ["duplicates collapse", { sources: ["a", "a"], want: { a: "a" } }],
  ])("%s", (_name, { sources, taken, want }) => {
    expect(asObject(allocateNames(sources, sanitizeIdentifier, taken))).toEqual(want);
  });

  it("lets `owns` pick the natural owner of a derived name", () => {
    const owns = (id: string) => sanitizeIdentifier(id) === id;
    expect(asObject(allocateNames(["a-b", "a_b"], pascalCase, [], owns))).toEqual({
      "a-b": "AB_d44362",
      a_b: "AB",
    });
    // Without it neither source equals "AB", so both are hashed.
    expect(asObject(allocateNames(["a-b", "a_b"], pascalCase))).toEqual({
      "a-b": "AB_d44362",
      a_b: "AB_648fa9",
    });
  });

  it("is unique, avoids taken names and does not depend on input order", () => {
    const key = fc.stringMatching(/^[a-z_-]{1,4}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { maxLength: 12 }),
        fc.array(key, { maxLength: 3 }),
        (sources, taken) => {
          const names = allocateNames(sources, sanitizeIdentifier, taken);
          const reversed = allocateNames([...sources].reverse(), sanitizeIdentifier, taken);
          expect(asObject(reversed)).toEqual(asObject(names));
          expect(new Set(names.values()).size).toBe(sources.length);
          for (const name of names.values()) expect(taken).not.toContain(name);
          for (const source of sources) {
            const wanted = sanitizeIdentifier(source);
            if (wanted === source && !taken.includes(source)) expect(names.get(source)).toBe(source);
          }
        },
      ),
      { seed: 20_250_101, numRuns: 200 },
    );
  });
});
