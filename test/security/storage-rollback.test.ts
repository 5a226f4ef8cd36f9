/**
 * Rollback of sealed records, as a storage writer without the vault key would do it: a secret is set
 * to v1, then v2, and v1's stored bytes are copied back into the record's row (or file, or object)
 * directly; a logged-out OAuth token's old record is put back after the logout. Either must be refused
 * with VAULT_ROLLBACK, never opened as current. Runs over real SQLite files, the filesystem provider,
 * embedded PostgreSQL and s3rver behind the precondition proxy.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenStore } from "../../runtime/auth/token-store.js";
import { openStore, type StorageSettings } from "../../runtime/storage/open.js";
import { vaultKey } from "../../runtime/storage/seal.js";
import type { Store, StoreKey } from "../../runtime/storage/shared/types.js";
import { Vault } from "../../runtime/storage/vault.js";
import { type PostgresServer, startPostgres } from "../runtime/storage/postgres-server.js";
import { type PreconditionProxy, startPreconditionProxy } from "../support/precondition-proxy.js";
import { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from "../support/s3rver.js";

/** Reads a record's stored form and writes it back later, bypassing the store (a raw writer). */
interface RawAccess {
  copy(key: StoreKey): Promise<unknown>;
  restore(key: StoreKey, copy: unknown): Promise<void>;
}

interface Target {
  settings: StorageSettings;
  env: Record<string, string>;
  raw: RawAccess;
}

let postgres: PostgresServer;
let s3: RunningS3rver;
let proxy: PreconditionProxy;
const keyText = randomBytes(32).toString("base64url");
const env = { UNITC_TEST_VAULT_KEY: keyText, UNITC_S3: JSON.stringify(S3RVER_CREDENTIALS) };

beforeAll(async () => {
  [postgres, s3] = await Promise.all([startPostgres(), startS3rver()]);
  proxy = await startPreconditionProxy(s3.url);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await s3?.close();
  await postgres?.stop();
});

function sqliteTarget(): Target {
  const path = join(mkdtempSync(join(tmpdir(), "unitc-rollback-")), "store.db");
  const sql = (run: (db: DatabaseSync) => unknown) => {
    const db = new DatabaseSync(path);
    try {
      return run(db);
    } finally {
      db.close();
    }
  };
  return {
    settings: { provider: "sqlite", path },
    env,
    raw: {
      copy: async (key) =>
        sql((db) =>
          db.prepare("SELECT * FROM records WHERE namespace = ? AND name = ?").get(key.namespace, key.name),
        ),
      restore: async (_key, row) => {
        const { namespace, name, value, version, updated_at } = row as Record<string, SQLInputValue> & {
          namespace: string;
          name: string;
          value: Uint8Array;
          version: string;
          updated_at: number;
        };
        sql((db) =>
          db
            .prepare("INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?, ?)")
            .run(namespace, name, value, version, updated_at),
        );
      },
    },
  };
}

function filesystemTarget(): Target {
  const root = mkdtempSync(join(tmpdir(), "unitc-rollback-"));
  const file = (key: StoreKey) => join(root, "records", key.namespace, `${key.name}.rec`);
  return {
    settings: { provider: "filesystem", path: root },
    env,
    raw: {
      copy: async (key) => readFileSync(file(key)),
      restore: async (key, bytes) => writeFileSync(file(key), bytes as Buffer),
    },
  };
}

async function postgresTarget(): Promise<Target> {
  const database = `unitc_rollback_${randomBytes(4).toString("hex")}`;
  await postgres.createDatabase(database);
  const dsn = postgres.dsn(database);
  const sql = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: dsn });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    settings: {
      provider: "postgresql",
      connection: "env:UNITC_TEST_PG",
      vaultKey: "env:UNITC_TEST_VAULT_KEY",
    },
    env: { ...env, UNITC_TEST_PG: dsn },
    raw: {
      copy: (key) =>
        sql(async (client) => {
          const found = await client.query("SELECT * FROM unitc.records WHERE namespace = $1 AND name = $2", [
            key.namespace,
            key.name,
          ]);
          return found.rows[0];
        }),
      restore: (_key, row) =>
        sql(async (client) => {
          const { namespace, name, value, version, updated_at } = row as Record<string, unknown>;
          await client.query(
            `INSERT INTO unitc.records VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (namespace, name) DO UPDATE SET value = $3, version = $4, updated_at = $5`,
            [namespace, name, value, version, updated_at],
          );
        }),
    },
  };
}

