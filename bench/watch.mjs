// Watch mode on a generated project of 200 unit files, in one run:
// - a full cold compile of the project (new `unitc compile` process, median of 3);
// - one unit file edited → its files rewritten (in-process watcher, from the write to the end of
//   the rebuild's write), median of 30 edits;
// - one unit file edited → a connected MCP client notified (`unitc dev` over Streamable HTTP in its
//   own process, from the write to `notifications/tools/list_changed`), median of 30 edits;
// - the check watch mode makes after each build (what the build read against the disk), alone:
//   the files as the edits left them (most answered by their stamps) and all just rewritten (all hashed).
import { execFileSync, spawn } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { isMain, median, printTable, root } from "./support.mjs";
import { watchProject as makeProject, unitText } from "./watch-project.mjs";

const UNITS = 200;
const EDITS = 30;
const TOKEN = "bench-watch-token";
const cli = join(root, "dist/cli/main.cjs");
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function coldCompile(dir) {
  const out = join(dir, "generated");
  const times = [];
  for (let i = 0; i < 3; i++) {
    execFileSync("rm", ["-rf", out]);
    const started = performance.now();
    execFileSync(process.execPath, [cli, "compile", "--project", dir, "--user-config", "none"], {
      stdio: "pipe",
    });
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Edits unit `i % UNITS` and resolves with the milliseconds until `done` reports. */
async function timeEdits(dir, waitFor) {
  const times = [];
  for (let n = 1; n <= EDITS; n++) {
    const i = (n * 7) % UNITS;
    const seen = waitFor();
    const started = performance.now();
    await writeFile(join(dir, ".units", `svc${i}.md`), unitText(i, n));
    await seen;
    times.push(performance.now() - started);
    await pause(30);
  }
  return median(times);
}

async function rewriteTimes(dir) {
  const { watchProject } = await import("../dist/compiler/index.js");
  let waiting;
  const watcher = watchProject({
    projectDir: dir,
    outDir: join(dir, "generated"),
    userConfigFile: false,
    onBuild(build) {
      if (build.written.length > 0) waiting?.(build);
    },
  });
  await watcher.ready;
  try {
    return await timeEdits(dir, () => new Promise((resolve) => (waiting = resolve)));
  } finally {
    await watcher.close();
  }
}

/** Medians of 21 checks of what a build of `dir` read: as the files are, then all just rewritten. */
async function checkTimes(dir) {
  const { compile } = await import("../dist/compiler/index.js");
  const { logReads } = await import("../dist/compiler/load/read-log.js");
  const { changedSinceRead } = await import("../dist/compiler/watch-reads.js");
  const { FileHashes } = await import("../dist/compiler/shared/file-hashes.js");
  const { reads } = await logReads(() => compile({ projectDir: dir, userConfigFile: false }));
  const time = async () => {
    const hashes = new FileHashes();
    const times = [];
    for (let n = 0; n < 21; n++) {
      const started = performance.now();
      await changedSinceRead(reads, hashes);
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const settled = await time();
  for (const file of reads.files.keys()) {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text !== undefined) await writeFile(file, text);
  }
  return { settled, fresh: await time(), files: reads.files.size };
}

async function notifyTimes(dir) {
  const child = spawn(
    process.execPath,
    [
      cli,
      "dev",
      "--project",
      dir,
      "--user-config",
      "none",
      "--transport",
      "http",
      "--port",
      "0",
      "--token",
      "env:BENCH_WATCH_TOKEN",
    ],
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, BENCH_WATCH_TOKEN: TOKEN } },
  );
  let stderr = "";
  const url = await new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /listening on (\S+)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once("exit", () => reject(new Error(`unitc dev exited:\n${stderr}`)));
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => TOKEN } }),
  );
  let waiting;
  client.setNotificationHandler("notifications/tools/list_changed", () => waiting?.());
  try {
    return await timeEdits(dir, () => new Promise((resolve) => (waiting = resolve)));
  } finally {
    await client.close();
    child.kill("SIGTERM");
  }
}

export async function run() {
  const dir = await makeProject("watch-200", UNITS);
  const cold = coldCompile(dir);
  const rewritten = await rewriteTimes(dir);
  const check = await checkTimes(dir);
  await rm(join(dir, "generated"), { recursive: true, force: true });
  const notified = await notifyTimes(await makeProject("watch-200-dev", UNITS));
  return [
    { name: `cold compile, ${UNITS} unit files (new process)`, value: cold.toFixed(0), unit: "ms" },
    {
      name: `watch: one of ${UNITS} units edited → its files rewritten (median of ${EDITS})`,
      value: rewritten.toFixed(0),
      unit: "ms",
      target: "< 150 ms",
    },
    {
      name: `watch: check of what a build read, ${check.files} files as the edits left them (median of 21)`,
      value: check.settled.toFixed(1),
      unit: "ms",
    },
    {
      name: `watch: the same check, all ${check.files} files just rewritten (median of 21)`,
      value: check.fresh.toFixed(1),
      unit: "ms",
    },
    {
      name: `dev: one of ${UNITS} units edited → MCP client notified (median of ${EDITS})`,
      value: notified.toFixed(0),
      unit: "ms",
      target: "< 250 ms",
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
