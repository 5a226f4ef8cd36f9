/**
 * One name per operation in what search shows agents: an operation whose source name is not an
 * identifier (`get-sum`) is called `get_sum` in its signature, so its hits, the progressive tool's
 * `list`, `describe` and call templates say `get_sum` too, and that name works in its `call`.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startHttpServer, type TestServer } from "../../support/http-server.js";
import { closeAll, compileProject, connect, projectConfig, serve, structured } from "./support.js";

let client: Client;
let api: TestServer;

beforeAll(async () => {
  api = await startHttpServer((_request, res) => sendJson(res, 200, { sum: 3 }));
  const manifestPath = await compileProject(
    projectConfig({
      httpApis: {
        calc: {
          name: "Calculator",
          description: "Adds numbers.",
          exposure: "progressive_and_code_mode",
          baseUrl: api.url,
          auth: { type: "none" },
          actions: {
            "get-sum": {
              description: "Add two numbers.",
              method: "GET",
              path: "/sum",
              inputSchema: { type: "object", properties: { a: { type: "number" } }, required: ["a"] },
            },
          },
        },
      },
    }),
  );
  client = await connect((await serve({ manifestPath })).url);
});
afterAll(async () => {
  await closeAll();
  await api.close();
});

describe("search hits of an operation named get-sum", () => {
  it("name it get_sum, as its signature does", async () => {
    const result = await client.callTool({ name: "search_tools", arguments: { query: "add numbers" } });
    const [hit] = structured(result).hits as Array<Record<string, unknown>>;
    expect(hit).toMatchObject({ unit: "calc", operation: "get_sum", unitTool: "calc" });
    expect(hit?.signature).toMatch(/^units\.calc\.get_sum\(input: \{ a: number \}\)/);
  });

  it("whose name the progressive tool's call takes", async () => {
    const called = await client.callTool({
      name: "calc",
      arguments: { operation: "call", name: "get_sum", args: { a: 1 } },
    });
    expect(called.isError).not.toBe(true);
    expect(JSON.stringify(structured(called))).toContain('"sum":3');
    expect(api.requests.map((r) => r.path)).toEqual(["/sum"]);
  });

  it("and the progressive tool's list, describe and call template say get_sum", async () => {
    const listed = structured(await client.callTool({ name: "calc", arguments: { operation: "list" } }));
    const operations = listed.operations as Array<Record<string, unknown>>;
    expect(operations.map((op) => op.name)).toEqual(["get_sum"]);
    expect(operations[0]?.signature).toMatch(/^units\.calc\.get_sum\(/);
    const described = structured(
      await client.callTool({ name: "calc", arguments: { operation: "describe", name: "get-sum" } }),
    );
    expect(described).toMatchObject({ name: "get_sum", call: { operation: "call", name: "get_sum" } });
  });
});
