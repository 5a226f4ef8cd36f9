// What observing costs a direct call: spans (the API's no-op without an exporter), call metrics and
// the process counts, against the same call path with observing switched off (the path before it
// existed), call by call alternating so both see the same load. Measured twice: in process
// (`runtime.call` over an in-process invoker, the pure overhead) and through an MCP client session
// over Streamable HTTP to a loopback API; then once more with an OTLP exporter to a local receiver.
// Uses dist/ (run `npm run build` first).
import { createServer } from "node:http";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { benchProject, isMain, median, printTable } from "./support.mjs";

const CALLS = Number(process.env.BENCH_OBSERVE_CALLS ?? 1000);
const IN_PROCESS_CALLS = 20_000;
const WARMUP = 200;
const TOKEN = "bench-observe-token-0123456789";

/** A server on 127.0.0.1 answering every request with `body`; `count` how many it got. */
async function listen(body) {
  let count = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      count += 1;
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    count: () => count,
    close: () => server.close(),
  };
}

async function compileApi(url) {
  const config = {
    version: 1,
    httpApis: {
      items: {
        name: "Items",
        description: "Benchmark service.",
        exposure: "direct",
        baseUrl: url,
        auth: { type: "none" },
        actions: {
          getItem: {
            method: "GET",
            path: "/items/{id}",
            description: "Read one item.",
            inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          },
        },
      },
    },
  };
  const dir = await benchProject("observe", { ".units/config.json": JSON.stringify(config) });
  const { compile, formatDiagnostics, hasErrors, writeBundle } = await import("../dist/compiler/index.js");
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, outDir, userConfigFile: false });
  if (hasErrors(result.diagnostics)) throw new Error(formatDiagnostics(result.diagnostics));
  await writeBundle(result.files, { outDir });
  return join(outDir, "manifest.json");
}

/**
 * Microseconds per call with observing off and on, alternating call by call; `added` is the median
 * of each pair's difference, which a load that drifts during the run moves far less than the medians.
 */
async function alternate(setObserving, calls, call) {
  const off = [];
  const on = [];
  for (let i = 0; i < WARMUP + calls; i++) {
    for (const [observing, times] of [
      [false, off],
      [true, on],
    ]) {
      setObserving(observing);
      const started = performance.now();
      await call();
      if (i >= WARMUP) times.push((performance.now() - started) * 1000);
    }
  }
  setObserving(true);
  return { off: median(off), on: median(on), added: median(on.map((time, i) => time - off[i])) };
}

/** `runtime.call` over an in-process invoker: what observing adds to the call itself. */
async function inProcess(setObserving) {
  const { createRuntime } = await import("../dist/runtime/index.js");
  const manifest = {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 5, maxSearchLimit: 20 },
    units: [
      {
        id: "bench",
        name: "Bench",
        description: "In-process.",
        exposure: "direct",
        connection: { kind: "bench" },
        operations: [
          {
            name: "echo",
            tsName: "echo",
            description: "Echo.",
            inputSchema: { type: "object" },
            invoke: { kind: "bench" },
          },
        ],
      },
    ],
  };
  const runtime = createRuntime({
    manifest,
    invokers: { bench: async (input) => ({ value: input, truncated: false }) },
  });
  try {
    return await alternate(setObserving, IN_PROCESS_CALLS, () => runtime.call("bench", "echo", { id: "1" }));
  } finally {
    await runtime.close();
  }
}

export async function run() {
  const { setObserving } = await import("../dist/runtime/observe/spans.js");
  const { startTelemetry, stopTelemetry } = await import("../dist/runtime/observe/export.js");
  const { createServeHost, serveHttp } = await import("../dist/runtime/serve/index.js");
  const api = await listen(JSON.stringify({ id: "1", name: "one" }));
  const receiver = await listen("{}");
  const manifestPath = await compileApi(api.url);
  const host = createServeHost({ manifestPath, log: () => undefined });
  const serving = await serveHttp(host, {
    ...{ host: "127.0.0.1", port: 0, path: "/mcp", token: TOKEN, publicOrigins: [], trustProxy: false },
    ...{ version: "bench", log: () => undefined, limits: { perMinute: 0, maxConcurrent: 0 } },
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serving.url), { authProvider: { token: async () => TOKEN } }),
  );
  const call = () => client.callTool({ name: "items__getItem", arguments: { id: "1" } });
  try {
    const local = await inProcess(setObserving);
    const session = await alternate(setObserving, CALLS, call);
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    await startTelemetry();
    const exported = await alternate(setObserving, CALLS, call);
    await stopTelemetry();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    const row = (name, value, target) => ({
      name,
      value: value.toFixed(1),
      unit: "µs/call",
      ...(target ? { target } : {}),
    });
    return [
      row("in-process call, observing off (median)", local.off),
      row("in-process call, observing on, no exporter (median)", local.on),
      row("added in process, no exporter", local.added, "≤ 50 µs"),
      row("direct tool call over HTTP, observing off (median)", session.off),
      row("direct tool call over HTTP, observing on, no exporter (median)", session.on),
      row("added through a client session, no exporter", session.added, "≤ 50 µs"),
      row("direct tool call over HTTP, OTLP exporter to a local receiver (median)", exported.on),
      row("added with the exporter", exported.added),
      { name: "OTLP requests the receiver got", value: String(receiver.count()), unit: "requests" },
    ];
  } finally {
    await client.close();
    await serving.close();
    await host.close();
    api.close();
    receiver.close();
  }
}

if (isMain(import.meta.url)) printTable(await run());
