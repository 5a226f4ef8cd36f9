/**
 * Leases as objects: `{holder, expiresAt}` written with the same conditional writes as records, so
 * of two processes (or machines) that find a lease free or lapsed, exactly one writes it.
 */
import { randomUUID } from "node:crypto";
import type { Expect, Lease } from "../types.js";
import type { ObjectRead } from "./store.js";

/** The object operations a lease needs. */
export interface LeaseObjects {
  readObject(objectKey: string): Promise<ObjectRead | undefined>;
  writeObject(objectKey: string, value: Uint8Array, expect: Expect): Promise<string | undefined>;
  deleteObject(objectKey: string, etag: string): Promise<boolean>;
}

function lapsed(current: ObjectRead, now: number): boolean {
  try {
    const held = JSON.parse(new TextDecoder().decode(current.body)) as { expiresAt?: unknown };
    return typeof held.expiresAt !== "number" || held.expiresAt <= now;
  } catch {
    // An unreadable lease object protects nothing; taking it over is safe.
    return true;
  }
}

/** Takes the lease at `objectKey` for `ttlMs`, or undefined while someone holds it. */
export async function acquireLease(
  objects: LeaseObjects,
  objectKey: string,
  ttlMs: number,
): Promise<Lease | undefined> {
  const now = Date.now();
  const current = await objects.readObject(objectKey);
  if (current && !lapsed(current, now)) return undefined;
  const holder = randomUUID();
  const expiresAt = now + ttlMs;
  const body = new TextEncoder().encode(JSON.stringify({ holder, expiresAt }));
  const etag = await objects.writeObject(
    objectKey,
    body,
    current ? { version: current.etag } : { absent: true },
  );
  if (etag === undefined) return undefined;
  return {
    holder,
    expiresAt,
    // Deletes only this holder's write: once lapsed and taken by another, the ETag no longer matches.
    release: async () => {
      await objects.deleteObject(objectKey, etag);
    },
  };
}
