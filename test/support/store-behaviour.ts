/**
 * What every store must do, as describe blocks over a function that opens a fresh store: get and
 * put, compare-and-swap conflicts, list, delete, leases and the change feed. Written for any provider
 * so it can join the shared conformance suite.
 */
import { describe, expect, it } from "vitest";
import type { Store, StoreChange } from "../../runtime/storage/types.js";

/** How the suite opens a store, and the poll interval that store was opened with. */
export interface StoreUnderTest {
  open(): Promise<Store>;
  pollIntervalMs: number;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : undefined);

/** The store behaviour every provider passes. */
export function describeStore(subject: StoreUnderTest): void {
  const withStore = (run: (store: Store) => Promise<void>) => async () => {
    const store = await subject.open();
    try {
      await run(store);
    } finally {
      await store.close();
    }
  };

  describe("get and put", () => {
    it(
      "creates a record, reads it back, and replaces it at its version",
      withStore(async (store) => {
        const key = { namespace: "tokens", name: "github/alice" };
        expect(await store.get(key)).toBeUndefined();
        const first = await store.put(key, bytes("one"), { absent: true });
        if (!first.ok) throw new Error("the first write conflicted");
        const read = await store.get(key);
        expect(text(read?.value)).toBe("one");
        expect(read?.version).toBe(first.version);
        expect(read?.updatedAt).toBeGreaterThan(Date.now() - 60_000);
        const second = await store.put(key, bytes("two"), { version: first.version });
        expect(second.ok).toBe(true);
        expect(text((await store.get(key))?.value)).toBe("two");
      }),
    );
  });

  describe("compare-and-swap", () => {
    it(
      "gives one of two writers the record and the other a conflict, and nothing changes for the loser",
      withStore(async (store) => {
        const key = { namespace: "cas", name: "counter" };
        expect((await store.put(key, bytes("0"), { absent: true })).ok).toBe(true);
        expect(await store.put(key, bytes("again"), { absent: true })).toEqual({ ok: false, conflict: true });
        const base = await store.get(key);
        const results = await Promise.all(
          ["a", "b"].map((who) => store.put(key, bytes(who), { version: base?.version as string })),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, conflict: true }]);
        const winner = results.findIndex((r) => r.ok) === 0 ? "a" : "b";
        expect(text((await store.get(key))?.value)).toBe(winner);
        expect(await store.put(key, bytes("stale"), { version: base?.version as string })).toEqual({
          ok: false,
          conflict: true,
        });
      }),
    );
  });

  describe("list and delete", () => {
    it(
      "lists a namespace by name prefix and deletes only at the expected version",
      withStore(async (store) => {
        for (const name of ["b/2", "a/1", "b/1", "c"])
          await store.put({ namespace: "ls", name }, bytes(name), { absent: true });
        await store.put({ namespace: "other", name: "b/9" }, bytes("x"), { absent: true });
        expect((await store.list("ls")).map((r) => r.key.name)).toEqual(["a/1", "b/1", "b/2", "c"]);
        expect((await store.list("ls", "b/")).map((r) => text(r.value))).toEqual(["b/1", "b/2"]);
        const c = await store.get({ namespace: "ls", name: "c" });
        await store.put({ namespace: "ls", name: "c" }, bytes("c2"), { version: c?.version as string });
        expect(await store.delete({ namespace: "ls", name: "c" }, { version: c?.version as string })).toBe(
          false,
        );
        expect(await store.delete({ namespace: "ls", name: "c" })).toBe(true);
        expect(await store.delete({ namespace: "ls", name: "c" })).toBe(false);
        expect(await store.get({ namespace: "ls", name: "c" })).toBeUndefined();
      }),
    );

    it(
      "refuses a key that would climb out of its folder",
      withStore(async (store) => {
        await expect(store.get({ namespace: "ls", name: "../escape" })).rejects.toMatchObject({
          code: "STORAGE_BAD_KEY",
        });
      }),
    );
  });

  describe("leases", () => {
    it(
      "holds a lease exclusively until it is released or lapses",
      withStore(async (store) => {
        const attempts = await Promise.all([1, 2, 3].map(() => store.lease("refresh/github", 60_000)));
        const held = attempts.filter((l) => l !== undefined);
        expect(held).toHaveLength(1);
        expect(await store.lease("refresh/github", 60_000)).toBeUndefined();
        await held[0]?.release();
        const short = await store.lease("refresh/github", 200);
        expect(short).toBeDefined();
        await new Promise((r) => setTimeout(r, 300));
        const next = await store.lease("refresh/github", 60_000);
        expect(next?.holder).not.toBe(short?.holder);
        // The lapsed holder's release must not free the new holder's lease.
        await short?.release();
        expect(await store.lease("refresh/github", 60_000)).toBeUndefined();
      }),
    );
  });

  describe("change feed", () => {
    it(
      "reports another process's writes and deletes within pollIntervalMs",
      withStore(async (watcher) => {
        const writer = await subject.open();
        const seen: StoreChange[] = [];
        const stop = watcher.watch("feed", (change) => seen.push(change));
        try {
          await new Promise((r) => setTimeout(r, subject.pollIntervalMs * 2));
          const key = { namespace: "feed", name: "approval" };
          const written = await writer.put(key, bytes("yes"), { absent: true });
          const waitFor = async (want: (c: StoreChange) => boolean) => {
            const start = Date.now();
            while (!seen.some(want)) {
              if (Date.now() - start > subject.pollIntervalMs * 3) throw new Error("no change seen in time");
              await new Promise((r) => setTimeout(r, 10));
            }
            return Date.now() - start;
          };
          const version = written.ok ? written.version : "";
          await waitFor((c) => c.key.name === "approval" && c.version === version);
          await writer.delete(key);
          await waitFor((c) => c.key.name === "approval" && c.version === undefined);
          await writer.put({ namespace: "elsewhere", name: "x" }, bytes("x"), { absent: true });
          await new Promise((r) => setTimeout(r, subject.pollIntervalMs * 2));
          expect(seen.every((c) => c.key.namespace === "feed")).toBe(true);
        } finally {
          stop();
          await writer.close();
        }
      }),
    );
  });
}
