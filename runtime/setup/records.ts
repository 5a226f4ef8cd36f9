/**
 * What setup keeps in storage: the plan hash a unit's setup was approved for, and its last attempts.
 * Neither holds a secret (outputs are redacted before they get here), so records are plain JSON.
 */
import type { Store, StoreKey } from "../storage/shared/types.js";
import type { ItemResult } from "./run-item.js";

/** How many attempts per unit are kept. */
export const KEPT_ATTEMPTS = 3;
const APPROVALS = "unitc.setup.approvals";
const ATTEMPTS = "unitc.setup.attempts";

/** One run of `unitc setup` for one unit. */
export interface SetupAttempt {
  unit: string;
  hash: string;
  at: string;
  ok: boolean;
  items: ItemResult[];
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

async function readJson<T>(store: Store, key: StoreKey): Promise<{ value: T; version: string } | undefined> {
  const record = await store.get(key);
  if (!record) return undefined;
  try {
    return { value: JSON.parse(new TextDecoder().decode(record.value)) as T, version: record.version };
  } catch {
    return undefined;
  }
}

/** Rewrites the record at `key` from its current value by compare-and-swap (a damaged record reads as none). */
async function writeJson(store: Store, key: StoreKey, update: (old: unknown) => unknown): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const current = await readJson<unknown>(store, key);
    const old = current ? undefined : await store.get(key);
    const version = current?.version ?? old?.version;
    const expect = version ? { version } : ({ absent: true } as const);
    if ((await store.put(key, encode(update(current?.value)), expect)).ok) return;
  }
}

/** True when the setup of `unit` was approved for exactly this plan hash. */
export async function isApproved(store: Store, unit: string, hash: string): Promise<boolean> {
  const stored = await readJson<{ hash?: string }>(store, { namespace: APPROVALS, name: unit });
  return stored?.value.hash === hash;
}

/** Records that the plan with `hash` of `unit` may run without asking again. */
export async function approve(store: Store, unit: string, hash: string): Promise<void> {
  await writeJson(store, { namespace: APPROVALS, name: unit }, () => ({
    hash,
    at: new Date().toISOString(),
  }));
}

/** The unit's kept attempts, newest first. */
export async function attempts(store: Store, unit: string): Promise<SetupAttempt[]> {
  const stored = await readJson<SetupAttempt[]>(store, { namespace: ATTEMPTS, name: unit });
  return Array.isArray(stored?.value) ? stored.value : [];
}

/** Adds an attempt, keeping the last {@link KEPT_ATTEMPTS}. */
export async function recordAttempt(store: Store, attempt: SetupAttempt): Promise<void> {
  await writeJson(store, { namespace: ATTEMPTS, name: attempt.unit }, (old) =>
    [attempt, ...(Array.isArray(old) ? (old as SetupAttempt[]) : [])].slice(0, KEPT_ATTEMPTS),
  );
}
