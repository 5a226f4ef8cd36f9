/**
 * The object_store provider's records: objects in an S3 bucket. Every write is conditional
 * (`If-None-Match: *` to create, `If-Match: <ETag>` to replace or delete), so the ETag is the
 * record's version and S3 itself decides which of two writers wins. Key checks, leases and the
 * change feed are the shared engine's (see ../engine.ts); S3 has no change hint, so polling alone
 * drives the feed.
 */

import { randomUUID } from "node:crypto";
import type { HeadObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";
import type { RecordEngine } from "../shared/engine.js";
import { type Expect, type PutResult, StoreError, type StoreKey, type StoreRecord } from "../shared/types.js";
import type { ObjectKeys } from "./keys.js";
import { isAmbiguous, isMissing, isPreconditionFailure, storeFailure } from "./s3-errors.js";
import type { S3Sdk } from "./sdk.js";

const UPDATED_AT = "unitc-updated-at";
const WRITE_ID = "unitc-write-id";

/** The bucket, the clients and the key layout one store works in. */
export interface ObjectStoreParts {
  client: S3Client;
  /** The client of conditional writes and deletes: one attempt each, never resent by the SDK. */
  conditional: S3Client;
  bucket: string;
  keys: ObjectKeys;
  location: string;
  /** The SDK module the commands come from (loaded on first use: it is an optional package). */
  sdk: S3Sdk;
}

/** A raw object as read: body, ETag and write time. */
export interface ObjectRead {
  body: Uint8Array;
  etag: string;
  updatedAt: number;
}

/** The records of one bucket and path. */
export class ObjectEngine implements RecordEngine {
  readonly provider = "object_store";
  readonly location: string;
  private closed = false;

  constructor(private readonly parts: ObjectStoreParts) {
    this.location = parts.location;
  }

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    const read = await this.readObject(this.parts.keys.record(key));
    return read && { key, value: read.body, version: read.etag, updatedAt: read.updatedAt };
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const etag = await this.writeObject(this.parts.keys.record(key), value, expect);
    return etag === undefined ? { ok: false, conflict: true } : { ok: true, version: etag };
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const objectKey = this.parts.keys.record(key);
    const version = expect?.version ?? (await this.head(objectKey));
    return version !== undefined && (await this.deleteObject(objectKey, version));
  }

  async list(namespace: string, prefix: string): Promise<StoreRecord[]> {
    const records: StoreRecord[] = [];
    for (const [name] of await this.listVersions(namespace, prefix)) {
      const record = await this.get({ namespace, name });
      // A record deleted between the listing and the read is simply not there any more.
      if (record) records.push(record);
    }
    return records.sort((a, b) => (a.key.name < b.key.name ? -1 : a.key.name > b.key.name ? 1 : 0));
  }

  versions(namespace: string): Promise<Map<string, string>> {
    return this.listVersions(namespace);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.parts.client.destroy();
    this.parts.conditional.destroy();
  }

  /** The names of a namespace's records and their ETags (every page of the listing). */
  async listVersions(namespace: string, prefix = ""): Promise<Map<string, string>> {
    const base = this.parts.keys.namespacePrefix(namespace);
    const found = new Map<string, string>();
    let token: string | undefined;
    do {
      const page = await this.parts.client
        .send(
          new this.parts.sdk.ListObjectsV2Command({
            Bucket: this.parts.bucket,
            Prefix: base + prefix,
            ContinuationToken: token,
          }),
        )
        .catch((error: unknown) => {
          throw storeFailure(error, this.location);
        });
      for (const item of page.Contents ?? []) {
        if (item.Key && item.ETag) found.set(this.parts.keys.nameOf(namespace, item.Key), item.ETag);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** Reads one object, or undefined when it does not exist. */
  async readObject(objectKey: string): Promise<ObjectRead | undefined> {
    try {
      const out = await this.parts.client.send(
        new this.parts.sdk.GetObjectCommand({ Bucket: this.parts.bucket, Key: objectKey }),
      );
      const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      const written = Number(out.Metadata?.[UPDATED_AT]);
      const updatedAt = Number.isFinite(written) ? written : (out.LastModified?.getTime() ?? 0);
      return { body, etag: out.ETag ?? "", updatedAt };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw storeFailure(error, this.location);
    }
  }

  /** Writes one object if `expect` holds; its new ETag, or undefined when the precondition failed. */
  async writeObject(objectKey: string, value: Uint8Array, expect: Expect): Promise<string | undefined> {
    const writeId = randomUUID();
    try {
      const out = await this.parts.conditional.send(
        new this.parts.sdk.PutObjectCommand({
          Bucket: this.parts.bucket,
          Key: objectKey,
          Body: value,
          ContentType: "application/octet-stream",
          Metadata: { [UPDATED_AT]: String(Date.now()), [WRITE_ID]: writeId },
          ...("absent" in expect ? { IfNoneMatch: "*" } : { IfMatch: expect.version }),
        }),
      );
      return out.ETag ?? "";
    } catch (error) {
      if (isPreconditionFailure(error) || ("version" in expect && isMissing(error))) return undefined;
      if (!isAmbiguous(error)) throw storeFailure(error, this.location);
      return this.settleLostAnswer(objectKey, writeId, error);
    }
  }

  /**
   * A conditional write whose answer was lost (a transport error or a 5xx) may or may not have landed.
   * It is never reported as a conflict: the caller would retry from a fresh read and apply its change
   * twice. Comparing the object's content would not settle it either, since another writer may have
   * written the same bytes over the same version (two increments of one counter), and taking that as
   * ours loses an update. Each write carries a random id in its metadata: the object bearing our id is
   * proof the write landed (its ETag is our version); anything else leaves the outcome unknown, an
   * error the caller sees as one, with the old value still readable.
   */
  private async settleLostAnswer(objectKey: string, writeId: string, error: unknown): Promise<string> {
    const current = await this.headObject(objectKey).catch(() => undefined);
    if (current?.Metadata?.[WRITE_ID] === writeId && current.ETag) return current.ETag;
    const failure = storeFailure(error, this.location);
    throw new StoreError(
      failure.code,
      `the outcome of a write to ${this.location} is unknown: ${failure.message}`,
      "read the record again and retry the change if it is still needed",
    );
  }

  /** Deletes one object if it is at `etag`; false when it is not (or is gone). */
  async deleteObject(objectKey: string, etag: string): Promise<boolean> {
    try {
      await this.parts.conditional.send(
        new this.parts.sdk.DeleteObjectCommand({ Bucket: this.parts.bucket, Key: objectKey, IfMatch: etag }),
      );
      return true;
    } catch (error) {
      if (isPreconditionFailure(error) || isMissing(error)) return false;
      throw storeFailure(error, this.location);
    }
  }

  private async head(objectKey: string): Promise<string | undefined> {
    return (await this.headObject(objectKey))?.ETag;
  }

  private async headObject(objectKey: string): Promise<HeadObjectCommandOutput | undefined> {
    try {
      return await this.parts.client.send(
        new this.parts.sdk.HeadObjectCommand({ Bucket: this.parts.bucket, Key: objectKey }),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw storeFailure(error, this.location);
    }
  }
}
