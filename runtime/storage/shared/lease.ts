/**
 * Leases kept as ordinary records, so every provider's compare-and-swap makes them exclusive across
 * processes and machines: a lease is free when its record is absent or expired, and taken by a
 * compare-and-swap on the version read; releasing deletes the record only at the version written.
 */
import { randomBytes } from "node:crypto";
import { LEASE_NAMESPACE } from "./keys.js";
import type { Lease, Store } from "./types.js";

type RecordOps = Pick<Store, "get" | "put" | "delete">;

/** Takes the lease `name` for `ttlMs`, or undefined while someone else holds an unexpired one. */
export async function takeLease(store: RecordOps, name: string, ttlMs: number): Promise<Lease | undefined> {
  const key = { namespace: LEASE_NAMESPACE, name };
  const current = await store.get(key);
  if (current) {
    const held = parseLease(current.value);
    if (held && held.expiresAt > Date.now()) return undefined;
  }
  const holder = randomBytes(12).toString("base64url");
  const expiresAt = Date.now() + ttlMs;
  const value = new TextEncoder().encode(JSON.stringify({ holder, expiresAt }));
  const result = await store.put(key, value, current ? { version: current.version } : { absent: true });
  if (!result.ok) return undefined;
  let released = false;
  return {
    holder,
    expiresAt,
    async release() {
      if (released) return;
      released = true;
      // Only at the version written: a lease that lapsed and was taken by another stays theirs.
      await store.delete(key, { version: result.version });
    },
  };
}

function parseLease(value: Uint8Array): { holder: string; expiresAt: number } | undefined {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(value)) as { holder?: unknown; expiresAt?: unknown };
    if (typeof parsed.holder === "string" && typeof parsed.expiresAt === "number") {
      return { holder: parsed.holder, expiresAt: parsed.expiresAt };
    }
  } catch {
    // an unreadable lease record counts as free
  }
  return undefined;
}
