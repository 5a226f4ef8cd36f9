/**
 * A no-change compile of a project with an MCP stdio unit answers from the build record: within
 * `toolCacheTtlMs` no server is started and no output file is rewritten; after it, the server is
 * asked once, and only a changed tool list compiles and writes again. Over the repo's real fixture
 * server, which appends a line to a log file each time it starts.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../../../compiler/build.js";
import { FIXTURE, mcpProject, stdioEntry } from "../../runtime/invoke/mcp/support.js";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { outputStates, recordedBuild } from "../../support/recorded-build.js";

let cacheDir: string;

beforeAll(async () => {
  cacheDir = await writeProject({});
  vi.stubEnv("UNITC_CACHE_DIR", cacheDir);
  vi.stubEnv("UNITC_TEST_VARIANT", "1");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});

/** A project with one MCP stdio unit whose server logs its starts to `<project>/starts.log`. */
async function project(): Promise<{ dir: string; starts: () => Promise<number> }> {
  const dir = await writeProject({});
  const log = join(dir, "starts.log");
  const server = stdioEntry([FIXTURE], {
    env: { FIXTURE_VARIANT: "${UNITC_TEST_VARIANT}", FIXTURE_START_LOG: log },
    toolCacheTtlMs: 600_000,
  });
  await mkdir(join(dir, ".units"));
  for (const [path, text] of Object.entries(mcpProject({ fixture: server })))
    await writeFile(join(dir, path), text);
  const starts = async () => (await readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean).length;
  return { dir, starts };
}

/** Makes every cached MCP listing older than any TTL, as if `toolCacheTtlMs` had passed. */
async function expireListings(): Promise<void> {
  const folder = join(cacheDir, "mcp");
  for (const name of await readdir(folder)) {
    if (!name.endsWith(".json")) continue;
    const entry = JSON.parse(await readFile(join(folder, name), "utf8")) as { fetchedAt: number };
    await writeFile(join(folder, name), JSON.stringify({ ...entry, fetchedAt: 0 }));
  }
}

describe("a no-change compile with an MCP stdio unit", () => {
  it("within toolCacheTtlMs: starts no server, rewrites nothing, and is up to date", async () => {
    const { dir, starts } = await project();
    const first = await build(recordedBuild(dir));
    expect(first).toMatchObject({ status: "written", errors: false, units: 1 });
    expect(await starts()).toBe(1);
    const before = await outputStates(join(dir, "generated"));

    const again = await build(recordedBuild(dir));
    expect(again).toMatchObject({ status: "up-to-date", fromRecord: true, units: 1, written: [] });
    expect(again.operations).toBe(first.operations);
    expect(await starts()).toBe(1);
    expect(await outputStates(join(dir, "generated"))).toEqual(before);
  });

  it("after toolCacheTtlMs with the same tools: asks the server once, rewrites nothing, is up to date", async () => {
    const { dir, starts } = await project();
    await build(recordedBuild(dir));
    const before = await outputStates(join(dir, "generated"));
    await expireListings();

    const again = await build(recordedBuild(dir));
    expect(again).toMatchObject({ status: "up-to-date", fromRecord: true, written: [] });
    expect(await starts()).toBe(2);
    expect(await outputStates(join(dir, "generated"))).toEqual(before);
    // The refreshed listing is fresh again: the next compile asks nothing.
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
    expect(await starts()).toBe(2);
  });

  it("after toolCacheTtlMs with changed tools: asks the server once and writes the new output", async () => {
    const { dir, starts } = await project();
    await build(recordedBuild(dir));
    const manifest = join(dir, "generated", "manifest.json");
    expect(await readFile(manifest, "utf8")).not.toContain('"c"');
    await expireListings();
    vi.stubEnv("UNITC_TEST_VARIANT", "2");
    try {
      const again = await build(recordedBuild(dir));
      expect(again).toMatchObject({ status: "written", fromRecord: false, errors: false });
      expect(again.written).toContain("manifest.json");
      expect(await starts()).toBe(2);
      const add = JSON.parse(await readFile(manifest, "utf8")).units[0].operations.find(
        (o: { name: string }) => o.name === "add",
      );
      expect(Object.keys(add.inputSchema.properties)).toEqual(["a", "b", "c"]);
    } finally {
      vi.stubEnv("UNITC_TEST_VARIANT", "1");
    }
  });
});
