/**
 * Runs once before any test file: builds dist/ when it is missing or older than the sources (the
 * CLI tests run the built `unitc`, so `npm test` on a fresh clone needs no other step), and gives
 * the run one temp folder of its own, removed at the end, so no test leaves folders behind, and stops
 * the run's PostgreSQL cluster if a test file started one.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { build, distIsFresh } from "../../scripts/prepare.mjs";
import { clusterInfoFile, readInfo } from "../runtime/storage/postgres-server.js";
import { isRunning } from "./running.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const lock = join(repo, "node_modules/.cache/unitc-test-build.lock");

/** Takes the build lock (another copy of the suite may be building), waiting up to 5 minutes. */
async function withLock(work: () => void): Promise<void> {
  mkdirSync(join(lock, ".."), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the build lock ${lock} was held for 5 minutes; remove it`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Stops the cluster test/runtime/storage/postgres-server.ts started in `folder`, if any, and waits. */
async function stopCluster(folder: string): Promise<void> {
  const info = readInfo(clusterInfoFile(folder));
  // A zombie counts as stopped: the helper's parent may be gone, and this container's init does not reap.
  const alive = () => isRunning(info?.pid ?? 0);
  if (!info?.pid || !alive()) return;
  process.kill(info.pid, "SIGTERM");
  for (let waited = 0; alive() && waited < 30_000; waited += 100) await sleep(100);
}

export async function setup(): Promise<() => Promise<void>> {
  if (!distIsFresh()) {
    await withLock(() => {
      if (!distIsFresh()) build();
    });
  }
  const root = mkdtempSync(join(tmpdir(), "unitc-test-run-"));
  // Workers and the processes they start inherit this, so every temp folder lands under `root`.
  process.env.TMPDIR = root;
  // The same folder by a name no test changes: the shared PostgreSQL cluster's answer file is there.
  process.env.UNITC_TEST_RUN_DIR = root;
  return async () => {
    await stopCluster(root);
    rmSync(root, { recursive: true, force: true });
  };
}
