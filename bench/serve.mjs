// Serving benchmarks, on the built CLI and runtime (run `npm run build` first):
// - serve start → first tools/list answer for 50 units / 5,000 operations: in-process (reading the
//   manifest, building the tool table, MCP handshake; modules warm), and as a fresh `unitc serve`
//   process on stdio (Node start and loading the bundled dist/cli/serve.cjs included), median of 5;
//   direct exposure, so the answer is a full page of 1,000 tools;
// - search_tools median over 10,000 operations (the tool handler in-process, no transport);
// - RSS of that serve process with the 5,000 operations loaded, after a search.
// The bundles are synthetic manifests in the compiler's format plus their prebuilt search index.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSearchIndex } from "../dist/runtime/search/index.js";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const RUNS = 5;
const SEARCHES = 2_000;
const VERBS = ["list", "get", "create", "update", "delete", "search", "archive", "export", "approve", "sync"];
const NOUNS = [
  "invoice",
  "customer",
  "order",
  "shipment",
  "ticket",
  "report",
  "user",
  "project",
  "file",
  "event",
];

function operation(unit, i) {
  const verb = VERBS[i % VERBS.length];
  const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length];
  const name = `${verb}${noun[0].toUpperCase()}${noun.slice(1)}${Math.floor(i / 100) || ""}`;
  const inputSchema = {
    type: "object",
    properties: { id: { type: "string" }, limit: { type: "integer" }, [`${noun}Name`]: { type: "string" } },
    required: verb === "list" ? [] : ["id"],
  };
  return {
    name,
    tsName: name,
    description: `${verb[0].toUpperCase()}${verb.slice(1)} ${noun} records of service ${unit}.`,
    inputSchema,
    outputSchema: { type: "object", properties: { id: { type: "string" }, status: { type: "string" } } },
    invoke: { kind: "http", method: verb === "list" || verb === "get" ? "GET" : "POST", path: `/${noun}s` },
    schemaHash: `sha256:${i.toString(16).padStart(16, "0")}`,
  };
}

function manifest(units, perUnit, exposure) {
  return {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: Array.from({ length: units }, (_, u) => ({
      id: `service${u}`,
      kind: "http",
      name: `Service ${u}`,
      description: `Business service number ${u}.`,
      tags: ["bench"],
      exposure,
      shadowing: "forbid",
      connection: {
        kind: "http",
        baseUrl: `http://127.0.0.1:9/${u}`,
        auth: { type: "none" },
        requestTimeoutMs: 5000,
        maxResponseBytes: 200000,
      },
      operations: Array.from({ length: perUnit }, (_, i) => operation(`service${u}`, i)),
      sourceHash: `sha256:${u.toString(16).padStart(16, "0")}`,
    })),
  };
}

async function writeBundle(name, data) {
  return benchProject(name, {
    "manifest.json": JSON.stringify(data, null, 2),
    "search-index.json": JSON.stringify(buildSearchIndex(data)),
  });
}

function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** Starts `unitc serve` on stdio; resolves when the first tools/list answer arrives. */
function startAndList(manifestPath, keep) {
  const started = performance.now();
  const cli = join(root, "dist/cli/main.cjs");
  const child = spawn(process.execPath, [cli, "serve", "--manifest", manifestPath, "--user-config", "none"], {
    stdio: ["pipe", "pipe", "ignore"],
  });
  const send = (m) => child.stdin.write(`${JSON.stringify(m)}\n`);
  return new Promise((resolve, reject) => {
    let buffer = "";
    let answered = false;
    child.on("error", reject);
    child.stdout.on("data", async (chunk) => {
      buffer += chunk;
      if (answered || !buffer.includes('"id":2')) return;
      answered = true;
      const elapsed = performance.now() - started;
      let rss;
      if (keep) {
        send({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "search_tools", arguments: { query: "approve invoice" } },
        });
        await new Promise((r) => setTimeout(r, 300));
        rss = rssKiB(child.pid);
      }
      child.stdin.end();
      child.kill();
      resolve({ elapsed, rss, tools: (buffer.match(/"inputSchema"/g) ?? []).length });
    });
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "1" },
      },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  });
}

/** In-process: host (manifest, tool table) + MCP server + first tools/list page, modules warm. */
async function inProcessStart(manifestPath) {
  const { createServeHost } = await import("../dist/runtime/serve/host.js");
  const { createMcpServer } = await import("../dist/runtime/serve/sessions/server.js");
  const { InMemoryTransport } = await import("@modelcontextprotocol/server");
  const { Client } = await import("@modelcontextprotocol/client");
  const times = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = performance.now();
    const host = createServeHost({ manifestPath, env: {} });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(host, { version: "bench" }).connect(serverSide);
    const client = new Client({ name: "bench", version: "1" });
    await client.connect(clientSide);
    await client.request({ method: "tools/list", params: {} });
    if (i > 0) times.push(performance.now() - started); // the first run warms the JIT
    await client.close();
    await host.close();
  }
  return median(times);
}

async function searchMedian() {
  const dir = await writeBundle("serve-10000", manifest(100, 100, "direct"));
  const { createServeHost } = await import("../dist/runtime/serve/host.js");
  const { callSearchTools } = await import("../dist/runtime/serve/sessions/search-tool.js");
  const host = createServeHost({ manifestPath: join(dir, "manifest.json"), env: {} });
  const snapshot = host.snapshot();
  const queries = [
    "approve invoice",
    "export customer records",
    "sync shipment",
    "delete ticket 7",
    "list users of service42",
    "archve reprt",
  ];
  for (let i = 0; i < 200; i++) callSearchTools(snapshot, { query: queries[i % queries.length] });
  const times = [];
  for (let i = 0; i < SEARCHES; i++) {
    const started = performance.now();
    callSearchTools(snapshot, { query: queries[i % queries.length] });
    times.push(performance.now() - started);
  }
  await host.close();
  return median(times);
}

export async function run() {
  const dir = await writeBundle("serve-5000", manifest(50, 100, "direct"));
  const manifestPath = join(dir, "manifest.json");
  const starts = [];
  let tools = 0;
  for (let i = 0; i < RUNS; i++) {
    const result = await startAndList(manifestPath, false);
    starts.push(result.elapsed);
    tools = result.tools;
  }
  const { rss } = await startAndList(manifestPath, true);
  const warm = await inProcessStart(manifestPath);
  return [
    {
      name: "serve start → first tools/list in-process (50 units / 5,000 operations; manifest, tool table, MCP handshake; the search index is read on the first search)",
      value: warm.toFixed(0),
      unit: "ms",
      target: "< 300 ms",
    },
    {
      name: `serve start → first tools/list (new process, stdio; 50 units / 5,000 operations, ${tools} tools in page 1)`,
      value: median(starts).toFixed(0),
      unit: "ms",
      target: "< 300 ms",
    },
    {
      name: "search_tools median over 10,000 operations (handler, in-process)",
      value: (await searchMedian()).toFixed(3),
      unit: "ms",
      target: "< 2 ms",
    },
    {
      name: "RSS of serve with 5,000 operations loaded (after one search)",
      value: (rss / 1024).toFixed(0),
      unit: "MiB",
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
