/**
 * Trust records: which command set of which project folder the person trusted on this machine. One
 * small JSON file per folder under the user's state folder (`$XDG_STATE_HOME/unitc/trust/`), owner
 * only. Trust belongs to a machine, so it is not kept in the configured storage, which a team may
 * share between machines. A record holds the set's hash (what is compared) and the fingerprints of
 * its commands (what a compiled bundle's commands are looked up in).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { unitcDir } from "../../runtime/shared/user-dirs.js";
import { type CommandSet, commandFingerprint } from "./commands.js";

type Env = Record<string, string | undefined>;

/** What `unitc trust` records for a folder. */
export interface TrustRecord {
  folder: string;
  hash: string;
  fingerprints: string[];
  at: string;
}

/** The folder trust records are kept in. */
export function trustDir(env: Env): string {
  return join(unitcDir("state", env), "trust");
}

/** A project folder as records know it: absolute, symlinks resolved. */
export function trustFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}

function recordFile(env: Env, folder: string): string {
  const key = createHash("sha256").update(trustFolder(folder)).digest("hex").slice(0, 32);
  return join(trustDir(env), `${key}.json`);
}

function parse(text: string): TrustRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<TrustRecord>;
    if (typeof value.folder !== "string" || typeof value.hash !== "string") return undefined;
    return {
      ...value,
      fingerprints: Array.isArray(value.fingerprints) ? value.fingerprints : [],
    } as TrustRecord;
  } catch {
    return undefined;
  }
}

/** The record of `folder`, or undefined when it has none (or a damaged one). */
export function readTrust(env: Env, folder: string): TrustRecord | undefined {
  try {
    const record = parse(readFileSync(recordFile(env, folder), "utf8"));
    return record?.folder === trustFolder(folder) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Records that `folder`'s command set `set` is trusted, replacing what it had. */
export function writeTrust(env: Env, folder: string, set: CommandSet): TrustRecord {
  const record: TrustRecord = {
    folder: trustFolder(folder),
    hash: set.hash,
    fingerprints: [...new Set(set.commands.map(commandFingerprint))].sort(),
    at: new Date().toISOString(),
  };
  mkdirSync(trustDir(env), { recursive: true, mode: 0o700 });
  const file = recordFile(env, folder);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return record;
}

/** Every trusted command's fingerprint, over all records (each binds its commands to their folders). */
export function trustedFingerprints(env: Env): Set<string> {
  const out = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(trustDir(env)).filter((name) => name.endsWith(".json"));
  } catch {
    return out;
  }
  for (const name of names) {
    try {
      for (const f of parse(readFileSync(join(trustDir(env), name), "utf8"))?.fingerprints ?? []) out.add(f);
    } catch {
      // A record that cannot be read trusts nothing.
    }
  }
  return out;
}
