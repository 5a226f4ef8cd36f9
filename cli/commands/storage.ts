/**
 * `unitc storage status|verify|migrate|rotate-key|export|import`: the user config's store, checked,
 * migrated, re-keyed and copied. Output names providers, locations, key ids and record names, never a
 * secret, a key or a DSN's credentials.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { defineCommand } from "citty";
import { rekeyServeTokens } from "../../runtime/serve/auth/serve-token-admin.js";
import { resolveSecret } from "../../runtime/shared/references.js";
import { exportStore, importDump, parseDump, SEALED_NAMESPACES } from "../../runtime/storage/dump.js";
import { writeDumpFile } from "../../runtime/storage/dump-file.js";
import { SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION } from "../../runtime/storage/postgresql/schema.js";
import { migratePostgresStore, postgresLocation } from "../../runtime/storage/postgresql/store.js";
import { rotateNamespace } from "../../runtime/storage/rotate.js";
import { VaultError, type VaultKey } from "../../runtime/storage/seal.js";
import { verifyNamespace } from "../../runtime/storage/sealed.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import { SQLITE_SCHEMA_VERSION } from "../../runtime/storage/sqlite/store.js";
import { decodeVaultKey } from "../../runtime/storage/vault-key.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import {
  isStorageFailure,
  openStorage,
  reportStorageFailure,
  storageSettings,
  userConfigArg,
  withStorage,
} from "../storage-config.js";

const SCHEMA_VERSIONS: Record<string, number> = {
  sqlite: SQLITE_SCHEMA_VERSION,
  postgresql: POSTGRES_SCHEMA_VERSION,
};

/** Whether a record can be written and deleted (a probe in a namespace of its own). */
async function writable(store: Store): Promise<boolean> {
  const key = { namespace: "unitc.probe", name: `status-${process.pid}` };
  try {
    const put = await store.put(key, new Uint8Array([1]), { absent: true });
    await store.delete(key);
    return put.ok;
  } catch {
    return false;
  }
}

async function status(io: CliIO, flag: string | undefined, json: boolean): Promise<number> {
  const settings = await storageSettings(io, flag);
  let report: Record<string, unknown>;
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined;
  try {
    storage = await openStorage(io, flag);
    const counts: Record<string, number> = {};
    for (const namespace of SEALED_NAMESPACES)
      counts[namespace] = (await storage.store.list(namespace)).length;
    report = {
      provider: storage.store.provider,
      location: storage.store.location,
      schemaVersion: SCHEMA_VERSIONS[settings.provider] ?? null,
      reachable: true,
      writable: await writable(storage.store),
      keyId: storage.key.id,
      records: counts,
    };
  } catch (error) {
    if (!isStorageFailure(error)) throw error;
    report = {
      provider: settings.provider,
      reachable: false,
      error: { code: error.code, message: error.message },
    };
  } finally {
    await storage?.close();
  }
  if (json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const [name, value] of Object.entries(report)) {
      const shown = typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
      io.stdout(`${name.padEnd(13)} ${shown}\n`);
    }
  }
  return report.reachable === true && report.writable === true ? EXIT_OK : EXIT_ERRORS;
}

async function migrate(io: CliIO, flag: string | undefined): Promise<number> {
  const settings = await storageSettings(io, flag);
  if (settings.provider !== "postgresql") {
    io.stdout(`the ${settings.provider} store needs no migration command: nothing to do\n`);
    return EXIT_OK;
  }
  const dsn = await resolveSecret(settings.connection ?? "", {
    env: io.env,
    allow: ["env", "file"],
    field: "storage.connection",
  });
  const { from, to } = await migratePostgresStore(dsn);
  const where = postgresLocation(dsn);
  io.stdout(
    from === to
      ? `${where} is already at schema version ${to}\n`
      : `${where} migrated from schema version ${from} to ${to}\n`,
  );
  return EXIT_OK;
}

/** Runs `body` and sets its exit code; storage failures are reported with their code and hint. */
function reported(io: CliIO, command: string, setExit: (code: number) => void, body: () => Promise<number>) {
  return body().then(setExit, (error: unknown) => {
    if (!reportStorageFailure(io, `storage ${command}`, error)) throw error;
    setExit(EXIT_ERRORS);
  });
}

/**
 * Opens every record of every sealed namespace under the current key and checks it is the current
 * one by its index; a line per namespace, the failures each named, then the total.
 */
async function verify(io: CliIO, store: Store, key: VaultKey): Promise<number> {
  let records = 0;
  let failures = 0;
  for (const namespace of SEALED_NAMESPACES) {
    const check = await verifyNamespace(store, namespace, key);
    const reported = new Set<string>();
    for (const error of check.failures) {
      // An index that does not open fails every record of its namespace with the same error.
      if (!reported.has(error.message)) io.stderr(`unitc storage verify: ${error.code} ${error.message}\n`);
      reported.add(error.message);
    }
    records += check.records;
    failures += check.failures.length;
    io.stdout(
      `${namespace}: ${check.records - check.failures.length} of ${check.records} open and current\n`,
    );
  }
  io.stdout(`${records - failures} of ${records} records open under key id ${key.id}\n`);
  return failures === 0 ? EXIT_OK : EXIT_ERRORS;
}

