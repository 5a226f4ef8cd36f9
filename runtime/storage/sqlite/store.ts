/**
 * The SQLite store (`node:sqlite`): one `records` table, WAL so readers never wait for a writer, a
 * busy timeout so concurrent writers from other processes queue instead of failing, forward-only
 * migrations applied at open (`PRAGMA user_version`). A compare-and-swap is one conditional
 * statement. `PRAGMA data_version` (it changes when another connection commits) is the change
 * feed's hint; polling decides.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type RecordEngine, storeOver } from "../shared/engine.js";
import { newVersion } from "../shared/keys.js";
import {
  type Expect,
  type PutResult,
  type Store,
  StoreError,
  type StoreKey,
  type StoreRecord,
} from "../shared/types.js";

/** Forward-only: entry i brings a database from user_version i to i + 1. Never edit a shipped one. */
const MIGRATIONS = [
  `CREATE TABLE records (
     namespace TEXT NOT NULL,
     name TEXT NOT NULL,
     value BLOB NOT NULL,
     version TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (namespace, name)
   ) WITHOUT ROWID`,
];

/** The schema version this binary migrates a SQLite store to (for `unitc storage status`). */
export const SQLITE_SCHEMA_VERSION = MIGRATIONS.length;

/** How often the cheap `data_version` check runs while someone watches. */
const HINT_MS = 50;

/** Opens the SQLite store at `path`, creating and migrating it as needed. */
export async function openSqliteStore(path: string, pollIntervalMs: number): Promise<Store> {
  const file = resolve(path);
  let db: DatabaseSync;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    ownerOnly(file);
    db = new DatabaseSync(file, { timeout: 15_000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    // SQLite gives the WAL and shared-memory files the database's mode; ones left wider are narrowed.
    for (const side of [`${file}-wal`, `${file}-shm`]) narrow(side);
  } catch (error) {
    throw new StoreError(
      "STORAGE_NOT_WRITABLE",
      `cannot open SQLite database ${file}: ${(error as Error).message}`,
    );
  }
  try {
    migrate(db, file);
  } catch (error) {
    db.close();
    throw error;
  }
  return storeOver(new SqliteEngine(db, file), pollIntervalMs);
}

/**
 * Creates the database file 0600 before SQLite does (it would use 0644 under the usual umask), and
 * narrows one an earlier unitc left wider: the store holds tokens and sealed secrets.
 */
function ownerOnly(file: string): void {
  if (existsSync(file)) narrow(file);
  else closeSync(openSync(file, "a", 0o600));
}

/** Narrows an existing file to 0600; one another user owns is left as it is (chmod is theirs). */
function narrow(file: string): void {
  try {
    if (existsSync(file)) chmodSync(file, 0o600);
  } catch {
    // EPERM: not ours to change; SQLite reports if it cannot open it.
  }
}

function migrate(db: DatabaseSync, file: string): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    const at = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version);
    if (at > MIGRATIONS.length) {
      throw new StoreError(
        "STORAGE_SCHEMA_NEWER",
        `SQLite database ${file} has schema version ${at}, newer than this unitc knows (${MIGRATIONS.length})`,
        "upgrade unitc; an older one must not write to it",
      );
    }
    for (let version = at; version < MIGRATIONS.length; version++) db.exec(MIGRATIONS[version] as string);
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

interface Row {
  name: string;
  value: Uint8Array;
  version: string;
  updated_at: number;
}

class SqliteEngine implements RecordEngine {
  readonly provider = "sqlite";

  constructor(
    private readonly db: DatabaseSync,
    readonly location: string,
  ) {}

  private run<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError(
        "STORAGE_UNREACHABLE",
        `SQLite database ${this.location}: ${(error as Error).message}`,
      );
    }
  }

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    const row = this.run(
      () =>
        this.db
          .prepare("SELECT name, value, version, updated_at FROM records WHERE namespace = ? AND name = ?")
          .get(key.namespace, key.name) as Row | undefined,
    );
    return row && toRecord(key.namespace, row);
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const version = newVersion();
    const changes = this.run(() => {
      if ("absent" in expect) {
        return this.db
          .prepare(
            "INSERT INTO records (namespace, name, value, version, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .run(key.namespace, key.name, value, version, Date.now()).changes;
      }
      return this.db
        .prepare(
          "UPDATE records SET value = ?, version = ?, updated_at = ? WHERE namespace = ? AND name = ? AND version = ?",
        )
        .run(value, version, Date.now(), key.namespace, key.name, expect.version).changes;
    });
    return Number(changes) === 1 ? { ok: true, version } : { ok: false, conflict: true };
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const changes = this.run(() =>
      expect
        ? this.db
            .prepare("DELETE FROM records WHERE namespace = ? AND name = ? AND version = ?")
            .run(key.namespace, key.name, expect.version).changes
        : this.db.prepare("DELETE FROM records WHERE namespace = ? AND name = ?").run(key.namespace, key.name)
            .changes,
    );
    return Number(changes) === 1;
  }

  async list(namespace: string, prefix: string): Promise<StoreRecord[]> {
    const rows = this.run(
      () =>
        this.db
          .prepare(
            "SELECT name, value, version, updated_at FROM records WHERE namespace = ? AND substr(name, 1, ?) = ? ORDER BY name",
          )
          .all(namespace, prefix.length, prefix) as unknown as Row[],
    );
    return rows.map((row) => toRecord(namespace, row));
  }

  async versions(namespace: string): Promise<Map<string, string>> {
    const rows = this.run(
      () =>
        this.db
          .prepare("SELECT name, version FROM records WHERE namespace = ?")
          .all(namespace) as unknown as Row[],
    );
    return new Map(rows.map((row) => [row.name, row.version]));
  }

  hint(nudge: () => void): () => void {
    const dataVersion = () =>
      (this.db.prepare("PRAGMA data_version").get() as { data_version: number }).data_version;
    let last = this.run(dataVersion);
    const timer = setInterval(() => {
      try {
        const now = dataVersion();
        if (now !== last) nudge();
        last = now;
      } catch {
        // the poll reports trouble; the hint just stays quiet
      }
    }, HINT_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

function toRecord(namespace: string, row: Row): StoreRecord {
  return {
    key: { namespace, name: row.name },
    value: new Uint8Array(row.value),
    version: row.version,
    updatedAt: Number(row.updated_at),
  };
}
