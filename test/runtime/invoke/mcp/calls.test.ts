/**
 * Typed calls through generated clients to real MCP servers: the fixture server and server-everything
 * over stdio, server-everything over Streamable HTTP and SSE, server-memory and server-filesystem.
 * The bundle is compiled into a temp folder, type-checked with a file that uses it, and imported.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RuntimeEvent } from "../../../../runtime/index.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import {
  type CompiledBundle,
  compileBundle,
  FIXTURE,
  freePort,
  mcpProject,
  type StartedServer,
  serverBin,
  startEverything,
  startFixtureHttp,
  stdioEntry,
} from "./support.js";

const SECRET = "fixture-canary-93e1";
const HTTP_TOKEN = "http-canary-5f0c";
const servers: StartedServer[] = [];
const events: RuntimeEvent[] = [];
let compiled: CompiledBundle;
let dataDir: string;
let env: Record<string, string | undefined>;
// biome-ignore lint/suspicious/noExplicitAny: the bundle lives in a temp folder; tsc checks its types below
let units: any;

const USAGE = `import { createUnits } from "./index.js";

export async function typedCalls(): Promise<void> {
  const units = createUnits();
  const sum: number = (await units.fixture.add({ a: 1, b: 2 })).sum;
  const first = (await units.fixture.echo({ text: "x" })).content[0];
  if (first?.type === "text") {
    const text: string = first.text;
    void text;
  }
  const names: string[] = (await units.memory.read_graph()).entities.map((e) => e.name);
  // @ts-expect-error b is required
  await units.fixture.add({ a: 1 });
  // @ts-expect-error the result of add has no product
  void (await units.fixture.add({ a: 1, b: 2 })).product;
  void sum;
  void names;
  await units.$runtime.close();
}
`;

beforeAll(async () => {
  dataDir = await writeProject({ "notes.txt": "hello from a file" });
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  vi.stubEnv("UNITC_TEST_DATA", dataDir);
  vi.stubEnv("UNITC_TEST_SECRET", "build-time-value");
  const http = await startEverything("streamableHttp", await freePort());
  const sse = await startEverything("sse", await freePort());
  const secured = await startFixtureHttp({ FIXTURE_TOKEN: HTTP_TOKEN });
  servers.push(http, sse, secured);
  vi.stubEnv("UNITC_TEST_HTTP_TOKEN", HTTP_TOKEN);
  compiled = await compileBundle({
    "work/.keep": "",
    ...mcpProject({
      fixture: stdioEntry([FIXTURE], { env: { FIXTURE_TOKEN: "${UNITC_TEST_SECRET}" } }),
      inWork: stdioEntry([FIXTURE], { cwd: "../work" }),
      secured: {
        name: "Fixture",
        description: "HTTP with a bearer token.",
        url: secured.url,
        auth: { type: "bearer", token: "env:UNITC_TEST_HTTP_TOKEN" },
      },
      everything: stdioEntry([serverBin("server-everything"), "stdio"]),
      everythingHttp: { name: "Everything", description: "HTTP.", url: http.url },
      everythingSse: { name: "Everything", description: "SSE.", transport: "sse", url: sse.url },
      memory: stdioEntry([serverBin("server-memory")], {
        env: { MEMORY_FILE_PATH: "${UNITC_TEST_DATA}/memory.json" },
      }),
      files: stdioEntry([serverBin("server-filesystem"), dataDir]),
    }),
  });
  vi.unstubAllEnvs();
  env = {
    PATH: process.env.PATH,
    UNITC_TEST_DATA: dataDir,
    UNITC_TEST_SECRET: SECRET,
    UNITC_TEST_HTTP_TOKEN: HTTP_TOKEN,
    CANARY: "parent-only",
  };
  const bundle = await import(join(compiled.outDir, "index.ts"));
  units = bundle.createUnits({ env, onEvent: (event: RuntimeEvent) => events.push(event) });
});

afterAll(async () => {
  await units?.$runtime.close();
  await Promise.all(servers.map((server) => server.close()));
  await cleanupProjects();
});

describe("the generated clients", () => {
  it("compile without diagnostics and type-check with code that uses them", () => {
    expect(compiled.text).toBe("");
    writeFileSync(join(compiled.outDir, "usage.ts"), USAGE);
    expect(typecheckBundle(compiled.outDir)).toEqual([]);
  });

  it("return the call result of a tool without an output schema, and structured content otherwise", async () => {
    expect(await units.fixture.echo({ text: "hi" })).toEqual({
      content: [{ type: "text", text: "echo: hi" }],
    });
    expect(await units.fixture.add({ a: 2, b: 3 })).toEqual({ sum: 5 });
    expect(events.map((e) => e.type)).toContain("mcp.started");
  });

  it("start a stdio server in its cwd, written relative to the declaring file", async () => {
    const connection = compiled.manifest.units.find((u) => u.id === "inWork")?.connection;
    expect(connection).toMatchObject({ kind: "mcp", cwd: "../work" });
    expect(await units.inWork.cwd()).toEqual({ cwd: join(compiled.dir, "work") });
  });

  it("validate input before anything is sent", async () => {
    await expect(units.fixture.add({ a: "2", b: 3 })).rejects.toMatchObject({
      code: "INPUT_INVALID",
      details: { unit: "fixture", operation: "add" },
    });
  });

  it("turn a tool error into MCP_TOOL_ERROR with the tool's text", async () => {
    await expect(units.fixture.fail({ message: "no such note" })).rejects.toMatchObject({
      code: "MCP_TOOL_ERROR",
      message: "fixture.fail reported an error: failed: no such note",
      details: { unit: "fixture", operation: "fail", excerpt: "failed: no such note" },
    });
  });

  it("give the server only allowlisted and declared variables, and never show a secret", async () => {
    expect(await units.fixture.env({ name: "CANARY" })).toEqual({ value: null });
    expect(await units.fixture.env({ name: "PATH" })).toEqual({ value: process.env.PATH });
    expect(await units.fixture.env({ name: "FIXTURE_TOKEN" })).toEqual({ value: "[redacted]" });
  });
});

describe("reference servers", () => {
  it("call server-everything over stdio", async () => {
    expect(await units.everything.echo({ message: "hi" })).toEqual({
      content: [{ type: "text", text: "Echo: hi" }],
    });
    expect(await units.everything.get_structured_content({ location: "Chicago" })).toEqual({
      temperature: expect.any(Number),
      conditions: expect.any(String),
      humidity: expect.any(Number),
    });
  });

  it("call an HTTP server with a bearer token from the environment, kept out of the bundle", async () => {
    expect(await units.secured.add({ a: 1, b: 2 })).toEqual({ sum: 3 });
    for (const text of compiled.result.files.values()) expect(text).not.toContain(HTTP_TOKEN);
    const connection = compiled.manifest.units.find((u) => u.id === "secured")?.connection;
    expect(connection).toMatchObject({ auth: { type: "bearer", token: "env:UNITC_TEST_HTTP_TOKEN" } });
  });

  it.each(["everythingHttp", "everythingSse"])("call server-everything as %s", async (id) => {
    expect(await units[id].get_sum({ a: 20, b: 22 })).toEqual({
      content: [{ type: "text", text: "The sum of 20 and 22 is 42." }],
    });
  });

  it("call server-memory with its file from the runtime environment", async () => {
    const entity = { name: "unitc", entityType: "project", observations: ["compiles units"] };
    expect(await units.memory.create_entities({ entities: [entity] })).toEqual({ entities: [entity] });
    expect(await units.memory.read_graph()).toEqual({ entities: [entity], relations: [] });
  });

  it("call server-filesystem", async () => {
    const read = await units.files.read_text_file({ path: join(dataDir, "notes.txt") });
    expect(read).toEqual({ content: "hello from a file" });
    await expect(units.files.read_text_file({ path: "/etc/hostname" })).rejects.toMatchObject({
      code: "MCP_TOOL_ERROR",
    });
  });
});
