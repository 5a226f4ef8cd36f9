/**
 * A published bundle written to the cache folder: every file as published, a damaged cached copy
 * written again, a path that would leave the folder refused, and old cached bundles removed.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { materialise, pruneCache } from "../../../runtime/serve/published.js";
import { publishBundle } from "../../../runtime/storage/bundles.js";
import { openSqliteStore } from "../../../runtime/storage/sqlite/store.js";
import type { Store } from "../../../runtime/storage/types.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

const stores: Store[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await cleanupProjects();
});

const files = (entries: Record<string, string>) =>
  new Map(Object.entries(entries).map(([path, text]) => [path, new TextEncoder().encode(text)]));

async function setup() {
  const dir = await writeProject({});
  const store = await openSqliteStore(join(dir, "store.db"), 100);
  stores.push(store);
  return { store, cache: join(dir, "cache") };
}

describe("published bundles in the cache folder", () => {
  it("writes every file, and writes a damaged cached copy again", async () => {
    const { store, cache } = await setup();
    const { digest } = await publishBundle(store, files({ "manifest.json": "{}", "units/a/index.ts": "a" }));
    const manifest = await materialise(store, digest, cache);
    expect(manifest).toBe(join(cache, digest, "manifest.json"));
    await writeFile(join(cache, digest, "units/a/index.ts"), "changed on disk");
    await materialise(store, digest, cache);
    expect(await readFile(join(cache, digest, "units/a/index.ts"), "utf8")).toBe("a");
  });

  it("refuses a file path that would leave the bundle folder, and a bundle with no manifest", async () => {
    const { store, cache } = await setup();
    const escaping = await publishBundle(store, files({ "manifest.json": "{}", "../outside.txt": "x" }));
    await expect(materialise(store, escaping.digest, cache)).rejects.toMatchObject({
      code: "PUBLISHED_BUNDLE_INVALID",
    });
    const bare = await publishBundle(store, files({ "index.ts": "x" }));
    await expect(materialise(store, bare.digest, cache)).rejects.toThrow(/has no manifest.json/);
  });

  it("removes cached bundles the store no longer keeps", async () => {
    const { cache } = await setup();
    const [old, kept] = ["a".repeat(64), "b".repeat(64)];
    for (const name of [old, kept, "not-a-digest"]) await mkdir(join(cache, name), { recursive: true });
    await pruneCache(cache, [kept]);
    expect((await readdir(cache)).sort()).toEqual([kept, "not-a-digest"]);
  });
});
