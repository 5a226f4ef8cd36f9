/**
 * The filesystem store's lock file: a waiter gives up on a lock that stays with one live holder, and
 * keeps waiting while the lock changes hands (contention is progress, however long it lasts).
 */
import { mkdtempSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { withLock } from "../../../runtime/storage/filesystem/lock.js";

const owner = JSON.stringify({ pid: process.pid, host: hostname() });

/** Puts a new live lock file in place of the old one at once, so the lock is never free. */
async function handOver(lockPath: string, round: number): Promise<void> {
  const next = `${lockPath}.${round}.hand`;
  await writeFile(next, owner);
  await rename(next, lockPath);
}

describe("the filesystem store's lock", () => {
  it("gives up on a lock one live holder keeps", async () => {
    const lockPath = join(mkdtempSync(join(tmpdir(), "unitc-lock-")), "k.rec.lock");
    await writeFile(lockPath, owner);
    await expect(withLock(lockPath, async () => "ran", 200)).rejects.toMatchObject({
      code: "STORAGE_NOT_WRITABLE",
      message: `lock ${lockPath} stayed with one holder for 200 ms`,
    });
  });

  it("keeps waiting while the lock changes hands, for longer than its wait", async () => {
    const lockPath = join(mkdtempSync(join(tmpdir(), "unitc-lock-")), "k.rec.lock");
    await writeFile(lockPath, owner);
    const order: string[] = [];
    const waiter = withLock(lockPath, async () => order.push("waiter ran"), 1_000);
    // Each holder keeps the lock a few milliseconds; together they keep it several waits long.
    for (let round = 0; round < 150; round++) {
      await handOver(lockPath, round);
      await sleep(20);
    }
    order.push("holders done");
    await rename(lockPath, `${lockPath}.released`);
    await waiter;
    expect(order).toEqual(["holders done", "waiter ran"]);
  });
});
