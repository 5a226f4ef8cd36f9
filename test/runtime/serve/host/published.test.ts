/**
 * A published bundle written to the cache folder: every file as published, a damaged cached copy
 * written again, replicas writing the same bundle at once, a path that would leave the folder
 * refused, and old cached bundles removed. Then the head followed: a write that fails is tried again
 * until it succeeds, a bundle that is not one is not.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  LEFTOVER_MS,
  materialise,
  PublishedBundles,
  pruneCache,
} from "../../../../runtime/serve/host/published.js";
import { createServeHost } from "../../../../runtime/serve/index.js";
import { bundleIndex, publishBundle } from "../../../../runtime/storage/bundles.js";
import { publisherSigner } from "../../../../runtime/storage/publisher-key.js";
import type { Store } from "../../../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../../../runtime/storage/sqlite/store.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { compileProject, eventually, projectConfig } from "../support.js";

/** The publisher key these tests sign heads with. */
const signer = publisherSigner(randomBytes(32).toString("base64url"));
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
    const { digest } = await publishBundle(
      store,
      files({ "manifest.json": "{}", "units/a/index.ts": "a" }),
      signer,
    );
    const manifest = await materialise(store, digest, cache);
    expect(manifest).toBe(join(cache, digest, "manifest.json"));
    await writeFile(join(cache, digest, "units/a/index.ts"), "changed on disk");
    await materialise(store, digest, cache);
    expect(await readFile(join(cache, digest, "units/a/index.ts"), "utf8")).toBe("a");
  });

  it("lets replicas write the same bundle at once: each gets the copy first put in place, never removed", async () => {
    const { store, cache } = await setup();
    for (let round = 0; round < 20; round++) {
      const entries: Record<string, string> = { "manifest.json": `{"round":${round}}` };
      for (let i = 0; i < 20; i++) entries[`units/u${i}/index.ts`] = `export const n = ${i};\n`.repeat(100);
      const { digest } = await publishBundle(store, files(entries), signer);
      const folder = join(cache, String(round));
      // Six writers at once, as replicas sharing a cache folder are nudged by the same change.
      const inodes = await Promise.all(
        Array.from({ length: 6 }, async () => (await stat(await materialise(store, digest, folder))).ino),
      );
      expect(new Set(inodes).size).toBe(1);
      expect(await readdir(folder)).toEqual([digest]);
    }
  });

  it("refuses a file path that would leave the bundle folder, and a bundle with no manifest", async () => {
    const { store, cache } = await setup();
    const escaping = await publishBundle(
      store,
      files({ "manifest.json": "{}", "../outside.txt": "x" }),
      signer,
    );
    await expect(materialise(store, escaping.digest, cache)).rejects.toMatchObject({
      code: "PUBLISHED_BUNDLE_INVALID",
    });
    const bare = await publishBundle(store, files({ "index.ts": "x" }), signer);
    await expect(materialise(store, bare.digest, cache)).rejects.toThrow(/has no manifest.json/);
  });

  it("removes cached bundles the store no longer keeps, and copies a crashed writer left", async () => {
    const { cache } = await setup();
    const [old, kept] = ["a".repeat(64), "b".repeat(64)];
    // Copies a writer left half-way: an old one is a crashed writer's, a new one may still be written.
    const [stale, fresh] = [`${old}.partial-aB3xYz`, `${kept}.damaged-1f2e`];
    for (const name of [old, kept, "not-a-digest", stale, fresh])
      await mkdir(join(cache, name), { recursive: true });
    const longAgo = new Date(Date.now() - LEFTOVER_MS - 60_000);
    await utimes(join(cache, stale), longAgo, longAgo);
    await pruneCache(cache, [kept]);
    expect((await readdir(cache)).sort()).toEqual([kept, fresh, "not-a-digest"].sort());
  });
});

/** A compiled project of one CLI action whose description is `description`, as the files publish sends. */
async function compiledBundle(description: string): Promise<Map<string, Uint8Array>> {
  const manifestPath = await compileProject(
    projectConfig({
      cliTools: {
        shell: {
          name: "Shell",
          description,
          actions: { echo: { description, command: "echo", args: ["hi"] } },
        },
      },
    }),
  );
  const root = dirname(manifestPath);
  const out = new Map<string, Uint8Array>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(root, path).split("\\").join("/"), await readFile(path));
  }
  return out;
}

/** A serve host following `store`'s head, first serving a bundle described as `description`. */
async function following(description: string, retryMs: number) {
  const { store, cache } = await setup();
  await publishBundle(store, await compiledBundle(description), signer);
  const logs: string[] = [];
  const bundles = new PublishedBundles(store, signer, cache, (line) => logs.push(line), retryMs);
  const host = createServeHost({ manifestPath: (await bundles.first()) as string });
  bundles.follow(host);
  const close = async () => {
    await bundles.close();
    await host.close();
  };
  return { store, cache, logs, bundles, host, close };
}

describe("following the published head", () => {
  it("tries a write that failed again, waiting longer each time, and swaps the bundle in once it can", async () => {
    const { store, cache, logs, bundles, host, close } = await following("The first bundle.", 50);
    try {
      const first = bundles.state.digest;
      const second = await compiledBundle("The second bundle.");
      const { digest } = bundleIndex(second);
      // A file where the bundle's folder goes: renaming the written copy into place fails.
      await writeFile(join(cache, digest), "in the way");
      await publishBundle(store, second, signer);
      await eventually(() => logs.filter((line) => line.includes("trying again")).length >= 3);
      expect(bundles.state.digest).toBe(first);
      expect(logs.find((line) => line.includes("trying again"))).toContain(
        `published bundle ${digest} is not served`,
      );
      expect(
        logs
          .filter((line) => line.includes("trying again"))
          .slice(0, 3)
          .map((line) => line.split("trying again in ")[1]),
      ).toEqual(["0.05 s", "0.1 s", "0.2 s"]);
      await rm(join(cache, digest));
      await eventually(() => bundles.state.digest === digest);
      expect(host.manifest.units[0]?.description).toBe("The second bundle.");
      expect(bundles.state.problem).toBeUndefined();
    } finally {
      await close();
    }
  });

  it("does not try again a bundle that is not one, and keeps serving the last good one", async () => {
    const { store, logs, bundles, close } = await following("The good bundle.", 20);
    try {
      const good = bundles.state.digest;
      const { digest } = await publishBundle(store, files({ "index.ts": "no manifest" }), signer);
      await eventually(() => logs.some((line) => line.includes(digest)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const about = logs.filter((line) => line.includes(digest));
      expect(about).toHaveLength(1);
      expect(about[0]).toMatch(/^PUBLISHED_BUNDLE_INVALID .*has no manifest\.json; still serving /);
      expect(bundles.state.digest).toBe(good);
    } finally {
      await close();
    }
  });
});