function objectStoreTarget(): Target {
  const path = `rollback-${randomUUID()}`;
  // Raw access goes to s3rver itself, as anyone with the bucket's credentials could.
  const client = new S3Client({
    endpoint: s3.url,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const objectKey = (key: StoreKey) => `${path}/records/${encodeURIComponent(key.namespace)}/${key.name}`;
  return {
    settings: {
      provider: "object_store",
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: proxy.url,
      forcePathStyle: true,
      path,
      credentials: "env:UNITC_S3",
      vaultKey: "env:UNITC_TEST_VAULT_KEY",
    },
    env,
    raw: {
      copy: async (key) => {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
        return { body: await out.Body?.transformToByteArray(), metadata: out.Metadata };
      },
      restore: async (key, copy) => {
        const { body, metadata } = copy as { body: Uint8Array; metadata: Record<string, string> };
        await client.send(
          new PutObjectCommand({ Bucket: s3.bucket, Key: objectKey(key), Body: body, Metadata: metadata }),
        );
      },
    },
  };
}

const TARGETS: Record<string, () => Target | Promise<Target>> = {
  sqlite: sqliteTarget,
  filesystem: filesystemTarget,
  postgresql: postgresTarget,
  object_store: objectStoreTarget,
};

async function opened(target: Target): Promise<Store> {
  if (target.settings.provider === "postgresql") {
    const { migratePostgresStore } = await import("../../runtime/storage/postgresql/store.js");
    await migratePostgresStore(target.env.UNITC_TEST_PG as string);
  }
  return openStore(target.settings, target.env);
}

const key = vaultKey(Buffer.from(keyText, "base64url"));
const tokens = (accessToken: string) => ({
  accessToken,
  refreshToken: `${accessToken}-refresh`,
  issuedAt: 1,
});

describe.each(Object.keys(TARGETS))("sealed records refuse rollback (%s)", (provider) => {
  it("refuses an older ciphertext of a secret copied back into its record", async () => {
    const target = await (TARGETS[provider] as () => Target | Promise<Target>)();
    const store = await opened(target);
    try {
      const vault = new Vault(store, key);
      const record = { namespace: "vault", name: "ROTATED" };
      await vault.set("ROTATED", "v1-leaked-secret");
      const v1 = await target.raw.copy(record);
      await vault.set("ROTATED", "v2-current-secret");
      expect((await vault.get("ROTATED"))?.value).toBe("v2-current-secret");
      await target.raw.restore(record, v1);

      // A fresh store and vault: nothing remembered in this process decides.
      await store.close();
      const again = await opened(target);
      try {
        const reader = new Vault(again, key);
        await expect(reader.get("ROTATED")).rejects.toMatchObject({
          code: "VAULT_ROLLBACK",
          message: expect.stringContaining("vault/ROTATED"),
        });
        // A writer re-reads what is current, so a rolled-back record is not the base of a new value.
        await expect(reader.set("ROTATED", "v3")).rejects.toMatchObject({ code: "VAULT_ROLLBACK" });
      } finally {
        await again.close();
      }
    } finally {
      await store.close().catch(() => {});
    }
  });

  it("refuses a logged-out OAuth token put back from an old copy", async () => {
    const target = await (TARGETS[provider] as () => Target | Promise<Target>)();
    const store = await opened(target);
    try {
      const tokenStore = new TokenStore(store, key);
      const record = { namespace: "oauth", name: "github" };
      expect(await tokenStore.write("github", "fp", tokens("at-1"), undefined)).toBe(true);
      const copy = await target.raw.copy(record);
      expect(await tokenStore.remove("github")).toBe(true);
      expect(await tokenStore.read("github")).toBeUndefined();
      await target.raw.restore(record, copy);
      await expect(new TokenStore(store, key).read("github")).rejects.toMatchObject({
        code: "VAULT_ROLLBACK",
      });
      // Logging in again after the logout is a new record that opens.
      const fresh = new TokenStore(store, key);
      await fresh.remove("github");
      expect(await fresh.write("github", "fp", tokens("at-2"), undefined)).toBe(true);
      expect((await fresh.read("github"))?.tokens.accessToken).toBe("at-2");
    } finally {
      await store.close();
    }
  });
});
