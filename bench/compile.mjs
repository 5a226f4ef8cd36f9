// Cold compile of 100 HTTP-action units: a fresh `unitc compile` process each run (module loading
// included), median of 5; plus the same compile in-process once modules are warm. And a no-change
// compile (new process) of a small project with and without one MCP stdio unit: within
// toolCacheTtlMs the build record answers without starting the server; after it, the server is
// listed once and an unchanged listing still answers.
import { execFileSync, spawnSync } from "node:child_process";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const UNITS = 100;
const RUNS = 5;

function config() {
  const httpApis = {};
  for (let i = 0; i < UNITS; i++) {
    httpApis[`api${i}`] = {
      name: `Service ${i}`,
      description: `Service number ${i} of the benchmark.`,
      baseUrl: `http://127.0.0.1:9/${i}`,
      auth: { type: "bearer", token: "env:BENCH_TOKEN" },
      actions: {
        listItems: {
          method: "GET",
          path: "/items",
          description: "List items.",
          query: { limit: "$input.limit", q: "$input.q" },
          inputSchema: {
            type: "object",
            properties: { limit: { type: "integer", minimum: 1 }, q: { type: "string" } },
          },
          outputSchema: {
            type: "array",
            items: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
          },
        },
        getItem: {
          method: "GET",
          path: "/items/{id}",
          description: "Read one item.",
          inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        },
        createItem: {
          method: "POST",
          path: "/items",
          description: "Create an item.",
          jsonBody: { name: "$input.name", tags: "$input.tags" },
          inputSchema: {
            type: "object",
            properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
            required: ["name"],
          },
        },
      },
    };
  }
  return JSON.stringify({ version: 1, httpApis }, null, 2);
}

export async function run() {
  const dir = await benchProject("compile-100", { ".units/config.json": config() });
  const out = join(dir, "generated");
  const cli = join(root, "dist/cli/main.cjs");
  const args = [cli, "compile", "--project", dir, "--out", out, "--user-config", "none"];
  const cold = [];
  for (let i = 0; i < RUNS; i++) {
    await rm(out, { recursive: true, force: true });
    const started = performance.now();
    execFileSync(process.execPath, args, { stdio: "pipe" });
    cold.push(performance.now() - started);
  }
  const { compile } = await import("../dist/compiler/index.js");
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await compile({ projectDir: dir, outDir: out, userConfigFile: false });
    warm.push(performance.now() - started);
    if (result.files.size !== UNITS * 3 + 4)
      throw new Error(`expected ${UNITS * 3 + 4} files, got ${result.files.size}`);
  }
  return [
    ...(await noChangeRows()),
    {
      name: `cold compile, ${UNITS} HTTP-action units (new process, writes files)`,
      value: median(cold).toFixed(0),
      unit: "ms",
    },
    {
      name: `warm compile in-process, ${UNITS} HTTP-action units (no write)`,
      value: median(warm).toFixed(0),
      unit: "ms",
    },
  ];
}

const NOTES = {
  name: "Notes",
  description: "Notes service.",
  baseUrl: "http://127.0.0.1:9/api",
  auth: { type: "none" },
  actions: { listNotes: { method: "GET", path: "/notes", description: "List notes." } },
};
const FIXTURE = join(root, "test/fixtures/mcp/fixture-server.mjs");
const TOOLS = {
  name: "Fixture",
  description: "Benchmark server.",
  command: process.execPath,
  args: [FIXTURE],
};

/**
 * `unitc compile` as a new process; on a Node.js older than the CLI needs, a new process that calls
 * `build()` from dist/ as the CLI does (then the CLI's own start-up is not in the figure).
 */
const [major, minor] = process.versions.node.split(".").map(Number);
const cliRuns = major > 22 || (major === 22 && minor >= 15);
const DRIVER = `const [dir] = process.argv.slice(1);
const { build } = await import(${JSON.stringify(join(root, "dist/compiler/build.js"))});
const o = await build({ projectDir: dir, userConfigFile: false, outDir: dir + "/generated", record: true, reuseRecord: true });
process.stderr.write(o.fromRecord ? "nothing changed since the last compile" : o.status);`;
const compileArgs = (dir) =>
  cliRuns
    ? [join(root, "dist/cli/main.cjs"), "compile", "--project", dir, "--user-config", "none"]
    : ["--input-type=module", "-e", DRIVER, dir];

/** Milliseconds of one compile in a new process; throws unless the build record answered. */
function noChangeCompile(dir, env) {
  const started = performance.now();
  const { stderr, status } = spawnSync(process.execPath, compileArgs(dir), { env, encoding: "utf8" });
  const ms = performance.now() - started;
  if (status !== 0 || !stderr.includes("nothing changed since the last compile"))
    throw new Error(`not answered by the build record: ${stderr}`);
  return ms;
}

/** Makes every cached MCP listing older than any toolCacheTtlMs. */
async function expireListings(cache) {
  const folder = join(cache, "mcp");
  for (const name of await readdir(folder)) {
    const entry = JSON.parse(await readFile(join(folder, name), "utf8"));
    await writeFile(join(folder, name), JSON.stringify({ ...entry, fetchedAt: 0 }));
  }
}

/** No-change compiles of one HTTP unit, alone and beside one MCP stdio unit. */
export async function noChangeRows() {
  const cache = join(root, ".bench-cache", "no-change-cache");
  await rm(cache, { recursive: true, force: true });
  const env = { ...process.env, UNITC_CACHE_DIR: cache, UNITC_TRUST: "1" };
  const config = (more) => JSON.stringify({ version: 1, httpApis: { notes: NOTES }, ...more });
  const plain = await benchProject("no-change-http", { ".units/config.json": config({}) });
  const mcp = await benchProject("no-change-mcp", {
    ".units/config.json": config({ mcpServers: { tools: { ...TOOLS, toolCacheTtlMs: 600_000 } } }),
  });
  for (const dir of [plain, mcp]) execFileSync(process.execPath, compileArgs(dir), { env, stdio: "pipe" });
  const times = { plain: [], mcp: [], expired: [] };
  for (let i = 0; i < RUNS; i++) {
    times.plain.push(noChangeCompile(plain, env));
    times.mcp.push(noChangeCompile(mcp, env));
    await expireListings(cache);
    times.expired.push(noChangeCompile(mcp, env));
  }
  const how = cliRuns ? "new process" : "new process, build() from dist/: Node.js too old for the CLI";
  const row = (name, values, target) => ({
    name: `${name} (${how})`,
    value: median(values).toFixed(0),
    unit: "ms",
    target,
  });
  return [
    row("no-change compile, one HTTP unit", times.plain, "< 300 ms"),
    row("no-change compile, one HTTP + one MCP stdio unit, within toolCacheTtlMs", times.mcp, "< 300 ms"),
    row(
      "no-change compile, one HTTP + one MCP stdio unit, after toolCacheTtlMs: server listed once, same tools",
      times.expired,
    ),
  ];
}

if (isMain(import.meta.url)) printTable(await run());
