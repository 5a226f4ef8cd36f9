// The tests' PostgreSQL: one cluster for the run, shared by files, each on databases of its own.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "./postgres-server.js";

let first: PostgresServer;
let second: PostgresServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startPostgres(), startPostgres()]);
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
});

async function query(dsn: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const place = (dsn: string) => new URL(dsn).host;

it("gives two callers the same cluster, started once", () => {
  expect(place(first.dsn("postgres"))).toBe(place(second.dsn("postgres")));
});

it("keeps two callers' databases of the same name apart", async () => {
  await first.createDatabase("apart");
  await second.createDatabase("apart");
  expect(first.dsn("apart")).not.toBe(second.dsn("apart"));
  await query(first.dsn("apart"), "CREATE TABLE only_first (n int)");
  const seen = await query(second.dsn("apart"), "SELECT 1 FROM pg_tables WHERE tablename = 'only_first'");
  expect(seen.rowCount).toBe(0);
});

it("drops a caller's own databases when it stops, and leaves the cluster to the others", async () => {
  const third = await startPostgres();
  await third.createDatabase("dropped");
  const name = new URL(third.dsn("dropped")).pathname.slice(1);
  await third.stop();
  const left = await query(second.dsn("postgres"), `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  expect(left.rowCount).toBe(0);
  expect((await query(second.dsn("apart"), "SELECT 1 AS up")).rows).toEqual([{ up: 1 }]);
});
