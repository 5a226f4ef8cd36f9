/** A generated type's string map as the manifest's: unset values dropped, every name kept. */
import { describe, expect, it } from "vitest";
import { stringMap } from "../../../../compiler/discover/shared/string-map.js";

describe("stringMap", () => {
  it("drops unset values and keeps the order", () => {
    expect(Object.entries(stringMap({ B: "2", A: undefined, C: "3" }))).toEqual([
      ["B", "2"],
      ["C", "3"],
    ]);
  });

  it("keeps a variable named __proto__ as a variable", () => {
    const parsed = JSON.parse('{ "__proto__": "x", "PATH": "/bin" }') as Record<string, string>;
    expect(Object.entries(stringMap(parsed))).toEqual([
      ["__proto__", "x"],
      ["PATH", "/bin"],
    ]);
  });
});
