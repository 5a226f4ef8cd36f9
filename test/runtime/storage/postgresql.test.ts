import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../runtime/storage/open.js";
import { migratePostgresStore } from "../../../runtime/storage/postgresql/store.js";
import { describeStoreConformance } from "./conformance.js";
import { type PostgresServer, startPostgres } from "./postgres-server.js";

const KEY = randomBytes(32).toString("base64url");
let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
  await server.createDatabase("conformance");
  await migratePostgresStore(server.dsn("conformance"));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describeStoreConformance("postgresql", () => ({
  settings: {
    provider: "postgresql",
    connection: "env:UNITC_TEST_PG",
    vaultKey: "env:UNITC_TEST_KEY",
    pollIntervalMs: 300,
  },
  env: { UNITC_TEST_PG: server.dsn("conformance"), UNITC_TEST_KEY: KEY },
}));

describe("postgresql store schema", () => {
  const open = (database: string) =>
    openStore(
      { provider: "postgresql", connection: "env:DSN", vaultKey: "env:KEY" },
      { DSN: server.dsn(database), KEY },
    );

  it("refuses to start on a database that was never migrated, and never creates the schema itself", async () => {
    await server.createDatabase("fresh");
    await expect(open("fresh")).rejects.toMatchObject({
      code: "STORAGE_NOT_MIGRATED",
      message: expect.stringMatching(/schema version none.*needs 1/),
      hint: expect.stringContaining("unitc storage migrate"),
    });
    const client = new pg.Client({ connectionString: server.dsn("fresh") });
    await client.connect();
    const schemas = await client.query(
      "SELECT 1 FROM information_schema.schemata WHERE schema_name = 'unitc'",
    );
    await client.end();
    expect(schemas.rowCount).toBe(0);
  });

  it("fails closed, saying so, when the database's schema is newer than this unitc", async () => {
    await server.createDatabase("newer");
    expect(await migratePostgresStore(server.dsn("newer"))).toEqual({ from: 0, to: 1 });
    expect(await migratePostgresStore(server.dsn("newer"))).toEqual({ from: 1, to: 1 });
    const client = new pg.Client({ connectionString: server.dsn("newer") });
    await client.connect();
    await client.query("UPDATE unitc.schema_version SET version = 99");
    await client.end();
    await expect(open("newer")).rejects.toMatchObject({
      code: "STORAGE_SCHEMA_NEWER",
      message: expect.stringContaining("version 99, newer than this unitc knows (1)"),
    });
    await expect(migratePostgresStore(server.dsn("newer"))).rejects.toMatchObject({
      code: "STORAGE_SCHEMA_NEWER",
    });
  });

  it("names where it is without the password", async () => {
    const store = await open("conformance");
    // The database is "conformance" under this file's own suffix (the cluster is the run's).
    expect(store.location).toMatch(/^postgresql:\/\/127\.0\.0\.1:\d+\/conformance_[0-9a-f]{8}$/);
    await store.close();
  });
});
