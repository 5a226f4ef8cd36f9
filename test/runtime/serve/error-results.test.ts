/**
 * Failed calls reach both MCP client generations as errors: `unitc serve` (the built CLI, a real
 * child process) over stdio and Streamable HTTP, called by the SDK 1.x client and the 2.x client,
 * for a success and every kind of failure. SDK 1.x checks any structuredContent against the tool's
 * outputSchema even when isError is set, so an error result must carry its code, message and hint
 * as text and no structuredContent; the details stay readable in `_meta["unitc/error"]`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startHttpServer, type TestServer } from "../../support/http-server.js";
import {
  CLIENT_GENERATIONS,
  type ClientGeneration,
  closeServeClients,
  connectServeClient,
  resultText,
  SERVE_TRANSPORTS,
  type ServeClient,
  type ServeTransport,
  startHttpServe,
  type ToolResult,
} from "../../support/serve-clients.js";
import { FIXTURE, stdioEntry } from "../invoke/mcp/support.js";
import { closeAll, compileProject, errorOf, projectConfig } from "./support.js";

/** Every HTTP action here declares this schema, so a client that checks errors against it fails. */
const ITEMS = {
  type: "object",
  properties: { items: { type: "array", items: { type: "string" } } },
  required: ["items"],
};

const ACTIONS = {
  listItems: {
    method: "GET",
    path: "/items",
    description: "List the items.",
    query: { limit: "$input.limit" },
    inputSchema: { type: "object", properties: { limit: { type: "integer", minimum: 1 } } },
    outputSchema: ITEMS,
  },
  privateItems: { method: "GET", path: "/private", description: "List private items.", outputSchema: ITEMS },
  slowItems: { method: "GET", path: "/slow", description: "List items slowly.", outputSchema: ITEMS },
};

/**
 * Short enough that the timeout case ends well before /slow answers, long enough that the other
 * requests to the local API answer in time on a loaded machine (300 ms did not, now and then).
 */
const REQUEST_TIMEOUT_MS = 1_000;

function project(baseUrl: string): Record<string, string> {
  const api = { baseUrl, auth: { type: "none" }, requestTimeoutMs: REQUEST_TIMEOUT_MS, actions: ACTIONS };
  return projectConfig({
    httpApis: {
      shop: { name: "Shop", description: "Items.", exposure: "direct_and_code_mode", ...api },
      stock: { name: "Stock", description: "Items, one tool.", exposure: "progressive", ...api },
      vault: {
        name: "Vault",
        description: "Items behind a token.",
        exposure: "direct",
        baseUrl,
        auth: { type: "bearer", token: "env:UNITC_TEST_VAULT_TOKEN" },
        actions: { listItems: ACTIONS.listItems },
      },
    },
    mcpServers: { fixture: stdioEntry([FIXTURE], { exposure: "direct" }) },
  });
}

interface Case {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** What a success returns as structuredContent. */
  value?: Record<string, unknown>;
  /** What a failure's text starts with, and what else it says. */
  code?: string;
  text?: RegExp;
}

