// Overhead of an MCP tool call through the runtime (input validation, the shared session, the drift
// check, result mapping) over a direct SDK client call to the same stdio server, in the same run.
// Each side has its own server process; calls alternate between them so both see the same load.
// Uses dist/ (run `npm run build` first).
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const CALLS = 3000;
const WARMUP = 300;
const fixture = join(root, "test/fixtures/mcp/fixture-server.mjs");
const server = { command: process.execPath, args: [fixture] };

async function compileFixture() {
  const config = {
    version: 1,
    mcpServers: {
      fixture: { name: "Fixture", description: "Benchmark server.", ...server, toolCacheTtlMs: 0 },
    },
  };
  const dir = await benchProject("mcp-call", { ".units/config.json": JSON.stringify(config) });
  const { compile, formatDiagnostics, hasErrors } = await import("../dist/compiler/index.js");
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, outDir, userConfigFile: false });
  if (hasErrors(result.diagnostics)) throw new Error(formatDiagnostics(result.diagnostics));
  return { manifest: JSON.parse(result.files.get("manifest.json")), baseDir: outDir };
}

/** Microseconds per call of each side, measured call by call, alternating. */
async function measure(sides) {
  const times = sides.map(() => []);
  for (let i = 0; i < WARMUP + CALLS; i++) {
    for (const [index, call] of sides.entries()) {
      const started = performance.now();
      await call();
      if (i >= WARMUP) times[index].push((performance.now() - started) * 1000);
    }
  }
  return times;
}

export async function run() {
  const { createRuntime } = await import("../dist/runtime/index.js");
  const { manifest, baseDir } = await compileFixture();
  const runtime = createRuntime({ manifest, baseDir, env: { PATH: process.env.PATH } });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
  await client.listTools();
  const input = { a: 1, b: 2 };
  try {
    const [viaRuntime, direct] = await measure([
      () => runtime.call("fixture", "add", input),
      () => client.callTool({ name: "add", arguments: input }),
    ]);
    const added = median(viaRuntime) - median(direct);
    return [
      {
        name: "MCP tool call, direct SDK client (stdio, median)",
        value: median(direct).toFixed(0),
        unit: "µs/call",
      },
      {
        name: "MCP tool call through the runtime (stdio, median)",
        value: median(viaRuntime).toFixed(0),
        unit: "µs/call",
      },
      {
        name: "added by the runtime at the median",
        value: added.toFixed(0),
        unit: "µs/call",
        target: "≤ 1000 µs",
      },
    ];
  } finally {
    await client.close();
    await runtime.close();
  }
}

if (isMain(import.meta.url)) printTable(await run());
