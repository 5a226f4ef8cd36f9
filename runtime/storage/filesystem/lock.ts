/**
 * A lock file per record for the filesystem store's compare-and-swap: created exclusively,
 * holding the owner's pid and host. A lock left by a process that died (same host, pid gone) or one
 * older than {@link STALE_MS} is broken by renaming it aside and checking what was moved: when a
 * second breaker moved a live lock instead, it puts it back (link fails when a new one was taken).
 * A waiter gives up only when one holder keeps the lock for {@link WAIT_MS}: under heavy contention a
 * waiter may lose many rounds in a row while the lock changes hands, and that is progress, not a hang.
 */
import { link, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { StoreError } from "../shared/types.js";

/** A lock held longer than this is taken to be abandoned (a write takes milliseconds). */
const STALE_MS = 30_000;
/** How long a writer waits for a lock that stays with one holder before giving up. */
const WAIT_MS = 15_000;

/** Runs `work` holding the lock file `lockPath`; `waitMs` (tests) replaces {@link WAIT_MS}. */
export async function withLock<T>(lockPath: string, work: () => Promise<T>, waitMs = WAIT_MS): Promise<T> {
  let deadline = Date.now() + waitMs;
  let holder: string | undefined;
  const owner = JSON.stringify({ pid: process.pid, host: hostname() });
  let attempt = 1;
  for (;;) {
    // Written aside and linked into place, so a lock file is never seen empty (link fails if taken).
    const mine = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}.new`;
    try {
      await writeFile(mine, owner, { mode: 0o600 });
      await link(mine, lockPath);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw notWritable(lockPath, error);
    } finally {
      await unlink(mine).catch(() => {});
    }
    const seen = await lockId(lockPath);
    if (seen !== holder) {
      // A new holder (or none): the wait for this one starts now.
      holder = seen;
      deadline = Date.now() + waitMs;
    }
    if (await isStale(lockPath)) await breakLock(lockPath);
    else if (Date.now() > deadline) {
      throw new StoreError(
        "STORAGE_NOT_WRITABLE",
        `lock ${lockPath} stayed with one holder for ${waitMs} ms`,
        "another process holds it; if none does, delete the .lock file",
      );
    } else {
      // Growing, jittered waits: busy waiters must not crowd out the holder's own file operations.
      await sleep(Math.random() * Math.min(50, 2 ** attempt));
      attempt++;
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => {});
  }
}

/** Which lock file is in place: each taking links a new file, so inode and mtime change hands. */
async function lockId(lockPath: string): Promise<string | undefined> {
  try {
    const info = await stat(lockPath);
    return `${info.ino}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, "utf8"), stat(lockPath)]);
    if (Date.now() - info.mtimeMs > STALE_MS) return true;
    const owner = JSON.parse(text) as { pid?: number; host?: string };
    if (owner.host !== hostname() || typeof owner.pid !== "number") return false;
    return !isAlive(owner.pid);
  } catch {
    return false; // gone or half-written: try to take it again
  }
}

async function breakLock(lockPath: string): Promise<void> {
  const aside = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}.stale`;
  try {
    await rename(lockPath, aside);
  } catch {
    return; // someone else broke it first
  }
  if (!(await isStale(aside))) await link(aside, lockPath).catch(() => {});
  await unlink(aside).catch(() => {});
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A STORAGE_NOT_WRITABLE error for `path`, naming the system's reason. */
export function notWritable(path: string, error: unknown): StoreError {
  const code = (error as NodeJS.ErrnoException).code ?? "error";
  return new StoreError(
    "STORAGE_NOT_WRITABLE",
    `cannot write ${path} (${code})`,
    "check the folder's owner and mode",
  );
}