async function rotate(io: CliIO, store: Store, key: VaultKey, reference: string): Promise<number> {
  const text = await resolveSecret(reference, { env: io.env, allow: ["env", "file"], field: "--old" });
  const oldKey = decodeVaultKey(text, "--old");
  let rotated = 0;
  let skipped = 0;
  for (const namespace of SEALED_NAMESPACES) {
    const result = await rotateNamespace(store, namespace, oldKey, key);
    io.stdout(`${namespace}: re-sealed ${result.rotated}, ${result.skipped} already under the current key\n`);
    rotated += result.rotated;
    skipped += result.skipped;
  }
  const tokens = await rekeyServeTokens(store, oldKey, key);
  io.stdout(`serve tokens: moved ${tokens.moved}, ${tokens.current} already under the current key\n`);
  for (const name of tokens.unverified) {
    io.stderr(
      `unitc storage rotate-key: serve token ${name} verifies under neither key; left as it is (still refused)\n`,
    );
  }
  io.stdout(`re-sealed ${rotated} records from key id ${oldKey.id} to ${key.id}; ${skipped} were already\n`);
  return EXIT_OK;
}

async function readDump(io: CliIO, file: string) {
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new VaultError(
      "VAULT_CORRUPT",
      `${path} cannot be read (${(error as NodeJS.ErrnoException).code})`,
      "check the path",
    );
  }
  return parseDump(text, path);
}

async function exportTo(io: CliIO, store: Store, key: VaultKey, to: string): Promise<number> {
  const { dump, unindexed } = await exportStore(store, key);
  for (const namespace of unindexed) {
    io.stderr(
      `unitc storage export: warning: ${namespace} has no index (an earlier unitc wrote it); its records are exported as found\n`,
    );
  }
  const file = resolve(io.cwd, to);
  await writeDumpFile(file, `${JSON.stringify(dump, null, 2)}\n`);
  io.stdout(`exported ${dump.records.length} sealed records from ${store.location} to ${file}\n`);
  return EXIT_OK;
}

async function importFrom(io: CliIO, store: Store, key: VaultKey, file: string): Promise<number> {
  const count = await importDump(store, await readDump(io, file), key);
  io.stdout(`imported ${count} sealed records into ${store.location}\n`);
  return EXIT_OK;
}

/** `status`, `verify` and `migrate`: the store looked at and brought up to date where it is. */
function inPlaceCommands(io: CliIO, setExit: (code: number) => void) {
  const status_ = defineCommand({
    meta: {
      name: "status",
      description: "Provider, location, schema version, reachability, key id and record counts",
    },
    args: { json: { type: "boolean", description: "Print JSON" }, ...userConfigArg },
    run: ({ args }) =>
      reported(io, "status", setExit, () => status(io, args["user-config"], args.json === true)),
  });
  const verify_ = defineCommand({
    meta: { name: "verify", description: "Open every sealed record; exit 1 naming what fails" },
    args: { ...userConfigArg },
    run: ({ args }) =>
      withStorage(io, "storage verify", args["user-config"], setExit, ({ store, key }) =>
        verify(io, store, key),
      ),
  });
  const migrate_ = defineCommand({
    meta: { name: "migrate", description: "Run the PostgreSQL store's migrations (others: nothing to do)" },
    args: { ...userConfigArg },
    run: ({ args }) => reported(io, "migrate", setExit, () => migrate(io, args["user-config"])),
  });
  return { status: status_, verify: verify_, migrate: migrate_ };
}

/** `rotate-key`, `export` and `import`: records moved to another key or another store. */
function movingCommands(io: CliIO, setExit: (code: number) => void) {
  const rotate_ = defineCommand({
    meta: {
      name: "rotate-key",
      description: "Re-seal every record from the old key to the current one (resumable)",
    },
    args: {
      old: {
        type: "string",
        required: true,
        description: "The old key: env:NAME or file:/abs/path",
        valueHint: "REF",
      },
      ...userConfigArg,
    },
    run: ({ args }) =>
      withStorage(io, "storage rotate-key", args["user-config"], setExit, ({ store, key }) =>
        rotate(io, store, key, args.old),
      ),
  });
  const export_ = defineCommand({
    meta: { name: "export", description: "Write a sealed dump of every record (any provider imports it)" },
    args: {
      to: { type: "string", required: true, description: "The dump file", valueHint: "FILE" },
      ...userConfigArg,
    },
    run: ({ args }) =>
      withStorage(
        io,
        "storage export",
        args["user-config"],
        setExit,
        ({ store, key }) => exportTo(io, store, key, args.to),
        false,
      ),
  });
  const import_ = defineCommand({
    meta: {
      name: "import",
      description: "Copy a sealed dump into the store (every record must open under its key)",
    },
    args: {
      file: { type: "positional", required: true, description: "The dump file", valueHint: "FILE" },
      ...userConfigArg,
    },
    run: ({ args }) =>
      withStorage(
        io,
        "storage import",
        args["user-config"],
        setExit,
        ({ store, key }) => importFrom(io, store, key, args.file),
        false,
      ),
  });
  return { "rotate-key": rotate_, export: export_, import: import_ };
}

export function storageCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "storage", description: "Inspect, verify, migrate, re-key and copy the store" },
    subCommands: { ...inPlaceCommands(io, setExit), ...movingCommands(io, setExit) },
  });
}