const CASES: Case[] = [
  { name: "success (direct tool)", tool: "shop__listItems", args: {}, value: { items: ["a", "b"] } },
  {
    name: "success (progressive call)",
    tool: "stock",
    args: { operation: "call", name: "listItems", args: { limit: 1 } },
    value: { items: ["a"] },
  },
  {
    name: "success (Code Mode)",
    tool: "code_mode",
    args: { code: "return (await units.shop.listItems({})).items.length" },
    value: { ok: true, value: 2 },
  },
  {
    name: "input invalid",
    tool: "shop__listItems",
    args: { limit: 0 },
    code: "INPUT_INVALID",
    text: /invalid input for shop\.listItems[\s\S]*limit/,
  },
  {
    name: "input invalid (progressive call)",
    tool: "stock",
    args: { operation: "call", name: "listItems", args: { limit: "two" } },
    code: "INPUT_INVALID",
    text: /hint: required args: none; accepted: limit/,
  },
  {
    name: "missing env variable",
    tool: "vault__listItems",
    args: {},
    code: "MISSING_ENV",
    text: /UNITC_TEST_VAULT_TOKEN[\s\S]*\nhint: /,
  },
  { name: "HTTP status", tool: "shop__privateItems", args: {}, code: "HTTP_STATUS", text: /401/ },
  {
    name: "HTTP status (progressive call)",
    tool: "stock",
    args: { operation: "call", name: "privateItems" },
    code: "HTTP_STATUS",
    text: /401/,
  },
  { name: "timeout", tool: "shop__slowItems", args: {}, code: "TIMEOUT", text: /within 1000 ms/ },
  {
    name: "downstream MCP error",
    tool: "fixture__fail-typed",
    args: { message: "no stock" },
    code: "MCP_TOOL_ERROR",
    text: /thrown: no stock/,
  },
  {
    name: "Code Mode script error",
    tool: "code_mode",
    args: { code: 'console.log("starting"); throw new Error("the script gave up");' },
    code: "SCRIPT_ERROR",
    // A run that comes while serve's type checker is still starting goes ahead unchecked, and says so.
    text: /^SCRIPT_ERROR: Error: the script gave up\nat line 1, column \d+\n\nlogs:\n\[log\] starting(\n\ndiagnostics:\n1:1 warning TYPECHECK_SKIPPED: [^\n]+)?$/,
  },
  {
    name: "Code Mode unit call error",
    tool: "code_mode",
    args: { code: "return await units.shop.privateItems({})" },
    code: "HTTP_STATUS",
    text: /401/,
  },
];

let api: TestServer;
let manifestPath: string;
/** One HTTP serve for both clients: each gets its own session. */
let httpServe: ReturnType<typeof startHttpServe> | undefined;

beforeAll(async () => {
  api = await startHttpServer(async (request, res) => {
    const url = new URL(request.path, "http://127.0.0.1");
    const items = ["a", "b"].slice(0, Number(url.searchParams.get("limit") ?? 2));
    if (url.pathname === "/items") return sendJson(res, 200, { items });
    if (url.pathname === "/private") return sendJson(res, 401, { error: "no token" });
    if (url.pathname === "/slow") await new Promise((resolve) => setTimeout(resolve, 3_000));
    return sendJson(res, 404, { error: "no such path" });
  });
  manifestPath = await compileProject(project(api.url));
}, 180_000);

afterAll(async () => {
  await closeServeClients();
  await closeAll();
  await api?.close();
});

function expectFailure(result: ToolResult, item: Case): void {
  const text = resultText(result);
  expect(result.isError, text).toBe(true);
  // No structuredContent at all: whatever a tool declares as its outputSchema, an error never breaks it.
  expect(result.structuredContent).toBeUndefined();
  const error = errorOf(result);
  expect(error).toMatchObject({ code: item.code, message: expect.any(String) });
  expect(text.startsWith(`${item.code}: ${error.message}\n`)).toBe(true);
  if (error.hint) expect(text).toContain(`\nhint: ${error.hint}`);
  expect(text).toMatch(item.text as RegExp);
}

const COMBINATIONS = SERVE_TRANSPORTS.flatMap((transport) =>
  CLIENT_GENERATIONS.map((generation) => ({ transport, generation })),
);

describe.each(COMBINATIONS)("SDK client $generation over $transport", ({ transport, generation }) => {
  let client: ServeClient;

  beforeAll(async () => {
    client = await connect(generation, transport);
    const tools = await client.listTools();
    expect(tools.find((tool) => tool.name === "shop__listItems")?.outputSchema).toMatchObject(ITEMS);
    expect(tools.find((tool) => tool.name === "fixture__fail-typed")?.outputSchema).toMatchObject({
      required: ["items"],
    });
  }, 60_000);

  it.each(CASES)("$name", async (item) => {
    // A schema check in the client would reject this promise instead of handing back the result.
    const result = await client.callTool(item.tool, item.args);
    if (item.value) {
      expect(result.isError, resultText(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject(item.value);
    } else {
      expectFailure(result, item);
    }
  });
});

async function connect(generation: ClientGeneration, transport: ServeTransport): Promise<ServeClient> {
  if (transport === "stdio") return connectServeClient(generation, { transport, manifestPath });
  httpServe ??= startHttpServe(manifestPath);
  const { url, token } = await httpServe;
  return connectServeClient(generation, { transport, url, token });
}
