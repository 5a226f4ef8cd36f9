/**
 * Build-time discovery of MCP servers against real servers: server-everything over stdio, Streamable
 * HTTP and SSE, server-memory and server-filesystem over stdio, and the repo's fixture server for
 * failures and the build cache. Every server started at build time is gone once compile returns.
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { McpConnection } from "../../../../runtime/contract/manifest.js";
import { CALL_TOOL_RESULT_SCHEMA } from "../../../../runtime/invoke/mcp/call-result-schema.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import {
  compileBundle,
  FIXTURE,
  freePort,
  marker,
  mcpProject,
  processesWith,
  type StartedServer,
  serverBin,
  startEverything,
  stdioEntry,
} from "../../../runtime/invoke/mcp/support.js";
import { ownCacheDir, writeProject } from "../../../support/project.js";

const manifestSchema = JSON.parse(
  readFileSync(new URL("../../../../schemas/manifest.schema.json", import.meta.url), "utf8"),
);
const validateManifest = new Ajv2020.default({ allErrors: true, strict: false }).compile(manifestSchema);
const manifestProblems = (manifest: unknown) =>
  validateManifest(manifest)
    ? []
    : (validateManifest.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

const cacheDir = ownCacheDir();

const EVERYTHING_TOOLS = [
  "echo",
  "get-annotated-message",
  "get-env",
  "get-resource-links",
  "get-resource-reference",
  "get-structured-content",
  "get-sum",
  "get-tiny-image",
  "gzip-file-as-resource",
  "simulate-research-query",
  "toggle-simulated-logging",
  "toggle-subscriber-updates",
  "trigger-long-running-operation",
];

describe("server-everything over stdio", () => {
  const tag = marker();
  let compiled: Awaited<ReturnType<typeof compileBundle>>;
  beforeAll(async () => {
    compiled = await compileBundle(
      mcpProject({ everything: stdioEntry([serverBin("server-everything"), "stdio", tag]) }),
    );
  });
  const unit = () => compiled.manifest.units.find((u) => u.id === "everything");
  const operation = (name: string) => unit()?.operations.find((o) => o.name === name);

  it("lists every tool, with its schemas, as an operation", () => {
    expect(compiled.text).toBe("");
    expect(unit()?.operations.map((o) => o.name)).toEqual(EVERYTHING_TOOLS);
    expect(operation("echo")).toMatchObject({
      tsName: "echo",
      description: "Echoes back the input string",
      inputSchema: {
        type: "object",
        properties: { message: { type: "string", description: "Message to echo" } },
        required: ["message"],
      },
      outputSchema: CALL_TOOL_RESULT_SCHEMA,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      invoke: { kind: "mcp", tool: "echo", result: "callToolResult" },
    });
    expect(operation("get-structured-content")).toMatchObject({
      tsName: "get_structured_content",
      outputSchema: { type: "object", properties: { temperature: { type: "number" } } },
      invoke: { kind: "mcp", tool: "get-structured-content", result: "structured" },
    });
  });

  it("records the connection with defaults (the declaring file's folder to run in), and nothing resolved", () => {
    expect(unit()?.connection).toEqual({
      kind: "mcp",
      transport: "stdio",
      command: process.execPath,
      args: [serverBin("server-everything"), "stdio", tag],
      env: {},
      cwd: "../.units",
      startupTimeoutMs: 10_000,
      callTimeoutMs: 60_000,
      maxResponseBytes: 200_000,
    } satisfies McpConnection);
  });

  it("records resources, resource templates and prompts on the manifest unit", () => {
    expect(unit()?.resources).toContainEqual(
      expect.objectContaining({
        uri: "demo://resource/static/document/architecture.md",
        mimeType: "text/markdown",
      }),
    );
    expect(unit()?.resourceTemplates?.map((t) => t.uriTemplate)).toEqual([
      "demo://resource/dynamic/blob/{resourceId}",
      "demo://resource/dynamic/text/{resourceId}",
    ]);
    expect(unit()?.prompts).toContainEqual({
      name: "args-prompt",
      title: "Arguments Prompt",
      description: "A prompt with two arguments, one required and one optional",
      arguments: [
        { name: "city", description: "Name of the city", required: true },
        { name: "state", required: false },
      ],
    });
  });

  it("emits a manifest that matches schemas/manifest.schema.json, and a bundle that type-checks", () => {
    expect(manifestProblems(compiled.manifest)).toEqual([]);
    expect(typecheckBundle(compiled.outDir)).toEqual([]);
    // tsc over the bundle: generous, a bound on a hang only, for a loaded machine.
  }, 120_000);

  it("leaves no server process behind", () => {
    expect(processesWith(tag)).toEqual([]);
  });
});

describe("server-memory and server-filesystem over stdio", () => {
  it("lists their tools, with env expansion from the build environment", async () => {
    const root = await writeProject({ "notes.txt": "hello" });
    vi.stubEnv("UNITC_TEST_MEMORY_DIR", root);
    const compiled = await compileBundle(
      mcpProject({
        memory: stdioEntry([serverBin("server-memory")], {
          env: {
            MEMORY_FILE_PATH: "${UNITC_TEST_MEMORY_DIR}/memory.json",
            DEBUG_DIR: "$env:UNITC_TEST_MEMORY_DIR",
          },
        }),
        files: stdioEntry([serverBin("server-filesystem"), root]),
      }),
    );
    expect(compiled.text).toBe("");
    const names = (id: string) =>
      compiled.manifest.units.find((u) => u.id === id)?.operations.map((o) => o.name);
    expect(names("memory")).toEqual(
      expect.arrayContaining([
        "create_entities",
        "create_relations",
        "read_graph",
        "search_nodes",
        "open_nodes",
      ]),
    );
    expect(names("files")).toEqual(
      expect.arrayContaining(["read_text_file", "list_directory", "write_file"]),
    );
    const memory = compiled.manifest.units.find((u) => u.id === "memory")?.connection as McpConnection;
    expect(memory.env).toEqual({
      MEMORY_FILE_PATH: "${UNITC_TEST_MEMORY_DIR}/memory.json",
      DEBUG_DIR: "$env:UNITC_TEST_MEMORY_DIR",
    });
    expect(JSON.stringify(compiled.manifest)).not.toContain(`${root}/memory.json`);
  });
});

describe("server-everything over Streamable HTTP and SSE", () => {
  const servers: StartedServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it.each([
    ["http", "streamableHttp"],
    ["sse", "sse"],
  ] as const)("lists the same tools over %s", async (transport, mode) => {
    const server = await startEverything(mode, await freePort());
    servers.push(server);
    const entry = { name: "Everything", description: "Remote.", transport, url: server.url };
    const compiled = await compileBundle(mcpProject({ remote: entry }));
    expect(compiled.text).toBe("");
    const unit = compiled.manifest.units[0];
    expect(unit?.connection).toEqual({
      kind: "mcp",
      transport,
      url: server.url,
      startupTimeoutMs: 10_000,
      callTimeoutMs: 60_000,
      maxResponseBytes: 200_000,
    });
    expect(unit?.operations.map((o) => o.name)).toEqual(EVERYTHING_TOOLS);
  });
});

describe("a server that cannot be listed", () => {
  const canary = "mcp-canary-4b1d";

  it("is reported with its stderr tail, secrets redacted, and the other units still compile", async () => {
    vi.stubEnv("UNITC_TEST_FIXTURE_TOKEN", canary);
    const tag = marker();
    const compiled = await compileBundle({
      ...mcpProject(
        {
          broken: stdioEntry([FIXTURE, "--exit-at-start", tag], {
            env: { FIXTURE_TOKEN: "${UNITC_TEST_FIXTURE_TOKEN}" },
          }),
        },
        {
          cliTools: {
            files: { name: "Files", description: "Lists files.", actions: { ls: { command: "ls" } } },
          },
        },
      ),
    });
    expect(compiled.text).toBe(
      [
        '.units/config.json:4:5 error MCP_START_FAILED MCP server of unit "broken" could not be listed: the MCP server did not start: the server exited with code 7 before it answered initialize',
        "  stderr| fixture: cannot start with token [redacted]",
        "  hint: check the server's command, args and environment; its stderr (excerpt) says why it stopped",
      ].join("\n"),
    );
    expect(compiled.manifest.units.map((u) => u.id)).toEqual(["files"]);
    for (const text of compiled.result.files.values()) expect(text).not.toContain(canary);
    expect(processesWith(tag)).toEqual([]);
  });

  it("is given up after startupTimeoutMs, and its process group is ended", async () => {
    const tag = marker();
    const compiled = await compileBundle(
      mcpProject({ silent: stdioEntry([FIXTURE, "--silent-start", tag], { startupTimeoutMs: 300 }) }),
    );
    expect(compiled.text).toContain(
      'error MCP_START_FAILED MCP server of unit "silent" could not be listed: the MCP server did not start: it was still starting after 300 ms (startupTimeoutMs) and was stopped',
    );
    expect(processesWith(tag)).toEqual([]);
  });

  it.each([
    [
      "an unset env variable",
      { command: process.execPath, args: [FIXTURE], env: { TOKEN: "${UNITC_TEST_UNSET}" } },
      '.units/config.json:11:7 error MISSING_ENV MCP server of unit "s" could not be listed: env.TOKEN needs environment variable UNITC_TEST_UNSET, which is not set\n  hint: set UNITC_TEST_UNSET in the environment the runtime runs in',
    ],
    [
      "a command that does not exist",
      { command: "unitc-no-such-command" },
      '.units/config.json:4:5 error MCP_START_FAILED MCP server of unit "s" could not be listed: the MCP server did not start: command not found: unitc-no-such-command\n  hint: check the server\'s command, args and environment; its stderr (excerpt) says why it stopped',
    ],
  ])("reports %s", async (_name, backend, want) => {
    const compiled = await compileBundle(mcpProject({ s: { name: "S", description: "S.", ...backend } }));
    expect(compiled.text).toBe(want);
    expect(compiled.manifest.units).toEqual([]);
  });
});

describe("the build cache of tool lists", () => {
  const files = (ttl: number) =>
    mcpProject({
      // An absolute cwd: the folder a server runs in is part of the cache key, and each compile
      // here is a new project folder.
      fixture: stdioEntry([FIXTURE], {
        env: { FIXTURE_VARIANT: "${UNITC_TEST_VARIANT}" },
        cwd: dirname(FIXTURE),
        toolCacheTtlMs: ttl,
      }),
    });
  const addInput = (compiled: Awaited<ReturnType<typeof compileBundle>>) => {
    const add = compiled.manifest.units[0]?.operations.find((o) => o.name === "add");
    return Object.keys((add?.inputSchema as { properties?: object } | undefined)?.properties ?? {});
  };

  it("reuses a fresh listing, keyed by the connection config, and refreshes when the TTL is 0", async () => {
    vi.stubEnv("UNITC_TEST_VARIANT", "1");
    expect(addInput(await compileBundle(files(60_000)))).toEqual(["a", "b"]);
    const entries = readdirSync(join(cacheDir(), "mcp"));
    expect(entries.some((name) => /^[0-9a-f]{64}\.json$/.test(name))).toBe(true);
    vi.stubEnv("UNITC_TEST_VARIANT", "2");
    expect(addInput(await compileBundle(files(60_000)))).toEqual(["a", "b"]);
    expect(addInput(await compileBundle(files(0)))).toEqual(["a", "b", "c"]);
  });

  it("ignores a broken cache entry", async () => {
    for (const name of readdirSync(join(cacheDir(), "mcp")))
      await writeFile(join(cacheDir(), "mcp", name), "{not json");
    vi.stubEnv("UNITC_TEST_VARIANT", "2");
    expect(addInput(await compileBundle(files(60_000)))).toEqual(["a", "b", "c"]);
  });
});
