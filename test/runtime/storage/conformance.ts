/**
 * The one conformance suite every storage provider passes, against a real store and real second
 * processes (test/runtime/storage/store-child.mjs runs the built runtime): records, compare-and-swap
 * conflicts, create-only records from two stores at once (what an append-only log rests on), lease
 * exclusivity across processes, the change feed reaching another process, a writer killed mid-write,
 * and 200 writers from 4 processes incrementing one counter. Every provider runs all of it,
 * object_store included (against s3rver behind the precondition proxy).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type StorageSettings } from "../../../runtime/storage/open.js";
import type { Store, StoreChange } from "../../../runtime/storage/shared/types.js";

/** Where a provider's store is: its config and the environment its references resolve from. */
export interface StoreTarget {
  settings: StorageSettings;
  env: Record<string, string | undefined>;
}

const CHILD = fileURLToPath(new URL("./store-child.mjs", import.meta.url));
const text = (value: Uint8Array) => new TextDecoder().decode(value);
const bytes = (value: string) => new TextEncoder().encode(value);

/** A child process running one job against the same store, its JSON lines read one at a time. */
function child(target: StoreTarget, job: Record<string, unknown>) {
  const process_ = spawn(process.execPath, [CHILD, JSON.stringify({ ...target, ...job })], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: process_.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => process_.on("exit", (code) => resolve(code)));
  return {
    process: process_ as ChildProcess,
    async next(): Promise<Record<string, unknown>> {
      const line = await lines.next();
      // Its error is on the test's stderr (inherited); the exit code says it crashed rather than hung.
      if (line.done) throw new Error(`child ended without answering (exit ${await exited})`);
      return JSON.parse(line.value) as Record<string, unknown>;
    },
    send(line: string) {
      process_.stdin.write(`${line}\n`);
    },
    exited,
  };
}

