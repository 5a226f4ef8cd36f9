// Code Mode as an MCP client sees it: one `@modelcontextprotocol/client` session over stdio to a new
// `unitc serve` process (the built CLI) serving a copy of generated/basic pointed at the example
// service on a free port. UNITC_TIMINGS=1 makes the serve return each run's stage timings in `_meta`.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { startExampleServer } from "../examples/basic/server.mjs";
import { utcpFigures } from "./code-mode-utcp.mjs";
import { roundTripFloor } from "./round-trip-floor.mjs";
import { isMain, median, printTable, root } from "./support.mjs";

const env = { NOTES_TOKEN: "bench-notes", WEATHER_KEY: "bench-weather" };
/** The pause before each run of the paced series: an agent's think time, shortened. */
export const PAUSE_MS = 50;

/** A copy of generated/basic whose HTTP units point at `origin`; returns its manifest path. */
function copyBundle(origin) {
  const dir = mkdtempSync(join(tmpdir(), "unitc-bench-code-mode-"));
  cpSync(join(root, "generated/basic"), dir, { recursive: true, filter: (src) => !src.includes("bundle") });
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  for (const unit of manifest.units) {
    const connection = unit.connection;
    if (connection.baseUrl) connection.baseUrl = connection.baseUrl.replace("http://127.0.0.1:4319", origin);
    // A format 3 manifest leaves out an invoke's kind where it is the unit's.
    for (const op of unit.operations)
      if ((op.invoke.kind ?? unit.kind) === "cli") op.invoke.cwd = join(root, "examples/basic");
  }
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  return { dir, manifestPath: join(dir, "manifest.json") };
}

/** Starts a serve session; resolves with the client and the start → first tools/list time. */
async function session(manifestPath, timings) {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, "dist/cli/main.cjs"), "serve", "--manifest", manifestPath, "--user-config", "none"],
    env: { PATH: process.env.PATH ?? "", ...env, ...(timings ? { UNITC_TIMINGS: "1" } : {}) },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  return { client, listed: performance.now() - started, pid: transport.pid };
}

async function codeMode(client, code) {
  const started = performance.now();
  const result = await client.callTool({ name: "code_mode", arguments: { code } });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`code_mode failed: ${result.content?.[0]?.text}`);
  return { ms, timings: result._meta?.["unitc/timings"] };
}

/** The value below which `share` of `values` fall. */
function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Medians of each stage over `runs`, plus the client's total and what is left for MCP framing. */
function breakdown(runs) {
  const stages = {};
  for (const run of runs) {
    for (const [name, ms] of Object.entries(run.timings ?? {})) {
      stages[name] ??= [];
      stages[name].push(ms);
    }
  }
  const out = Object.fromEntries(Object.entries(stages).map(([name, values]) => [name, median(values)]));
  out.client = median(runs.map((r) => r.ms));
  out.clientP90 = percentile(
    runs.map((r) => r.ms),
    0.9,
  );
  if (out.serve !== undefined) {
    // The serve's part outside the run: the MCP server's request handling and result checks, the
    // tool dispatch and the result text (serve.read, its reading of the request, is part of it).
    out["serve.mcp"] = median(runs.map((r) => r.timings.serve - r.timings.total));
    // The rest is the stdio hops both ways and the client's own work.
    out.framing = median(runs.map((r) => r.ms - r.timings.serve));
  } else if (out.total !== undefined) out.framing = out.client - out.total - (out.resultText ?? 0);
  // The engine's side of the calls: the script's own work and the thread hops of its calls (the
  // first call is made while the script is evaluated, so evaluate counts here too).
  if (out["engine.drive"] !== undefined && out.bridge !== undefined) {
    out["calls.engine"] = median(
      runs.map((r) => r.timings["engine.evaluate"] + r.timings["engine.drive"] - (r.timings.bridge ?? 0)),
    );
  }
  const cpu = runs.map((r) => r.cpu).filter((value) => value !== undefined);
  if (cpu.length > 0) out.serveCpu = median(cpu);
  return out;
}

/** CPU milliseconds the serve process (all its threads) has used so far; undefined off Linux. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Resolves once the serve has used no CPU for 300 ms (at most 10 s): its start-up work is done. */
async function settled(pid) {
  const deadline = performance.now() + 10_000;
  let last = cpuOf(pid);
  while (last !== undefined && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = cpuOf(pid);
    if (now === last) return;
    last = now;
  }
}

/**
 * Runs `count` scripts made by `code`, each `pauseMs` after the last answer; each gets the serve's
 * CPU time per run over the whole series.
 */
