/**
 * The PostgreSQL store's schema `unitc`, changed only by {@link migratePostgres} (`unitc storage
 * migrate`): the running server never runs DDL. {@link checkSchema} makes it fail closed when the
 * schema is missing, older, or newer than this binary.
 */
import type pg from "pg";
import { StoreError } from "../shared/types.js";

/** Forward-only: entry i brings the schema from version i to i + 1. Never edit a shipped one. */
const MIGRATIONS = [
  `CREATE TABLE unitc.records (
     namespace text NOT NULL,
     name text NOT NULL,
     value bytea NOT NULL,
     version text NOT NULL,
     updated_at bigint NOT NULL,
     PRIMARY KEY (namespace, name)
   )`,
];

/** The schema version this binary reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the `unitc` schema up to {@link SCHEMA_VERSION}; returns the versions before and after. */
export async function migratePostgres(client: pg.ClientBase): Promise<{ from: number; to: number }> {
  await client.query("BEGIN");
  try {
    // One migrator at a time across machines.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('unitc.migrate'))");
    await client.query("CREATE SCHEMA IF NOT EXISTS unitc");
    await client.query("CREATE TABLE IF NOT EXISTS unitc.schema_version (version integer NOT NULL)");
    const found = await client.query<{ version: number }>("SELECT version FROM unitc.schema_version");
    const from = found.rows[0]?.version ?? 0;
    if (from > SCHEMA_VERSION) throw newer(from);
    for (let version = from; version < SCHEMA_VERSION; version++)
      await client.query(MIGRATIONS[version] as string);
    await client.query("DELETE FROM unitc.schema_version");
    await client.query("INSERT INTO unitc.schema_version (version) VALUES ($1)", [SCHEMA_VERSION]);
    await client.query("COMMIT");
    return { from, to: SCHEMA_VERSION };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** Throws unless the schema is exactly at {@link SCHEMA_VERSION}; reads only. */
export async function checkSchema(client: pg.ClientBase, location: string): Promise<void> {
  const table = await client.query<{ present: string | null }>(
    "SELECT to_regclass('unitc.schema_version') AS present",
  );
  const found = table.rows[0]?.present
    ? (await client.query<{ version: number }>("SELECT version FROM unitc.schema_version")).rows[0]?.version
    : undefined;
  if (found !== undefined && found > SCHEMA_VERSION) throw newer(found);
  if (found !== SCHEMA_VERSION) {
    throw new StoreError(
      "STORAGE_NOT_MIGRATED",
      `PostgreSQL store ${location} is at schema version ${found ?? "none"}; this unitc needs ${SCHEMA_VERSION}`,
      "run `unitc storage migrate` (the server never changes the schema itself)",
    );
  }
}

function newer(found: number): StoreError {
  return new StoreError(
    "STORAGE_SCHEMA_NEWER",
    `the database's unitc schema is version ${found}, newer than this unitc knows (${SCHEMA_VERSION})`,
    "upgrade unitc; an older one must not write to it",
  );
}
