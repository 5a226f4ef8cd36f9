/** `unitc search`: the ranking `search_tools` gives, over the prebuilt index of the example bundle. */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchIndex } from "../../runtime/search/index.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects } from "../support/project.js";
import { exampleProject } from "./bundle-support.js";

let project: Awaited<ReturnType<typeof exampleProject>>;

beforeAll(async () => {
  project = await exampleProject();
});
afterAll(async () => {
  await project.close();
  await cleanupProjects();
});

describe("unitc search", () => {
  it("ranks as the search index does and prints signatures", async () => {
    const index = SearchIndex.load(
      JSON.parse(readFileSync(join(project.dir, "generated/search-index.json"), "utf8")),
    );
    const want = index.query("write a new note", 5).map((h) => `${h.unit}.${h.tsName}`);
    const run = await runUnitc(["search", "write a new note", "--json", "--limit", "5"], project.dir);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const hits = JSON.parse(run.stdout) as Array<{ unit: string; operation: string; signature: string }>;
    expect(hits.map((h) => `${h.unit}.${h.operation}`)).toEqual(want);
    expect(hits[0]).toMatchObject({ unit: "notes", operation: "createNote", description: "Create a note." });
    expect(hits[0]?.signature).toMatch(/^units\.notes\.createNote\(input: /);
    const text = await runUnitc(["search", "weather forecast"], project.dir);
    expect(text.stdout).toMatch(/^units\.weather__forecast\.threeDay\(/);
  });

  it("keeps to one unit with --unit, and refuses an unknown one", async () => {
    const run = await runUnitc(["search", "note", "--unit", "weather__current", "--json"], project.dir);
    expect(JSON.parse(run.stdout)).toEqual([]);
    const unknown = await runUnitc(["search", "note", "--unit", "nope"], project.dir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("UNKNOWN_UNIT");
  });

  it("refuses a bad --limit as a usage error", async () => {
    expect((await runUnitc(["search", "note", "--limit", "0"], project.dir)).code).toBe(2);
    const high = await runUnitc(["search", "note", "--limit", "100000"], project.dir);
    expect(high.code).toBe(2);
    expect(high.stderr).toContain("maxSearchLimit");
  });

  it("builds the index in memory, saying so, when search-index.json is missing", async () => {
    const other = await exampleProject();
    try {
      rmSync(join(other.dir, "generated/search-index.json"));
      const run = await runUnitc(["search", "create note", "--json"], other.dir);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("no search-index.json beside the manifest");
      expect(JSON.parse(run.stdout)[0]).toMatchObject({ operation: "createNote" });
    } finally {
      await other.close();
    }
  });
});