async function series(client, pid, count, code, pauseMs = 0) {
  const before = cpuOf(pid);
  const runs = [];
  for (let i = 0; i < count; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    runs.push(await codeMode(client, code(i)));
  }
  const after = cpuOf(pid);
  if (before !== undefined && after !== undefined) for (const run of runs) run.cpu = (after - before) / count;
  return runs;
}

/** The client-side figures: start-up, first call, warm calls with new text, 100 calls. */
export async function clientFigures({ rounds = 50, processes = 3 } = {}) {
  const server = await startExampleServer({
    port: 0,
    notesToken: env.NOTES_TOKEN,
    weatherKey: env.WEATHER_KEY,
  });
  const { dir, manifestPath } = copyBundle(server.url);
  try {
    const listed = [];
    const first = [];
    for (let i = 0; i < processes; i++) {
      const s = await session(manifestPath, process.env.UNITC_TIMINGS === "1");
      listed.push(s.listed);
      first.push(await codeMode(s.client, `return ${i}`));
      await s.client.close();
    }
    const { client, pid } = await session(manifestPath, process.env.UNITC_TIMINGS === "1");
    try {
      for (let i = 0; i < 5; i++) await codeMode(client, `return ${-i}`);
      // The serve finishes starting in the background (the type checker loads the declarations, V8
      // compiles what start-up ran): that is the first call's cost, measured above, not each run's.
      await settled(pid);
      const fresh = await series(client, pid, rounds, (i) => `return ${i + 1000 * Math.random()}`);
      const oneCall = await series(
        client,
        pid,
        rounds,
        (i) => `const n = await units.notes.listNotes({});\nreturn [n, ${i}]`,
      );
      // The same texts again: their type checks are answered from the checker's cache.
      const sameLine = await series(client, pid, rounds, () => "return 1");
      const sameCall = await series(
        client,
        pid,
        rounds,
        () => "const n = await units.notes.listNotes({});\nreturn [n, 1]",
      );
      const hundred = await series(
        client,
        pid,
        10,
        (i) =>
          `let last;\nfor (let i = 0; i < 100; i++) last = await units.notes.listNotes({});\nreturn [last, ${i}]`,
      );
      // A serve that has run a few hundred scripts (a team's, up for days): V8 has compiled its hot
      // paths by then, which the first rows' few dozen runs have not.
      await series(
        client,
        pid,
        250,
        (i) => `const n = await units.notes.listNotes({});\nreturn [n, ${i}, 1]`,
      );
      const freshLater = await series(client, pid, rounds, (i) => `return ${i + 1000 * Math.random()} + 2`);
      const oneCallLater = await series(
        client,
        pid,
        rounds,
        (i) => `const n = await units.notes.listNotes({});\nreturn [n, ${i}, 2]`,
      );
      // As an agent runs scripts: each after its model's turn, with the serve idle meanwhile.
      const oneCallPaced = await series(
        client,
        pid,
        30,
        (i) => `const n = await units.notes.listNotes({});\nreturn [n, ${i}, 3]`,
        PAUSE_MS,
      );
      return {
        httpFloor: await httpFloor(server.url),
        oneCallPaced: breakdown(oneCallPaced),
        freshLater: breakdown(freshLater),
        oneCallLater: breakdown(oneCallLater),
        listed: median(listed),
        first: breakdown(first),
        fresh: breakdown(fresh),
        oneCall: breakdown(oneCall),
        sameLine: breakdown(sameLine),
        sameCall: breakdown(sameCall),
        hundred: breakdown(hundred),
      };
    } finally {
      await client.close();
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value) => (value === undefined ? "not installed" : value.toFixed(2));

/** 100 plain requests to the example service from another process (bench/http-floor.mjs), in ms. */
function httpFloor(origin) {
  const script = join(root, "bench/http-floor.mjs");
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [script, origin, env.NOTES_TOKEN], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout).median),
    ),
  );
}

/** The serve process's CPU time per run, all threads (engines, type checker, V8's own), when known. */
function cpuRow(figures) {
  const value = figures.serveCpu === undefined ? "not measured" : figures.serveCpu.toFixed(2);
  return { name: "  serve process CPU per run, all its threads", value, unit: "ms", target: "" };
}

/** How long `node -e ''` takes here: the machine's speed and load, for scale. */
function nodeStart() {
  const started = performance.now();
  execFileSync(process.execPath, ["-e", ""]);
  return performance.now() - started;
}

/**
 * The figures an MCP client sees over stdio, beside UTCP code-mode's in-process ones (`utcp`, when
 * the caller has measured them already).
 */
