// Cold compile of 100 HTTP-action units: a fresh `unitc compile` process each run (module loading
// included), median of 5; plus the same compile in-process once modules are warm.
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
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

if (isMain(import.meta.url)) printTable(await run());
