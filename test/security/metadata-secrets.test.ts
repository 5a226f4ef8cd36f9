/**
 * The canary test (secret-canary.test.ts) for metadata: a downstream MCP server whose tool metadata
 * holds its own declared env secret (in titles, descriptions, schema descriptions, enum values,
 * defaults, examples, annotations, a property name, resource and prompt metadata) must not get that
 * value into any compiled file, the build cache, compiler output, or what `unitc serve` shows
 * (`tools/list`, `search_tools`, Code Mode's `units.describe`). A real fixture server child process,
 * the CLI in-process, and a real MCP client.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeAll, connect, serve } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";

const CANARY = `canary-meta-${process.pid}${Date.now().toString(36)}-77d1`;
const RAW = new URL("../fixtures/mcp/raw-server.mjs", import.meta.url).pathname;
const S = "__SECRET__";

const SPEC = {
  tools: [
    {
      name: "lookup",
      title: `Lookup ${S}`,
      description: `Finds things. Token: ${S}`,
      inputSchema: {
        type: "object",
        properties: {
          q: { type: "string", description: `query; key ${S}`, enum: ["a", S], default: S, examples: [S] },
        },
        required: ["q"],
      },
      outputSchema: { type: "object", properties: { hit: { type: "string", description: S } } },
      annotations: { title: S, readOnlyHint: true },
    },
    {
      name: "leaky",
      description: "A property named after the secret.",
      inputSchema: { type: "object", properties: { [S]: {} } },
    },
    { name: "plain", description: "Says it is plain.", inputSchema: { type: "object" } },
  ],
  resources: [{ uri: `note://${S}`, name: `note ${S}`, title: S, description: S, mimeType: "text/plain" }],
  resourceTemplates: [{ uriTemplate: `note://{id}?k=${S}`, name: "notes", description: S }],
  prompts: [{ name: "greet", title: S, description: S, arguments: [{ name: "who", description: S }] }],
  calls: { plain: { text: "plain ok" } },
};

async function filesUnder(dir: string): Promise<Array<[string, string]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => [file, await readFile(file, "utf8")] as [string, string]));
}

function expectNoCanary(channel: string, text: string): void {
  expect(text.includes(CANARY), `${channel} leaks the canary`).toBe(false);
}

let dir: string;
let out: string;
let cache: string;
let compileOutput = "";

beforeAll(async () => {
  dir = await writeProject({ "spec.json": JSON.stringify(SPEC) });
  out = join(dir, "out");
  cache = join(dir, "cache");
  const server = {
    name: "Meta",
    description: "A server whose metadata holds its secret.",
    command: process.execPath,
    args: [RAW, join(dir, "spec.json")],
    env: { FIXTURE_SECRET: "env:UNITC_META_CANARY" },
    exposure: "direct_and_code_mode",
  };
  await mkdir(join(dir, ".units"));
  await writeFile(
    join(dir, ".units/config.json"),
    JSON.stringify({ version: 1, mcpServers: { meta: server } }),
  );
  // The compiler resolves a server's env from its own process environment.
  vi.stubEnv("UNITC_META_CANARY", CANARY);
  vi.stubEnv("UNITC_CACHE_DIR", cache);
  const argv = ["compile", "--project", dir, "--out", out, "--user-config", "none", "--bundle"];
  // The second run reads the listing from the build cache.
  for (let run = 0; run < 2; run++) {
    const result = await runUnitc(argv, dir, { PATH: process.env.PATH });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    compileOutput += result.stdout + result.stderr;
  }
  vi.unstubAllEnvs();
}, 120_000);

afterAll(closeAll);

describe("build time", () => {
  it("writes no canary into any output file or the build cache", async () => {
    const files = [...(await filesUnder(out)), ...(await filesUnder(cache))];
    const names = files.map(([file]) => file);
    for (const wanted of ["index.ts", "types.ts"]) {
      expect(names).toContain(join(out, "units/meta", wanted));
    }
    const declarations = [".code-mode/units.d.ts", ".code-mode/units/meta.d.ts"];
    for (const wanted of ["manifest.json", "search-index.json", ...declarations, "bundle/index.js"]) {
      expect(names).toContain(join(out, wanted));
    }
    expect(names.some((file) => file.startsWith(join(cache, "mcp")))).toBe(true);
    for (const [file, text] of files) expectNoCanary(file, text);
    // The server really sent the secret: it is redacted where it was.
    const manifest = await readFile(join(out, "manifest.json"), "utf8");
    expect(manifest).toContain("Finds things. Token: [redacted]");
    expect(manifest).toContain("note://[redacted]");
  });

  it("withholds the tool with the secret as a property name, saying so without the value", () => {
    expectNoCanary("compile output", compileOutput);
    expect(compileOutput).toContain('warning MCP_TOOL_WITHHELD the server\'s tool "leaky" is left out');
    expect(compileOutput).toContain('("[redacted]" once cleaned)');
  });
});

describe("unitc serve", () => {
  let client: Client;
  beforeAll(async () => {
    const served = await serve({
      manifestPath: join(out, "manifest.json"),
      env: { PATH: process.env.PATH, UNITC_META_CANARY: CANARY },
    });
    client = await connect(served.url);
  });

  it("shows no canary in tools/list, search_tools or units.describe", async () => {
    const tools = JSON.stringify(await client.listTools());
    expectNoCanary("tools/list", tools);
    expect(tools).toContain("[redacted]");
    expect(tools).not.toContain("meta__leaky");
    const search = await client.callTool({ name: "search_tools", arguments: { query: "lookup things" } });
    expectNoCanary("search_tools", JSON.stringify(search));
    const code = 'return [await units.describe("meta"), await units.describe("meta", "lookup")]';
    const described = JSON.stringify(await client.callTool({ name: "code_mode", arguments: { code } }));
    expectNoCanary("units.describe", described);
    expect(described).toContain("[redacted]");
  });

  it("serves the tools as compiled: the live listing is cleaned with the same secret, so no drift", async () => {
    const result = (await client.callTool({ name: "meta__plain", arguments: {} })) as {
      isError?: boolean;
      structuredContent?: { content?: Array<{ text: string }> };
    };
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(result.structuredContent?.content?.[0]?.text).toBe("plain ok");
    const lookup = await client.callTool({ name: "meta__lookup", arguments: { q: "a" } });
    expect(JSON.stringify(lookup)).not.toMatch(/MCP_SCHEMA_DRIFT/);
  });
});
