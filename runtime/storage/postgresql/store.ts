/**
 * The PostgreSQL store (`pg`): records in the dedicated schema `unitc`, a compare-and-swap in one
 * conditional statement, `LISTEN/NOTIFY` on channel `unitc_changes` as the change feed's hint;
 * polling decides. Opening checks the schema version and never changes it.
 */
import type pg from "pg";
import { importOptional } from "../../shared/optional-package.js";
import { type RecordEngine, storeOver } from "../shared/engine.js";
import { newVersion } from "../shared/keys.js";
import {
  type Expect,
  type PutResult,
  type Store,
  StoreError,
  type StoreKey,
  type StoreRecord,
} from "../shared/types.js";
import { checkSchema, migratePostgres } from "./schema.js";

const CHANNEL = "unitc_changes";

type Pg = typeof pg;

/** The `pg` driver, an optional package: loaded when a postgresql store is first opened. */
async function loadPg(): Promise<Pg> {
  const module = await importOptional("pg", () => import("pg"));
  return module.default;
}

/** `postgresql://host:port/database`: where the DSN points, with no user or password. */
export function postgresLocation(dsn: string): string {
  try {
    const url = new URL(dsn);
    return `postgresql://${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    return "postgresql://(unparsed connection string)";
  }
}

/** Opens the store at `dsn`; fails closed unless the schema was migrated to this binary's version. */
export async function openPostgresStore(dsn: string, pollIntervalMs: number): Promise<Store> {
  const location = postgresLocation(dsn);
  const pg = await loadPg();
  const pool = new pg.Pool({ connectionString: dsn, max: 4 });
  pool.on("error", () => {}); // an idle client's lost connection: the next query reconnects
  try {
    const client = await pool.connect().catch((error: Error) => {
      throw unreachable(location, error);
    });
    try {
      await checkSchema(client, location);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return storeOver(new PostgresEngine(pg, pool, dsn, location), pollIntervalMs);
}

/** Migrates the schema at `dsn` (what `unitc storage migrate` runs). */
export async function migratePostgresStore(dsn: string): Promise<{ from: number; to: number }> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: dsn });
  await client.connect().catch((error: Error) => {
    throw unreachable(postgresLocation(dsn), error);
  });
  try {
    return await migratePostgres(client);
  } finally {
    await client.end();
  }
}

function unreachable(location: string, error: Error): StoreError {
  // pg's messages may quote the user name but never the password; still, say only the code.
  const code = (error as { code?: string }).code ?? "error";
  return new StoreError(
    "STORAGE_UNREACHABLE",
    `cannot connect to ${location} (${code})`,
    "check the server and the DSN",
  );
}

interface Row {
  name: string;
  value: Buffer;
  version: string;
  updated_at: string;
}

class PostgresEngine implements RecordEngine {
  readonly provider = "postgresql";

  constructor(
    private readonly pg: Pg,
    private readonly pool: pg.Pool,
    private readonly dsn: string,
    readonly location: string,
  ) {}

  private async query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw new StoreError("STORAGE_UNREACHABLE", `${this.location}: ${(error as Error).message}`);
    }
  }

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    const found = await this.query<Row>(
      "SELECT name, value, version, updated_at FROM unitc.records WHERE namespace = $1 AND name = $2",
      [key.namespace, key.name],
    );
    const row = found.rows[0];
    return row && toRecord(key.namespace, row);
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const version = newVersion();
    const bytes = Buffer.from(value);
    const changed =
      "absent" in expect
        ? await this.query(
            `WITH written AS (INSERT INTO unitc.records (namespace, name, value, version, updated_at)
               VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1)
             SELECT pg_notify('${CHANNEL}', $1) FROM written`,
            [key.namespace, key.name, bytes, version, Date.now()],
          )
        : await this.query(
            `WITH written AS (UPDATE unitc.records SET value = $3, version = $4, updated_at = $5
               WHERE namespace = $1 AND name = $2 AND version = $6 RETURNING 1)
             SELECT pg_notify('${CHANNEL}', $1) FROM written`,
            [key.namespace, key.name, bytes, version, Date.now(), expect.version],
          );
    return changed.rowCount === 1 ? { ok: true, version } : { ok: false, conflict: true };
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const changed = await this.query(
      `WITH gone AS (DELETE FROM unitc.records WHERE namespace = $1 AND name = $2
         AND ($3::text IS NULL OR version = $3) RETURNING 1)
       SELECT pg_notify('${CHANNEL}', $1) FROM gone`,
      [key.namespace, key.name, expect?.version ?? null],
    );
    return changed.rowCount === 1;
  }

  async list(namespace: string, prefix: string): Promise<StoreRecord[]> {
    const found = await this.query<Row>(
      `SELECT name, value, version, updated_at FROM unitc.records
       WHERE namespace = $1 AND left(name, $2) = $3 ORDER BY name COLLATE "C"`,
      [namespace, prefix.length, prefix],
    );
    return found.rows.map((row) => toRecord(namespace, row));
  }

  async versions(namespace: string): Promise<Map<string, string>> {
    const found = await this.query<Row>("SELECT name, version FROM unitc.records WHERE namespace = $1", [
      namespace,
    ]);
    return new Map(found.rows.map((row) => [row.name, row.version]));
  }

  hint(nudge: () => void): () => void {
    const listener = new this.pg.Client({ connectionString: this.dsn });
    let stopped = false;
    listener.on("error", () => {}); // lost: polling carries on alone
    listener.on("notification", () => nudge());
    listener
      .connect()
      .then(() => (stopped ? undefined : listener.query(`LISTEN ${CHANNEL}`)))
      .catch(() => {});
    return () => {
      stopped = true;
      listener.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function toRecord(namespace: string, row: Row): StoreRecord {
  return {
    key: { namespace, name: row.name },
    value: new Uint8Array(row.value),
    version: row.version,
    updatedAt: Number(row.updated_at),
  };
}
