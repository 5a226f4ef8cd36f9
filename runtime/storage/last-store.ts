/**
 * The store unitc opened last, kept as a small record in the data folder (`last-store.json`: the
 * provider and the location a store reports, which never holds a credential). When the user config's
 * `storage` changes, secrets and sign-ins set before stay in the old store and `vault:` references
 * quietly stop resolving; this record lets the CLI say so once, on the first run after the change.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { unitcDir } from "../shared/user-dirs.js";

/** A store as the record names it: its provider and its location (no credentials). */
export interface StoreIdentity {
  provider: string;
  location: string;
}

/** Where the record of the store last used is kept. */
export function lastStorePath(env: Record<string, string | undefined> = process.env): string {
  return join(unitcDir("data", env), "last-store.json");
}

/**
 * Records `store` as the one last used and returns the store used before when that was another one;
 * undefined on first use (no record), when nothing changed, or when the record cannot be written
 * (a notice that would then repeat on every run is worse than none). Never throws.
 */
export async function noteStoreUsed(
  store: StoreIdentity,
  env: Record<string, string | undefined> = process.env,
): Promise<StoreIdentity | undefined> {
  const file = lastStorePath(env);
  const current: StoreIdentity = { provider: store.provider, location: store.location };
  const previous = await readRecord(file);
  if (previous && previous.provider === current.provider && previous.location === current.location) {
    return undefined;
  }
  try {
    await mkdir(unitcDir("data", env), { recursive: true, mode: 0o700 });
    // Written aside and renamed over, so two processes at once never leave half a record.
    const aside = `${file}.${process.pid}.tmp`;
    await writeFile(aside, `${JSON.stringify(current)}\n`, { mode: 0o600 });
    await rename(aside, file);
  } catch {
    return undefined;
  }
  return previous;
}

/** The record, or undefined when there is none or it is not one (it is then written afresh). */
async function readRecord(file: string): Promise<StoreIdentity | undefined> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as Partial<StoreIdentity> | null;
    if (typeof value?.provider === "string" && typeof value.location === "string") {
      return { provider: value.provider, location: value.location };
    }
  } catch {
    // Missing or unreadable: treated as first use.
  }
  return undefined;
}
