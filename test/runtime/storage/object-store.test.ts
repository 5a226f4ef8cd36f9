import { randomBytes, randomUUID } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type StorageSettings } from "../../../runtime/storage/open.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import { Vault } from "../../../runtime/storage/vault.js";
import { type PreconditionProxy, startPreconditionProxy } from "../../support/precondition-proxy.js";
import { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from "../../support/s3rver.js";
import { describeStoreConformance } from "./conformance.js";

let s3: RunningS3rver;
let proxy: PreconditionProxy;
const env = {
  UNITC_S3: JSON.stringify(S3RVER_CREDENTIALS),
  UNITC_VAULT_KEY: randomBytes(32).toString("base64url"),
};
const pollIntervalMs = 300;

beforeAll(async () => {
  s3 = await startS3rver();
  proxy = await startPreconditionProxy(s3.url);
});
afterAll(async () => {
  await proxy?.close();
  await s3?.close();
});

const config = (endpoint: string, path = `run-${randomUUID()}`): StorageSettings => ({
  provider: "object_store",
  bucket: s3.bucket,
  region: "us-east-1",
  endpoint,
  forcePathStyle: true,
  path,
  credentials: "env:UNITC_S3",
  vaultKey: "env:UNITC_VAULT_KEY",
  pollIntervalMs,
});

describe("object_store at open", () => {
  it("refuses s3rver on its own, which ignores conditional writes", async () => {
    await expect(openStore(config(s3.url), env)).rejects.toMatchObject({
      code: "STORAGE_NO_PRECONDITIONS",
      message: expect.stringContaining(`s3://${s3.bucket}/`),
    });
  });

  it("says the endpoint is unreachable, without a stack trace", async () => {
    await expect(openStore(config("http://127.0.0.1:9"), env)).rejects.toMatchObject({
      code: "STORAGE_UNREACHABLE",
    });
  });

  it("names storage.credentials when they are not the credentials JSON", async () => {
    await expect(openStore(config(proxy.url), { ...env, UNITC_S3: "AKIA-not-json" })).rejects.toThrow(
      "storage.credentials is not JSON",
    );
    const literal = openStore({ ...config(proxy.url), credentials: "AKIA123" }, env);
    await expect(literal).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: "storage.credentials holds a literal value; it must be a reference",
    });
    await expect(literal).rejects.not.toThrow("AKIA123");
  });

  it("refuses to start without storage.vaultKey, since it never generates one", async () => {
    const { vaultKey: _none, ...keyless } = config(proxy.url);
    await expect(openStore(keyless, env)).rejects.toMatchObject({
      code: "VAULT_NO_KEY",
      message: expect.stringContaining("storage provider object_store needs storage.vaultKey"),
    });
  });

  it("opens though removing the start-up probe's object failed (a 500), and then writes and reads", async () => {
    proxy.failNextDelete();
    const store = await openStore(config(proxy.url), env);
    const key = { namespace: "test.probe", name: "after" };
    const written = new TextEncoder().encode("written");
    expect(await store.put(key, written, { absent: true })).toMatchObject({ ok: true });
    expect((await store.get(key))?.value).toEqual(written);
    await store.close();
  });

  it("reports where it is with no secret in the location", async () => {
    const store = await openStore(config(proxy.url, "prod/state"), env);
    expect(store.location).toBe(`s3://${s3.bucket}/prod/state/`);
    expect(store.provider).toBe("object_store");
    await store.close();
  });
});

describe("object_store when a conditional write's answer is lost", () => {
  const text = (value: Uint8Array | undefined) => new TextDecoder().decode(value);
  const bytes = (value: string) => new TextEncoder().encode(value);

  it("reports a create that landed before a 502 as written, not as a conflict", async () => {
    const store = await openStore(config(proxy.url), env);
    const key = { namespace: "test.lost", name: "created" };
    proxy.failNextPut("landed");
    const result = await store.put(key, bytes("mine"), { absent: true });
    expect(result).toMatchObject({ ok: true });
    const read = await store.get(key);
    expect(text(read?.value)).toBe("mine");
    expect(result.ok && result.version).toBe(read?.version);
    await store.close();
  });

  it("reports a replace that landed before a 502 as written, and loses nothing", async () => {
    const store = await openStore(config(proxy.url), env);
    const key = { namespace: "test.lost", name: "replaced" };
    const first = await store.put(key, bytes("one"), { absent: true });
    if (!first.ok) throw new Error("the first write conflicted");
    proxy.failNextPut("landed");
    const second = await store.put(key, bytes("two"), { version: first.version });
    expect(second).toMatchObject({ ok: true });
    const read = await store.get(key);
    expect(text(read?.value)).toBe("two");
    expect(second.ok && second.version).toBe(read?.version);
    await store.close();
  });

  it("fails a write whose outcome is unknown with an error, never a conflict", async () => {
    const store = await openStore(config(proxy.url), env);
    const key = { namespace: "test.lost", name: "dropped" };
    const first = await store.put(key, bytes("one"), { absent: true });
    if (!first.ok) throw new Error("the first write conflicted");
    proxy.failNextPut("dropped");
    await expect(store.put(key, bytes("two"), { version: first.version })).rejects.toMatchObject({
      code: "STORAGE_UNREACHABLE",
      message: expect.stringContaining("unknown"),
    });
    // The old value is still there and the caller may try again with what it read.
    const read = await store.get(key);
    expect(text(read?.value)).toBe("one");
    expect(await store.put(key, bytes("two"), { version: first.version })).toMatchObject({ ok: true });
    await store.close();
  });
});

// Behind the precondition-enforcing proxy: the one stand-in (see test/support/precondition-proxy.ts),
// for S3's own atomic conditional writes, which s3rver accepts and ignores.
const conformancePath = `conformance-${randomUUID()}`;
describeStoreConformance("object_store (s3rver behind the precondition proxy, a labelled stand-in)", () => ({
  settings: config(proxy.url, conformancePath),
  env,
}));

describe("the vault over object_store", () => {
  it("keeps no plaintext secret in any object of the bucket", async () => {
    const path = `vault-${randomUUID()}`;
    const store = await openStore(config(proxy.url, path), env);
    const vault = new Vault(store, vaultKey(randomBytes(32)));
    const plaintext = `ghp_${randomUUID()}`;
    await vault.set("github-token", plaintext);
    expect((await vault.get("github-token"))?.value).toBe(plaintext);
    await store.close();

    // Read every object straight from s3rver, around the store.
    const raw = new S3Client({
      region: "us-east-1",
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: path }));
    // The secret's record and its namespace's sealed index of current generations.
    expect(listed.Contents?.length).toBe(2);
    for (const item of listed.Contents ?? []) {
      const body = await (
        await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: item.Key }))
      ).Body?.transformToString("latin1");
      expect(body).toBeDefined();
      expect(body).not.toContain(plaintext);
      expect(body).not.toContain(plaintext.slice(4, 20));
    }
    raw.destroy();
  });
});
