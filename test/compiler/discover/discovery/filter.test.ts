import { describe, expect, it } from "vitest";
import { matchesGlob } from "../../../../compiler/discover/discovery/filter.js";
import { filterIds } from "../../../../compiler/discover/shared/operation-filter.js";

describe("matchesGlob", () => {
  it.each([
    ["youtube.videos.list", "youtube.videos.list", true],
    ["youtube.videos.*", "youtube.videos.list", true],
    ["youtube.videos.*", "youtube.videos.list.extra", false],
    ["youtube.*", "youtube.videos.list", false],
    ["youtube.**", "youtube.videos.list", true],
    ["youtube.**", "youtube", true],
    ["**.list", "youtube.videos.list", true],
    ["**.list", "youtube.videos.insert", false],
    ["youtube.**.list", "youtube.a.b.c.list", true],
    ["youtube.*.get*", "youtube.videos.getRating", true],
    ["youtube.*.get*", "youtube.videos.list", false],
    ["*", "youtube", true],
    ["*", "youtube.videos.list", true],
    ["*.delete", "drive.files.delete", true],
    ["*.delete", "drive.files.revisions.delete", true],
    ["*.delete", "delete", false],
    ["*.delete", "drive.files.deleteAll", false],
    ["*.files.*", "drive.files.list", true],
    ["*.files.*", "drive.files.revisions.list", false],
    ["youtube.*.list", "youtube.a.b.list", false],
    ["youtube.v.(x)", "youtube.v.(x)", true],
    ["youtube.v.x+", "youtube.v.xx", false],
  ])("%s matches %s: %s", (pattern, id, want) => {
    expect(matchesGlob(pattern, id)).toBe(want);
  });
});

describe("filterIds", () => {
  const ids = ["a.x.list", "a.x.get", "a.y.list", "a.y.delete"];

  it.each([
    ["nothing given: everything", undefined, undefined, ids, []],
    ["include only", ["a.x.*"], undefined, ["a.x.list", "a.x.get"], []],
    ["exclude only", undefined, ["**.delete"], ["a.x.list", "a.x.get", "a.y.list"], []],
    ["a leading * excludes at any depth", undefined, ["*.delete"], ["a.x.list", "a.x.get", "a.y.list"], []],
    ["include then exclude", ["a.**"], ["a.x.get"], ["a.x.list", "a.y.list", "a.y.delete"], []],
    [
      "patterns that match nothing are named",
      ["a.z.*", "a.y.*"],
      ["**.patch"],
      ["a.y.list", "a.y.delete"],
      [
        { field: "includeOperations", index: 0 },
        { field: "excludeOperations", index: 0 },
      ],
    ],
  ] as const)("%s", (_name, include, exclude, kept, unused) => {
    const result = filterIds(ids, include, exclude, matchesGlob);
    expect([...result.kept]).toEqual(kept);
    expect(result.unused).toEqual(unused);
  });
});
