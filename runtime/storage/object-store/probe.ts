/**
 * The start-up probe: a store is only correct if the endpoint honours conditional writes. Some
 * S3-compatible servers accept `If-None-Match` and `If-Match` and ignore them, which would let two
 * writers overwrite each other silently; such an endpoint is refused before anything is stored.
 */
import { randomUUID } from "node:crypto";
import { StoreError } from "../shared/types.js";
import type { ObjectKeys } from "./keys.js";
import type { ObjectEngine } from "./store.js";

/** Refuses (STORAGE_NO_PRECONDITIONS) an endpoint that ignores If-None-Match or If-Match. */
export async function probePreconditions(store: ObjectEngine, keys: ObjectKeys): Promise<void> {
  const objectKey = keys.probe(randomUUID());
  const bytes = new TextEncoder().encode("unitc precondition probe");
  const created = await store.writeObject(objectKey, bytes, { absent: true });
  if (created === undefined) return refuse(store, "If-None-Match: * failed on a new object");
  try {
    const again = await store.writeObject(objectKey, bytes, { absent: true });
    if (again !== undefined) return refuse(store, "a second write with If-None-Match: * succeeded");
    const stale = await store.writeObject(objectKey, bytes, { version: '"0000000000000000"' });
    if (stale !== undefined) return refuse(store, "a write with a stale If-Match succeeded");
  } finally {
    // Tidying only: a failure here (a passing 5xx, say) leaves one small object under probe/ and
    // never refuses a store whose conditional writes were just shown to hold, nor hides a refusal.
    await removeProbe(store, objectKey).catch(() => undefined);
  }
}

async function removeProbe(store: ObjectEngine, objectKey: string): Promise<void> {
  const current = await store.readObject(objectKey);
  if (current) await store.deleteObject(objectKey, current.etag);
}

function refuse(store: ObjectEngine, what: string): never {
  throw new StoreError(
    "STORAGE_NO_PRECONDITIONS",
    `${store.location} ignores conditional writes (${what}), so concurrent writers could lose data`,
    "use an endpoint that supports If-None-Match and If-Match on PutObject (AWS S3, recent MinIO, R2), or another storage provider",
  );
}
