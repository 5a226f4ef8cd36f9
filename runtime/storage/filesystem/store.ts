/**
 * The filesystem store (the embedded default): one file per record under
 * `<root>/records/<namespace>/<name>.rec`, `/` in keys written as `%` (never in a key) so a key is
 * one file name. A write goes to a temporary file, is flushed, then renamed over the record, so a
 * crash leaves the old record whole; a lock file per record makes the compare-and-swap exclusive.
 * File watching is the change feed's hint; polling decides.
 */

import { type FSWatcher, watch as watchFiles } from "node:fs";
import { access, constants, mkdir, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
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
import { notWritable, withLock } from "./lock.js";

const SUFFIX = ".rec";

/** Opens (creating) the filesystem store at `root`. */
export async function openFilesystemStore(root: string, pollIntervalMs: number): Promise<Store> {
  const location = resolve(root);
  const records = join(location, "records");
  try {
    await mkdir(records, { recursive: true, mode: 0o700 });
    await access(records, constants.W_OK);
  } catch (error) {
    throw notWritable(records, error);
  }
  await sweepLeftovers(records);
  return storeOver(new FilesystemEngine(location, records), pollIntervalMs);
}

/** Leftovers older than this are from writers that died (a write takes milliseconds). */
const LEFTOVER_MS = 60_000;

/** Removes the temporary files of writers that died mid-write (they never become records). */
async function sweepLeftovers(records: string): Promise<void> {
  const folders = await readdir(records).catch(() => [] as string[]);
  for (const folder of folders) {
    const entries = await readdir(join(records, folder)).catch(() => [] as string[]);
    for (const entry of entries) {
      if (!/\.(tmp|new|stale)$/.test(entry)) continue;
      const file = join(records, folder, entry);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > LEFTOVER_MS) await unlink(file).catch(() => {});
    }
  }
}

const encode = (part: string): string => part.replaceAll("/", "%");
const decode = (part: string): string => part.replaceAll("%", "/");

class FilesystemEngine implements RecordEngine {
  readonly provider = "filesystem";

  constructor(
    readonly location: string,
    private readonly records: string,
  ) {}

  private folder(namespace: string): string {
    return join(this.records, encode(namespace));
  }

  private file(key: StoreKey): string {
    return join(this.folder(key.namespace), encode(key.name) + SUFFIX);
  }

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    return readRecord(this.file(key), key);
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const file = this.file(key);
    await mkdir(this.folder(key.namespace), { recursive: true, mode: 0o700 }).catch((error) => {
      throw notWritable(file, error);
    });
    const matches = (current: StoreRecord | undefined) =>
      "absent" in expect ? current === undefined : current?.version === expect.version;
    // A writer that already lost needs no lock: under contention most do, and they would crowd it.
    if (!matches(await readRecord(file, key))) return { ok: false, conflict: true };
    return withLock(`${file}.lock`, async () => {
      if (!matches(await readRecord(file, key))) return { ok: false, conflict: true };
      const version = newVersion();
      const body = JSON.stringify({
        version,
        updatedAt: Date.now(),
        value: Buffer.from(value).toString("base64"),
      });
      const temporary = `${file}.${process.pid}.${newVersion()}.tmp`;
      try {
        const handle = await open(temporary, "w", 0o600);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw notWritable(file, error);
      }
      return { ok: true, version };
    });
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const file = this.file(key);
    if (!(await readRecord(file, key))) return false;
    return withLock(`${file}.lock`, async () => {
      const current = await readRecord(file, key);
      if (!current || (expect && current.version !== expect.version)) return false;
      await unlink(file).catch((error) => {
        throw notWritable(file, error);
      });
      return true;
    });
  }

  async list(namespace: string, prefix: string): Promise<StoreRecord[]> {
    const found: StoreRecord[] = [];
    for (const name of await this.names(namespace, prefix)) {
      const record = await readRecord(join(this.folder(namespace), encode(name) + SUFFIX), {
        namespace,
        name,
      });
      if (record) found.push(record);
    }
    return found;
  }

  async versions(namespace: string): Promise<Map<string, string>> {
    const records = await this.list(namespace, "");
    return new Map(records.map((record) => [record.key.name, record.version]));
  }

  hint(nudge: () => void): () => void {
    let watcher: FSWatcher | undefined;
    try {
      watcher = watchFiles(this.records, { recursive: true, persistent: false }, nudge);
      watcher.on("error", () => watcher?.close());
    } catch {
      // no file watching here: polling alone
    }
    return () => watcher?.close();
  }

  async close(): Promise<void> {}

  private async names(namespace: string, prefix: string): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.folder(namespace));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new StoreError("STORAGE_UNREACHABLE", `cannot read ${this.folder(namespace)}`);
    }
    return entries
      .filter((entry) => entry.endsWith(SUFFIX))
      .map((entry) => decode(entry.slice(0, -SUFFIX.length)))
      .filter((name) => name.startsWith(prefix))
      .sort();
  }
}

async function readRecord(file: string, key: StoreKey): Promise<StoreRecord | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StoreError(
      "STORAGE_UNREACHABLE",
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  try {
    const parsed = JSON.parse(text) as { version: string; updatedAt: number; value: string };
    if (typeof parsed.version !== "string" || typeof parsed.value !== "string") throw new Error("shape");
    return {
      key,
      value: new Uint8Array(Buffer.from(parsed.value, "base64")),
      version: parsed.version,
      updatedAt: parsed.updatedAt,
    };
  } catch {
    throw new StoreError(
      "STORAGE_CORRUPT",
      `record file ${file} is not a store record`,
      "restore it from a backup or delete it",
    );
  }
}
