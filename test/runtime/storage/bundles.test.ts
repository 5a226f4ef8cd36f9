/**
 * Published bundles in a real SQLite store: content addressing, chunks, the head moved by
 * compare-and-swap (two publishers at once both land in its history), pruning to the last few, and
 * a damaged bundle refused on reading.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import {
  BUNDLES_NAMESPACE,
  CHUNK_BYTES,
  fetchBundle,
  HEAD_KEY,
  publishBundle,
  readHead,
} from "../../../runtime/storage/bundles.js";
import { publisherSigner } from "../../../runtime/storage/publisher-key.js";
import type { Store } from "../../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../../runtime/storage/sqlite/store.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

/** The publisher key these tests sign heads with. */
const signer = publisherSigner(randomBytes(32).toString("base64url"));
const stores: Store[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await cleanupProjects();
});

async function freshStore(): Promise<Store> {
  const store = await openSqliteStore(`${await writeProject({})}/store.db`, 100);
  stores.push(store);
  return store;
}

const text = (value: string) => new TextEncoder().encode(value);
const bundle = (tag: string) =>
  new Map<string, Uint8Array>([
    ["manifest.json", text(`{"tag":"${tag}"}`)],
    ["units/a/index.ts", text(`export const a = "${tag}";`)],
  ]);

describe("published bundles", () => {
  it("publishes once: the same bundle again leaves the head as it was", async () => {
    const store = await freshStore();
    const first = await publishBundle(store, bundle("one"), signer);
    expect(first.published).toBe(true);
    expect(first.digest).toMatch(/^[0-9a-f]{64}$/);
    const head = await store.get(HEAD_KEY);
    const again = await publishBundle(store, bundle("one"), signer);
    expect(again).toEqual({ digest: first.digest, published: false, pruned: 0 });
    expect((await store.get(HEAD_KEY))?.version).toBe(head?.version);
  });

  it("cuts a large file into chunks within the record size and reads it back unchanged", async () => {
    const store = await freshStore();
    const big = randomBytes(CHUNK_BYTES * 2 + 17);
    const files = new Map([...bundle("big"), ["search-index.json", new Uint8Array(big)]]);
    const { digest } = await publishBundle(store, files, signer);
    const chunks = await store.list(BUNDLES_NAMESPACE, "chunk/");
    expect(Math.max(...chunks.map((record) => record.value.length))).toBeLessThanOrEqual(CHUNK_BYTES);
    const read = await fetchBundle(store, digest);
    expect(Buffer.from(read.get("search-index.json") as Uint8Array).equals(big)).toBe(true);
  });

  it("moves the head by compare-and-swap: two publishers at once both land", async () => {
    const store = await freshStore();
    const [a, b] = await Promise.all([
      publishBundle(store, bundle("a"), signer),
      publishBundle(store, bundle("b"), signer),
    ]);
    const head = (await readHead(store))?.head;
    expect([a.digest, b.digest]).toContain(head?.digest);
    expect([...(head?.history ?? [])].sort()).toEqual([a.digest, b.digest].sort());
  });

  it("keeps the last bundles only, and the chunks they use", async () => {
    const store = await freshStore();
    const digests: string[] = [];
    for (const tag of ["1", "2", "3", "4"])
      digests.push((await publishBundle(store, bundle(tag), signer, { keep: 2, graceMs: 0 })).digest);
    const kept = (await store.list(BUNDLES_NAMESPACE, "bundle/")).map((r) => r.key.name.slice(7));
    expect(kept.sort()).toEqual(digests.slice(2).sort());
    expect((await readHead(store))?.head.history).toEqual([digests[3], digests[2]]);
    // Two files per bundle, none shared: the pruned bundles' chunks are gone too.
    expect(await store.list(BUNDLES_NAMESPACE, "chunk/")).toHaveLength(4);
    await expect(fetchBundle(store, digests[0] as string)).rejects.toMatchObject({
      code: "PUBLISHED_BUNDLE_INVALID",
    });
  });

  it("refuses a head that is not a head record (STORAGE_CORRUPT); a publish replaces it", async () => {
    const store = await freshStore();
    await store.put(HEAD_KEY, text(JSON.stringify({ digest: "../../etc" })), { absent: true });
    await expect(readHead(store)).rejects.toMatchObject({ code: "STORAGE_CORRUPT" });
    const { digest } = await publishBundle(store, bundle("after"), signer);
    expect((await readHead(store))?.head).toMatchObject({ digest, history: [digest] });
  });

  it("refuses a bundle whose chunk was changed in storage (PUBLISHED_BUNDLE_INVALID)", async () => {
    const store = await freshStore();
    const { digest } = await publishBundle(store, bundle("tampered"), signer);
    const [chunk] = await store.list(BUNDLES_NAMESPACE, "chunk/");
    if (!chunk) throw new Error("no chunk");
    await store.put(chunk.key, text("something else"), { version: chunk.version });
    await expect(fetchBundle(store, digest)).rejects.toMatchObject({ code: "PUBLISHED_BUNDLE_INVALID" });
  });
});
