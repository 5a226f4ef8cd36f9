/**
 * The runtime's and the compiler's folders stand in layers: no folder imports another that imports
 * it back, directly or round a longer circle. A parent folder counts as a folder of its own, so a
 * registry (`invoke/index.ts`) may import its kinds only while they import what they share from a
 * `shared/` folder below, never from the registry's folder.
 */
import { describe, expect, it } from "vitest";
import { circles, folderGraph, sourcesUnder } from "./import-graph.js";

describe("folder layers", () => {
  it("finds a circle when there is one, round a long way too", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
  });

  for (const top of ["runtime", "compiler"]) {
    it(`${top}/: no folder imports another in a circle`, () => {
      const graph = folderGraph(sourcesUnder(top));
      expect(graph.size).toBeGreaterThan(10);
      expect(circles(graph)).toEqual([]);
    });
  }
});
