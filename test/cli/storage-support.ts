/**
 * Support for the storage CLI tests: `unitc` as a real child process (the built CLI), and one
 * storage config per provider, so each test is a table over providers. The shared providers need
 * servers the tests start: embedded PostgreSQL, and s3rver behind the precondition proxy (s3rver
 * ignores conditional writes; the proxy enforces them, as S3 does).
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { StorageSettings } from "../../runtime/storage/index.js";
import { type PostgresServer, startPostgres } from "../runtime/storage/postgres-server.js";
import { type ChildRun, runBuiltCli } from "../support/built-cli.js";
import { startPreconditionProxy } from "../support/precondition-proxy.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { S3RVER_CREDENTIALS, startS3rver } from "../support/s3rver.js";
import { suiteTrust } from "../support/trust-env.js";

/** One finished run of `unitc`. */
export type { ChildRun };

/** Runs the built `unitc` with `args` in `cwd`, `stdin` piped in, and only `env` (plus PATH and the suite's trust). */
export function unitc(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  stdin = "",
): Promise<ChildRun> {
  return runBuiltCli(args, { PATH: process.env.PATH ?? "", ...suiteTrust(), ...env }, cwd, stdin);
}

/** A provider's storage config and the environment its references need. */
export interface ProviderSetup {
  storage: StorageSettings;
  env: Record<string, string>;
  /** Runs `unitc storage migrate` first (postgresql: the server never migrates itself). */
  migrate: boolean;
}

/** A folder with a user config (`user.json`) for `provider`; `env` holds XDG folders inside it. */
export interface StorageHome {
  dir: string;
  config: string;
  env: Record<string, string>;
  storage: StorageSettings;
  migrate: boolean;
}

/** The providers every storage CLI test runs against; the shared ones need started servers. */
export const PROVIDERS = ["filesystem", "sqlite", "postgresql", "object_store"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The servers behind the shared providers. */
export interface StorageServers {
  postgres: PostgresServer;
  /** The precondition proxy's URL in front of s3rver, and the bucket. */
  objectStore: { endpoint: string; bucket: string };
  stop(): Promise<void>;
}

/** Starts embedded PostgreSQL, and s3rver with the precondition proxy in front of it. */
export async function startStorageServers(): Promise<StorageServers> {
  const [postgres, s3] = await Promise.all([startPostgres(), startS3rver()]);
  const proxy = await startPreconditionProxy(s3.url);
  return {
    postgres,
    objectStore: { endpoint: proxy.url, bucket: s3.bucket },
    async stop() {
      await proxy.close();
      await s3.close();
      await postgres.stop();
    },
  };
}

/**
 * The storage servers for one test file: started before its tests, stopped (and its projects removed)
 * after them. Call at the top of the file; the answer gives the servers once started.
 */
export function storageServersForFile(): () => StorageServers {
  let servers: StorageServers | undefined;
  beforeAll(async () => {
    servers = await startStorageServers();
  }, 120_000);
  afterAll(async () => {
    await servers?.stop();
    await cleanupProjects();
  });
  return () => {
    if (!servers) throw new Error("the storage servers have not started");
    return servers;
  };
}

/** `unitc` run in `home` with its user config and environment (`env` added). */
export function homeCli(home: StorageHome, env: Record<string, string> = {}) {
  return (args: string[], stdin?: string) =>
    unitc([...args, "--user-config", home.config], home.dir, { ...home.env, ...env }, stdin);
}

let databases = 0;

/**
 * The setup of `provider` (a fresh database per call on the postgres server). Paths are relative:
 * they start at the user config's folder. With `vaultKey`, every provider reads its key from
 * `env:UNITC_TEST_VAULT_KEY`; without, the embedded ones make their own key file.
 */
export async function providerSetup(
  provider: Provider,
  servers: StorageServers | undefined,
  vaultKey?: string,
): Promise<ProviderSetup> {
  const keyed = vaultKey === undefined ? {} : { vaultKey: "env:UNITC_TEST_VAULT_KEY" };
  const keyEnv: Record<string, string> = vaultKey === undefined ? {} : { UNITC_TEST_VAULT_KEY: vaultKey };
  if (provider === "filesystem")
    return { storage: { provider, path: "store", ...keyed }, env: keyEnv, migrate: false };
  if (provider === "sqlite")
    return { storage: { provider, path: "store.db", ...keyed }, env: keyEnv, migrate: false };
  if (!servers) throw new Error(`${provider} needs started servers`);
  const shared = { vaultKey: "env:UNITC_TEST_VAULT_KEY" };
  const sharedEnv = { UNITC_TEST_VAULT_KEY: vaultKey ?? newKey() };
  const name = `unitc_cli_${++databases}_${process.pid}`;
  if (provider === "object_store") {
    const { endpoint, bucket } = servers.objectStore;
    return {
      storage: {
        provider,
        bucket,
        region: "us-east-1",
        endpoint,
        forcePathStyle: true,
        path: name,
        credentials: "env:UNITC_TEST_S3",
        ...shared,
      },
      env: { UNITC_TEST_S3: JSON.stringify(S3RVER_CREDENTIALS), ...sharedEnv },
      migrate: false,
    };
  }
  await servers.postgres.createDatabase(name);
  return {
    storage: { provider, connection: "env:UNITC_TEST_PG", ...shared },
    env: { UNITC_TEST_PG: servers.postgres.dsn(name), ...sharedEnv },
    migrate: true,
  };
}

/** A fresh vault key, as base64url text. */
export function newKey(): string {
  return randomBytes(32).toString("base64url");
}

/** A fresh folder with a user config for `setup` (and `files` besides). */
export async function storageHome(
  setup: ProviderSetup,
  files: Record<string, string> = {},
): Promise<StorageHome> {
  const dir = await writeProject(files);
  const config = join(dir, "user.json");
  const storage = { ...setup.storage };
  await writeFile(config, JSON.stringify({ storage }));
  await mkdir(join(dir, "data"), { recursive: true });
  const env = { ...setup.env, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config") };
  if (setup.migrate) {
    const migrated = await unitc(["storage", "migrate", "--user-config", config], dir, env);
    if (migrated.code !== 0) throw new Error(`storage migrate failed: ${migrated.stderr}`);
  }
  return { dir, config, env, storage, migrate: setup.migrate };
}
