// Overhead of a typed generated call (input validation, templating, auth, capped read) over a raw
// fetch of the same URL, against one local HTTP server in the same run.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const CALLS = 2000;
const ROUNDS = 5;

async function startServer() {
  const body = JSON.stringify({ id: "42", name: "answer", tags: ["a", "b"] });
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

async function timePerCall(call) {
  for (let i = 0; i < 200; i++) await call(); // warm-up: connections, JIT
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await call();
    rounds.push(((performance.now() - started) * 1000) / CALLS);
  }
  return median(rounds);
}

export async function run() {
  const { server, url } = await startServer();
  try {
    const config = {
      version: 1,
      httpApis: {
        items: {
          name: "Items",
          description: "Benchmark service.",
          baseUrl: url,
          auth: { type: "bearer", token: "env:BENCH_TOKEN" },
          actions: {
            getItem: {
              method: "GET",
              path: "/items/{id}",
              description: "Read one item.",
              query: { expand: "$input.expand" },
              inputSchema: {
                type: "object",
                properties: { id: { type: "string" }, expand: { type: "boolean" } },
                required: ["id"],
              },
            },
          },
        },
      },
    };
    const dir = await benchProject("call-overhead", { ".units/config.json": JSON.stringify(config) });
    const out = join(dir, "generated");
    execFileSync(
      process.execPath,
      [
        join(root, "dist/cli/main.cjs"),
        "compile",
        "--project",
        dir,
        "--out",
        out,
        "--user-config",
        "none",
        "--bundle",
      ],
      { stdio: "pipe" },
    );
    const { createUnits } = await import(pathToFileURL(join(out, "bundle/index.js")).href);
    const units = createUnits({ env: { BENCH_TOKEN: "bench-token" } });
    const typed = await timePerCall(() => units.items.getItem({ id: "42", expand: true }));
    const raw = await timePerCall(async () => {
      const response = await fetch(`${url}/items/42?expand=true`, {
        headers: { authorization: "Bearer bench-token" },
      });
      return response.json();
    });
    return [
      { name: "raw fetch + JSON parse, local server", value: raw.toFixed(0), unit: "µs/call" },
      { name: "typed generated call, same server", value: typed.toFixed(0), unit: "µs/call" },
      { name: "overhead of the typed call", value: (typed - raw).toFixed(0), unit: "µs/call" },
    ];
  } finally {
    server.close();
  }
}

if (isMain(import.meta.url)) printTable(await run());
