/** The slow-files list the sequencer starts first and the summary reporter checks against each run. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSlowFiles, SLOW_FILES_LIST, slowestLines, slowFirst } from "./slow-files.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the slow-files list", () => {
  it("reads `seconds path` lines, skipping comments, blank lines and what follows the path", () => {
    const listed = parseSlowFiles(
      "# measured quiet\n\n  70.4 test/a.test.ts\n29 test/b.test.ts\nnot a line\n",
    );
    expect([...listed]).toEqual([
      ["test/a.test.ts", 70.4],
      ["test/b.test.ts", 29],
    ]);
  });

  it("moves the listed files to the front, longest first, and keeps the others in their order", () => {
    const listed = new Map([
      ["d", 10],
      ["b", 30],
    ]);
    expect(slowFirst(["a", "b", "c", "d", "e"], (file) => file, listed)).toEqual(["b", "d", "a", "c", "e"]);
    expect(slowFirst(["a", "c"], (file) => file, listed)).toEqual(["a", "c"]);
  });

  it("prints a run's slowest files in the list's own form, marking one the list lacks but should hold", () => {
    const durations = new Map([
      ["test/fast.test.ts", 40],
      ["test/slow.test.ts", 70_440],
      ["test/new.test.ts", 29_084],
      ["test/quick.test.ts", 14_000],
    ]);
    const listed = new Map([
      ["test/slow.test.ts", 70],
      ["test/listed.test.ts", 15],
    ]);
    const lines = slowestLines(durations, listed, 3);
    expect(lines).toEqual([
      "  70.4 test/slow.test.ts",
      `  29.1 test/new.test.ts  (not in ${SLOW_FILES_LIST})`,
      "  14.0 test/quick.test.ts",
    ]);
    // What the reporter prints, pasted into the list, reads back as the same figures.
    expect([...parseSlowFiles(lines.join("\n"))]).toEqual([
      ["test/slow.test.ts", 70.4],
      ["test/new.test.ts", 29.1],
      ["test/quick.test.ts", 14],
    ]);
  });

  it("names only test files that exist, at least ten", () => {
    const listed = parseSlowFiles(readFileSync(`${root}/${SLOW_FILES_LIST}`, "utf8"));
    expect(listed.size).toBeGreaterThanOrEqual(10);
    const wrong = [...listed.keys()].filter(
      (path) => !/^test\/.+\.test\.ts$/.test(path) || !existsSync(`${root}/${path}`),
    );
    expect(wrong).toEqual([]);
  });
});