/** Runs the suite against the store `target()` describes (called once per test). */
export function describeStoreConformance(name: string, target: () => StoreTarget): void {
  describe(`${name} store conformance`, () => {
    const open: Store[] = [];
    const children: ChildProcess[] = [];
    const namespace = () => `test.${randomBytes(6).toString("hex")}`;
    const openOne = async () => {
      const store = await openStore(target().settings, target().env);
      open.push(store);
      return store;
    };
    const start = (job: Record<string, unknown>) => {
      const started = child(target(), job);
      children.push(started.process);
      return started;
    };
    afterEach(async () => {
      for (const running of children.splice(0)) if (running.exitCode === null) running.kill("SIGKILL");
      await Promise.all(open.splice(0).map((store) => store.close()));
    });

    it("gets, puts, deletes and lists records by prefix", async () => {
      const store = await openOne();
      const ns = namespace();
      expect(await store.get({ namespace: ns, name: "a/1" })).toBeUndefined();
      await store.put({ namespace: ns, name: "b" }, bytes("three"), { absent: true });
      const first = await store.put({ namespace: ns, name: "a/1" }, bytes("one"), { absent: true });
      expect(first.ok).toBe(true);
      await store.put({ namespace: ns, name: "a/2" }, bytes("two"), { absent: true });
      await store.put({ namespace: `${ns}.other`, name: "a/3" }, bytes("elsewhere"), { absent: true });
      const got = await store.get({ namespace: ns, name: "a/1" });
      expect(got && text(got.value)).toBe("one");
      expect(got?.version).toBe(first.ok && first.version);
      expect(got?.updatedAt).toBeGreaterThan(Date.now() - 60_000);
      expect((await store.list(ns, "a/")).map((r) => r.key.name)).toEqual(["a/1", "a/2"]);
      expect((await store.list(ns)).map((r) => text(r.value))).toEqual(["one", "two", "three"]);
      expect(await store.delete({ namespace: ns, name: "a/1" }, { version: "not-it" })).toBe(false);
      expect(await store.delete({ namespace: ns, name: "a/1" })).toBe(true);
      expect(await store.delete({ namespace: ns, name: "a/1" })).toBe(false);
      expect(await store.get({ namespace: ns, name: "a/1" })).toBeUndefined();
      await expect(store.get({ namespace: ns, name: "../x" })).rejects.toMatchObject({
        code: "STORAGE_BAD_KEY",
      });
    });

    it("keeps create-only records from two stores at once, each once, never rewritten, listed in name order", async () => {
      // What an append-only log (the audit log) rests on: create-only puts under fresh names.
      const [a, b] = [await openOne(), await openOne()];
      const ns = namespace();
      const names = Array.from({ length: 20 }, (_, i) => `2026-01-01/${String(i).padStart(4, "0")}`);
      const results = await Promise.all(
        names.map((name, i) => (i % 2 ? a : b).put({ namespace: ns, name }, bytes(name), { absent: true })),
      );
      expect(results.every((result) => result.ok)).toBe(true);
      const again = await a.put({ namespace: ns, name: names[0] as string }, bytes("rewritten"), {
        absent: true,
      });
      expect(again).toEqual({ ok: false, conflict: true });
      const listed = await b.list(ns, "2026-01-01/");
      expect(listed.map((record) => record.key.name)).toEqual(names);
      expect(listed.map((record) => text(record.value))).toEqual(names);
    });

    it("lets one of two writers at the same version win; the other conflicts, re-reads and retries", async () => {
      const [a, b] = [await openOne(), await openOne()];
      const key = { namespace: namespace(), name: "shared" };
      await a.put(key, bytes("start"), { absent: true });
      const [seenA, seenB] = [await a.get(key), await b.get(key)];
      const results = await Promise.all([
        a.put(key, bytes("start+a"), { version: seenA?.version as string }),
        b.put(key, bytes("start+b"), { version: seenB?.version as string }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, conflict: true }]);
      const loser = results[0]?.ok ? b : a;
      const again = await loser.get(key);
      const retried = await loser.put(key, bytes(`${text(again?.value as Uint8Array)}+retry`), {
        version: again?.version as string,
      });
      expect(retried.ok).toBe(true);
      expect(text((await a.get(key))?.value as Uint8Array)).toMatch(/^start\+[ab]\+retry$/);
      expect((await a.put(key, bytes("x"), { absent: true })).ok).toBe(false);
      // A write at a version long replaced conflicts, and changes nothing.
      expect(await b.put(key, bytes("stale"), { version: seenB?.version as string })).toEqual({
        ok: false,
        conflict: true,
      });
      expect(text((await b.get(key))?.value as Uint8Array)).toMatch(/\+retry$/);
    });

    it("gives a lease to one process at a time, and again once released or lapsed", async () => {
      const store = await openOne();
      const name = `refresh.${randomBytes(4).toString("hex")}`;
      // Within one process too: of three at once, one gets it.
      const together = await Promise.all([1, 2, 3].map(() => store.lease(`${name}.local`, 20_000)));
      expect(together.filter((lease) => lease !== undefined)).toHaveLength(1);
      const holder = start({ action: "lease", name, ttlMs: 20_000 });
      expect(await holder.next()).toEqual({ held: true });
      expect(await store.lease(name, 20_000)).toBeUndefined();
      const rival = start({ action: "lease", name, ttlMs: 20_000 });
      expect(await rival.next()).toEqual({ held: false });
      holder.send("release");
      expect(await holder.next()).toEqual({ released: true });
      // Leases far longer than a loaded machine takes to start a process: each one is asked while
      // the lease it meets still holds. Only the lease meant to lapse is short, and it is asked after.
      const mine = await store.lease(name, 20_000);
      expect(mine).toBeDefined();
      const third = start({ action: "lease", name, ttlMs: 20_000 });
      expect(await third.next()).toEqual({ held: false });
      const lapsing = `${name}.lapsing`;
      const short = await store.lease(lapsing, 500);
      expect(short).toBeDefined();
      await sleep((short?.expiresAt as number) - Date.now() + 50);
      const afterLapse = start({ action: "lease", name: lapsing, ttlMs: 20_000 });
      expect(await afterLapse.next()).toEqual({ held: true });
      await short?.release(); // lapsed and taken: releasing must not free the new holder's lease
      expect(await store.lease(lapsing, 1000)).toBeUndefined();
      await mine?.release();
    });

    // How soon beside pollIntervalMs is bench/storage.mjs's figure; here, that the changes arrive
    // (the deadlines only bound a feed that never reports).
    it("reports another process's writes and deletes", async () => {
      const store = await openOne();
      const poll = target().settings.pollIntervalMs ?? 1000;
      const ns = namespace();
      const changes: StoreChange[] = [];
      const stop = store.watch(ns, (change) => changes.push(change));
      await sleep(100); // the feed's first listing
      const writer = start({ action: "put", key: { namespace: ns, name: "k" }, value: "v1" });
      const written = (await writer.next()) as { ok: boolean; version: string };
      expect(written.ok).toBe(true);
      await expect.poll(() => changes.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(changes[0]).toMatchObject({ key: { namespace: ns, name: "k" }, version: written.version });
      await store.delete({ namespace: ns, name: "k" });
      await expect.poll(() => changes.at(-1)?.version, { timeout: 20_000 }).toBeUndefined();
      // Only the watched namespace: another's writes are not reported.
      const elsewhere = start({ action: "put", key: { namespace: `${ns}.other`, name: "k" }, value: "x" });
      expect(await elsewhere.next()).toMatchObject({ ok: true });
      await sleep(poll * 2);
      expect(changes.every((change) => change.key.namespace === ns)).toBe(true);
      stop();
    });

    it("keeps the old value readable when a writer is killed mid-write", async () => {
      const store = await openOne();
      const key = { namespace: namespace(), name: "big" };
      const size = 4 * 1024 * 1024;
      const writer = start({ action: "crash-writer", key, size });
      expect(await writer.next()).toEqual({ writing: true });
      await sleep(20 + Math.random() * 60);
      writer.process.kill("SIGKILL");
      await writer.exited;
      const left = await store.get(key);
      expect(left?.value.length).toBe(size);
      const first = left?.value[0];
      expect(left?.value.every((byte) => byte === first)).toBe(true);
      // The dead writer's leftovers (a lock, a temporary file) do not block the next write. A server
      // may still finish the dead client's last statement after the kill, so the next writer
      // re-reads on a conflict, as every writer does, and then goes through.
      let written = false;
      for (let attempt = 0; attempt < 5 && !written; attempt++) {
        const current = attempt === 0 ? left : await store.get(key);
        expect(current?.value.length).toBe(size);
        written = (await store.put(key, bytes("after"), { version: current?.version as string })).ok;
      }
      expect(written).toBe(true);
    });

    it("loses nothing when 200 writers in 4 processes increment one counter", async () => {
      const store = await openOne();
      const key = { namespace: namespace(), name: "counter" };
      const writers = Array.from({ length: 4 }, () => start({ action: "increment", key, count: 50 }));
      const reports = await Promise.all(writers.map((writer) => writer.next()));
      expect(reports.map((report) => report.done)).toEqual([50, 50, 50, 50]);
      // The writers really raced: some compare-and-swap lost and was retried (a store that let every
      // write through, or writers that ran one after another, would pass the count alone).
      expect(reports.reduce((sum, report) => sum + Number(report.retries), 0)).toBeGreaterThan(0);
      expect(text((await store.get(key))?.value as Uint8Array)).toBe("200");
      // Minutes on a loaded machine for object_store: thousands of requests lose the race, each an
      // HTTP round trip through the proxy to s3rver, whose writes of the one object take turns.
    }, 240_000);
  });
}
