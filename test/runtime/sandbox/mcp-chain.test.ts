/**
 * A Code Mode script that chains an HTTP unit and an MCP unit: real HTTP server on 127.0.0.1, the
 * fixture MCP server over stdio, a compiled bundle with its declarations, real QuickJS workers.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, type UnitRuntime } from "../../../runtime/calls/create-runtime.js";
import { prepareCodeMode } from "../../../runtime/sandbox/prepare.js";
import { runCodeMode } from "../../../runtime/sandbox/run.js";
import { sendJson, startHttpServer, type TestServer } from "../../support/http-server.js";
import { compileBundle, FIXTURE, stdioEntry } from "../invoke/mcp/support.js";

let api: TestServer;
let runtime: UnitRuntime;
let bundleDir: string;

beforeAll(async () => {
  api = await startHttpServer((request, res) => {
    if (request.path === "/orders") {
      sendJson(res, 200, [
        { id: "o1", items: [2, 3], paid: true },
        { id: "o2", items: [10], paid: false },
        { id: "o3", items: [4, 4, 4], paid: true },
      ]);
      return;
    }
    sendJson(res, 404, { error: "no such path" });
  });
  const compiled = await compileBundle({
    ".units/config.json": JSON.stringify({
      version: 1,
      httpApis: {
        shop: {
          name: "Shop",
          description: "Orders.",
          baseUrl: api.url,
          auth: { type: "none" },
          actions: {
            listOrders: {
              method: "GET",
              path: "/orders",
              description: "List orders.",
              outputSchema: {
                type: "array",
                items: {
                  type: "object",
                  properties: {
                    id: { type: "string" },
                    items: { type: "array", items: { type: "number" } },
                    paid: { type: "boolean" },
                  },
                  required: ["id", "items", "paid"],
                },
              },
            },
          },
        },
      },
      mcpServers: { calc: stdioEntry([FIXTURE]) },
    }),
  });
  expect(compiled.text).toBe("");
  bundleDir = compiled.outDir;
  runtime = createRuntime({ manifestPath: join(bundleDir, "manifest.json") });
  // The type checker loaded with this bundle's declarations, as serving does at start.
  await prepareCodeMode(bundleDir);
});
afterAll(async () => {
  await runtime?.close();
  await api.close();
});

describe("Code Mode across an HTTP unit and an MCP unit", () => {
  it("sums each paid order's items with the MCP server's add tool and returns a compact value", async () => {
    const code = `
const orders = await units.shop.listOrders();
const totals: string[] = [];
for (const order of orders.filter((o) => o.paid)) {
  let sum = 0;
  for (const n of order.items) sum = (await units.calc.add({ a: sum, b: n })).sum;
  totals.push(\`\${order.id}=\${sum}\`);
}
const echoed = await units.calc.echo({ text: totals.join(",") });
return { totals, echoed };
`;
    const result = await runCodeMode(runtime, { code }, bundleDir);
    expect(result).toMatchObject({
      ok: true,
      value: { totals: ["o1=5", "o3=12"] },
      diagnostics: [],
    });
    expect(JSON.stringify((result as { value: unknown }).value)).toContain("echo: o1=5,o3=12");
  });
});
