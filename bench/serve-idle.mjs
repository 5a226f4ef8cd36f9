// A Code Mode serve of GitHub REST (~1,200 operations, its description fetched with `npm pack` into
// .bench-cache/, never committed) as a user sees it: the resident memory of a new `unitc serve`
// process (all its threads: engines and type checker) 2 s, 10 s and 20 s after it starts with no call
// made, and the first `code_mode` call of a new process through an MCP client session over stdio,
// with whether its type error came back (type-checked) or the run went unchecked, and the serve's CPU
// time for it (all threads: it does not grow with the machine's load as wall time does); and the
// first call of the idle serve after 20 s, which finds its type checker ready. Medians of RUNS
// processes. After `npm run build`; `npm run bench:idle`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { githubProject } from "./openapi-github.mjs";
import { isMain, median, printTable, root } from "./support.mjs";

const RUNS = 3;
/** Seconds after start at which the idle serve's memory is read. */
const IDLE_AT = [2, 10, 20];
/** A number where GitHub's `repo` path parameter takes a string; never called, so no request is made. */
const WRONG = `const f = () => units.github.repos_get({ path: { owner: "octocat", repo: 1 } });\nreturn typeof f`;

/**
 * CPU time of process `pid`, all its threads, in ms (Linux; clock ticks of 10 ms): unlike wall time,
 * what a first call costs does not grow with the load other processes put on the machine.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of process `pid` in MiB (Linux). */
function rssMiB(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
}

/** A new serve process and an MCP session with it, its tools listed. */
async function session(manifestPath) {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, "dist/cli/main.cjs"), "serve", "--manifest", manifestPath, "--user-config", "none"],
    env: { PATH: process.env.PATH ?? "", GITHUB_TOKEN: "bench-not-used" },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  return { client, pid: transport.pid, started, listed: performance.now() - started };
}

/**
 * RSS at each of {@link IDLE_AT} seconds after the serve started, no call made; then its first
 * code_mode call, which finds the type checker ready (a client whose first script comes later).
 */
async function idle(manifestPath) {
  const s = await session(manifestPath);
  try {
    const figures = [];
    for (const at of IDLE_AT) {
      const wait = at * 1000 - (performance.now() - s.started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      figures.push(rssMiB(s.pid));
    }
    return { figures, ready: await codeModeCall(s) };
  } finally {
    await s.client.close();
  }
}

/** A code_mode call of {@link WRONG} in session `s`: its time, the serve's CPU for it, whether it was type-checked. */
async function codeModeCall(s) {
  const started = performance.now();
  const cpuBefore = cpuMs(s.pid);
  const result = await s.client.callTool({ name: "code_mode", arguments: { code: WRONG } });
  const ms = performance.now() - started;
  const cpu = cpuMs(s.pid) - cpuBefore;
  const codes = (result.structuredContent?.diagnostics ?? []).map((d) => d.code);
  return { ms, cpu, checked: codes.includes("TS2322") && !codes.includes("TYPECHECK_SKIPPED") };
}

/** The first code_mode call of a new serve, right after its tools/list. */
async function firstCall(manifestPath) {
  const s = await session(manifestPath);
  try {
    return { ...(await codeModeCall(s)), listed: s.listed };
  } finally {
    await s.client.close();
  }
}

/** The rows for the bundle whose manifest is `manifestPath`. */
export async function idleRows(manifestPath) {
  const nodeStarted = performance.now();
  execFileSync(process.execPath, ["-e", ""]);
  const nodeMs = performance.now() - nodeStarted;
  const idles = [];
  const firsts = [];
  for (let i = 0; i < RUNS; i++) {
    idles.push(await idle(manifestPath));
    firsts.push(await firstCall(manifestPath));
  }
  const at = (i) => median(idles.map((idle) => idle.figures[i])).toFixed(0);
  const checked = firsts.filter((f) => f.checked).length;
  const readies = idles.map((idle) => idle.ready);
  const readyChecked = readies.filter((f) => f.checked).length;
  return [
    { name: "`node -e ''` on this machine now (for scale)", value: nodeMs.toFixed(0), unit: "ms" },
    ...IDLE_AT.map((seconds, i) => ({
      name: `GitHub REST, code_mode: idle RSS of unitc serve ${seconds} s after start, no call (all threads)`,
      value: at(i),
      unit: "MiB",
      target: seconds === 20 ? "" : "≤ 250 MB",
    })),
    {
      name: "GitHub REST, code_mode: new serve process, start → first tools/list (client session, stdio)",
      value: median(firsts.map((f) => f.listed)).toFixed(0),
      unit: "ms",
    },
    {
      name: "GitHub REST, code_mode: first code_mode call after tools/list (new process, client session)",
      value: median(firsts.map((f) => f.ms)).toFixed(0),
      unit: "ms",
      target: "≤ 500 ms",
    },
    {
      name: "GitHub REST, code_mode: CPU time of the serve process (all threads) from tools/list to the first call's answer",
      value: median(firsts.map((f) => f.cpu)).toFixed(0),
      unit: "ms",
    },
    {
      name: "GitHub REST, code_mode: first code_mode call of a serve idle 20 s, its type checker ready (client session)",
      value: median(readies.map((f) => f.ms)).toFixed(0),
      unit: "ms",
    },
    {
      name: "GitHub REST, code_mode: CPU time of the serve process (all threads) for that call",
      value: median(readies.map((f) => f.cpu)).toFixed(0),
      unit: "ms",
    },
    {
      name: "GitHub REST, code_mode: first call type-checked (its type error reported, not TYPECHECK_SKIPPED)",
      value:
        checked === firsts.length && readyChecked === readies.length
          ? "yes"
          : `no (${checked} of ${firsts.length} right after tools/list, ${readyChecked} of ${readies.length} once ready)`,
      unit: "",
      target: "yes",
    },
  ];
}

/** Compiles GitHub REST (its units in Code Mode, the default) and measures its serve. */
export async function run() {
  const project = await githubProject("serve-idle");
  const out = join(project, "generated");
  const compile = [join(root, "dist/cli/main.cjs"), "compile", "--project", project, "--out", out];
  execFileSync(process.execPath, [...compile, "--user-config", "none"], { stdio: "pipe", cwd: root });
  return idleRows(join(out, "manifest.json"));
}

if (isMain(import.meta.url)) printTable(await run());
