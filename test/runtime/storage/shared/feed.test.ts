import { describe, expect, it } from "vitest";
import { ChangeFeed } from "../../../../runtime/storage/shared/feed.js";
import type { StoreChange } from "../../../../runtime/storage/shared/types.js";

describe("ChangeFeed", () => {
  // How soon beside pollIntervalMs is bench/storage.mjs's figure; the deadlines here only bound a
  // feed that never reports.
  it("reports writes and deletes by polling alone, when no hint ever comes", async () => {
    const versions = new Map([["a", "1"]]);
    const feed = new ChangeFeed(async () => new Map(versions), 100);
    const seen: StoreChange[] = [];
    const stop = feed.watch("ns", (change) => seen.push(change));
    await new Promise((resolve) => setTimeout(resolve, 30));
    versions.set("a", "2");
    versions.set("b", "1");
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    expect(seen.map(({ key, version }) => [key.name, version])).toEqual([
      ["a", "2"],
      ["b", "1"],
    ]);
    versions.delete("a");
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(3);
    expect(seen[2]).toMatchObject({ key: { namespace: "ns", name: "a" }, version: undefined });
    stop();
    await feed.close();
  });

  it("polls at once when nudged, and turns the native hint on and off with its watchers", async () => {
    const versions = new Map<string, string>();
    const active: boolean[] = [];
    const feed = new ChangeFeed(
      async () => new Map(versions),
      60_000,
      (on) => active.push(on),
    );
    const seen: StoreChange[] = [];
    const stop = feed.watch("ns", (change) => seen.push(change));
    expect(active).toEqual([true]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    versions.set("k", "v1");
    feed.nudge();
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    stop();
    expect(active).toEqual([true, false]);
    await feed.close();
  });
});
