import { randomBytes, randomUUID } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openObjectStore } from "../../../runtime/storage/object-store/open.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import { Vault } from "../../../runtime/storage/vault.js";
import { type PreconditionProxy, startPreconditionProxy } from "../../support/precondition-proxy.js";
import { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from "../../support/s3rver.js";
import { describeStore } from "../../support/store-behaviour.js";

let s3: RunningS3rver;
let proxy: PreconditionProxy;
const env = { UNITC_S3: JSON.stringify(S3RVER_CREDENTIALS) };
const pollIntervalMs = 150;

beforeAll(async () => {
  s3 = await startS3rver();
  proxy = await startPreconditionProxy(s3.url);
});
afterAll(async () => {
  await proxy?.close();
  await s3?.close();
});

const config = (endpoint: string, path = `run-${randomUUID()}`) => ({
  bucket: s3.bucket,
  region: "us-east-1",
  endpoint,
  forcePathStyle: true,
  path,
  credentials: "env:UNITC_S3",
  pollIntervalMs,
});

describe("object_store at open", () => {
  it("refuses s3rver on its own, which ignores conditional writes", async () => {
    await expect(openObjectStore(config(s3.url), env)).rejects.toMatchObject({
      code: "STORAGE_NO_PRECONDITIONS",
      message: expect.stringContaining(`s3://${s3.bucket}/`),
    });
  });

  it("says the endpoint is unreachable, without a stack trace", async () => {
    await expect(openObjectStore(config("http://127.0.0.1:9"), env)).rejects.toMatchObject({
      code: "STORAGE_UNREACHABLE",
    });
  });

  it("names storage.credentials when they are not the credentials JSON", async () => {
    await expect(openObjectStore(config(proxy.url), { UNITC_S3: "AKIA-not-json" })).rejects.toThrow(
      "storage.credentials (env:UNITC_S3) is not JSON",
    );
    await expect(openObjectStore({ ...config(proxy.url), credentials: "AKIA123" }, env)).rejects.toThrow(
      "storage.credentials holds a literal value; it must be a reference",
    );
  });

  it("reports where it is with no secret in the location", async () => {
    const store = await openObjectStore(config(proxy.url, "prod/state"), env);
    expect(store.location).toBe(`s3://${s3.bucket}/prod/state/`);
    expect(store.provider).toBe("object_store");
    await store.close();
  });
});

// Behind the precondition-enforcing proxy (the one stand-in, see test/support/precondition-proxy.ts).
describe("object_store behind a proxy that enforces preconditions", () => {
  // Each test gets its own path in the bucket; the change-feed test opens a second store on the same one.
  let path = "";
  describeStore({
    pollIntervalMs,
    open: () => {
      const current = expect.getState().currentTestName ?? "";
      if (!path.startsWith(current)) path = `${current}-${randomUUID()}`;
      return openObjectStore(config(proxy.url, path.replace(/[^A-Za-z0-9-]+/g, "-")), env);
    },
  });
});

describe("the vault over object_store", () => {
  it("keeps no plaintext secret in any object of the bucket", async () => {
    const path = `vault-${randomUUID()}`;
    const store = await openObjectStore(config(proxy.url, path), env);
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
    expect(listed.Contents?.length).toBe(1);
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
