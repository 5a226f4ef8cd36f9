// One client process of the serve-scale benchmark: `sessions` MCP clients (SDK 1.x, what most
// clients are built on) connected through the balancer with the serve token in UNITC_BENCH_TOKEN.
// Once all are connected it prints {"connected":true}; on a line on stdin each calls the echo tool (found by name in tools/list) as
// fast as it is answered for `durationMs`, then it prints one JSON line: latencies and failures.
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { url, sessions, durationMs } = JSON.parse(process.argv[2]);
const requestInit = { headers: { Authorization: `Bearer ${process.env.UNITC_BENCH_TOKEN}` } };
const latencies = [];
let failures = 0;
let firstFailure = "";
let tool = "";

async function connect(index) {
  const client = new Client({ name: `bench-${index}`, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }));
  const { tools } = await client.listTools();
  tool = tools.find((t) => t.name.includes("echo"))?.name ?? "";
  // A few calls before the window, so fresh replicas are measured warm.
  for (let n = 0; n < 5; n++) await client.callTool({ name: tool, arguments: { word: "warm" } });
  return client;
}

function failed(text) {
  failures++;
  firstFailure ||= text;
}

async function drive(client, index, stopAt) {
  for (let n = 0; Date.now() < stopAt; n++) {
    const started = performance.now();
    try {
      const result = await client.callTool({ name: tool, arguments: { word: `s${index}-${n}` } });
      if (result.isError) failed(JSON.stringify(result.content));
      else latencies.push(performance.now() - started);
    } catch (error) {
      failed(String(error));
    }
  }
}

const clients = await Promise.all(Array.from({ length: sessions }, (_, i) => connect(i)));
process.stdout.write(`${JSON.stringify({ connected: true })}\n`);
await createInterface({ input: process.stdin })[Symbol.asyncIterator]().next();
const stopAt = Date.now() + durationMs;
await Promise.all(clients.map((client, i) => drive(client, i, stopAt)));
await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
process.stdout.write(`${JSON.stringify({ latencies, failures, firstFailure })}\n`);
process.exit(0);