export async function clientRows(utcpMeasured) {
  process.env.UNITC_TIMINGS ??= "1";
  const client = await clientFigures();
  const floor = await roundTripFloor(1);
  const pausedFloor = await roundTripFloor(PAUSE_MS);
  const utcp = utcpMeasured ?? (await utcpFigures({ pauseMs: PAUSE_MS }));
  const stages = (b) =>
    Object.entries(b)
      .filter(([name]) => name !== "client" && name !== "clientP90" && name !== "serveCpu")
      .map(([name, value]) => `${name} ${value.toFixed(2)}`)
      .join(", ");
  /** A series' rows: its median (and p90) as the client saw it, its serve-side stages, its CPU. */
  const measured = (name, figures, target, { cpu = false } = {}) => [
    {
      name,
      value: `${figures.client.toFixed(2)} (p90 ${figures.clientP90.toFixed(2)})`,
      unit: "ms",
      target,
    },
    { name: `  stages (serve side, ms): ${stages(figures)}`, value: "", unit: "", target: "" },
    ...(cpu ? [cpuRow(figures)] : []),
  ];
  return [
    {
      name: "`node -e ''` on this machine now (for scale)",
      value: nodeStart().toFixed(0),
      unit: "ms",
      target: "",
    },
    {
      name: "MCP stdio: start → first tools/list (new serve process)",
      value: client.listed.toFixed(0),
      unit: "ms",
      target: "≤ 300 ms",
    },
    {
      name: `MCP stdio: first code_mode call after tools/list (UTCP first call: ${ms(utcp?.first)} ms)`,
      value: client.first.client.toFixed(0),
      unit: "ms",
      target: "< 300 ms",
    },
    { name: `  stages (serve side, ms): ${stages(client.first)}`, value: "", unit: "", target: "" },
    ...measured(
      `MCP stdio: one-line script, new text each call, warm median (UTCP in-process: ${ms(utcp?.fresh)} ms)`,
      client.fresh,
      "< 2 ms",
      { cpu: true },
    ),
    ...measured(
      `MCP stdio: one unit call (HTTP to the example service), new text, warm median (UTCP direct call: ${ms(utcp?.oneCall)} ms)`,
      client.oneCall,
      "< 2 ms",
      { cpu: true },
    ),
    ...measured(
      "MCP stdio: one-line script, new text, after 300 runs of new text in the same serve, median",
      client.freshLater,
      "< 2 ms",
    ),
    ...measured(
      "MCP stdio: one unit call, new text, after 300 runs of new text in the same serve, median",
      client.oneCallLater,
      "< 2 ms",
      { cpu: true },
    ),
    ...measured(
      `MCP stdio: one unit call, new text, each run ${PAUSE_MS} ms after the last answer (as an agent's runs come), median (UTCP direct call, in-process, paced alike: ${ms(utcp?.oneCallPaced)} ms)`,
      client.oneCallPaced,
      "",
    ),
    ...measured(
      "MCP stdio: the same one-line script each call (its type check cached), warm median",
      client.sameLine,
      "",
    ),
    ...measured(
      "MCP stdio: the same one-call script each call (its type check cached), warm median",
      client.sameCall,
      "",
      { cpu: true },
    ),
    {
      name: `MCP stdio: 100 sequential unit calls over HTTP in one script (UTCP direct calls: ${ms(utcp?.hundred)} ms)`,
      value: client.hundred.client.toFixed(1),
      unit: "ms",
      target: "< 10 ms",
    },
    {
      name: `  stages (serve side, ms; bridge = the host's part of the calls): ${stages(client.hundred)}`,
      value: "",
      unit: "",
      target: "",
    },
    cpuRow(client.hundred),
    {
      name: "  floor: one round trip between two threads (message and answer, the receiver idle before it); a one-call run makes three",
      value: floor.thread.toFixed(3),
      unit: "ms",
      target: "",
    },
    {
      name: "  floor: one round trip between two processes over a pipe (a JSON-RPC line and back); a run over stdio makes one",
      value: floor.process.toFixed(3),
      unit: "ms",
      target: "",
    },
    {
      name: `  the same two floors, the receiver idle ${PAUSE_MS} ms before each (thread; process)`,
      value: `${pausedFloor.thread.toFixed(3)}; ${pausedFloor.process.toFixed(3)}`,
      unit: "ms",
      target: "",
    },
    {
      name: "  the same 100 requests sent with undici from a process of their own, no unitc (the HTTP floor)",
      value: client.httpFloor.toFixed(1),
      unit: "ms",
      target: "",
    },
  ];
}

if (isMain(import.meta.url)) printTable(await clientRows());
