/**
 * `tools/list` of a compiled bundle, exactly, for every exposure mode: direct tools per operation
 * with their schemas and annotations, one progressive tool per unit, the `code_mode` tool,
 * `search_tools` first; a unit's catalog icon on each of its tools; and tool names that fit 64
 * characters and never clash.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { exposureProject } from "../fixtures.js";
import { closeAll, compileProject, connect, projectConfig, serve } from "../support.js";

afterAll(closeAll);

const SEARCH_TOOLS = {
  name: "search_tools",
  description:
    "Search the operations of every unit served here (5 units, 7 operations) by what they do. Each hit " +
    "names its unit and operation, the tool to call when it has one, a one-line description and a " +
    "TypeScript call signature.",
  inputSchema: {
    type: "object",
    properties: {
      query: {
        type: "string",
        minLength: 1,
        maxLength: 1000,
        description: "What you want to do, in a few words",
      },
      unit: { type: "string", description: "Only search this unit's operations (a unit ID)" },
      limit: { type: "integer", minimum: 1, description: "Most hits to return (default 20, at most 50)" },
    },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
};

const CODE_MODE = {
  name: "code_mode",
  // The full text is pinned by the sandbox's own description tests; here: it lists exactly the
  // Code Mode units of this bundle, in order, with their operation counts.
  description: expect.stringMatching(
    /^Run a TypeScript or JavaScript script in a sandbox[\s\S]*\nUnits \(3\):\n- cm: Reached from Code Mode only\. \(1 operation\)\n- dc: Direct and Code Mode\. \(1 operation\)\n- pc: Progressive and Code Mode\. \(1 operation\)$/,
  ),
  inputSchema: {
    type: "object",
    properties: {
      code: {
        type: "string",
        minLength: 1,
        description: "The TypeScript or JavaScript to run; return the value you want back",
      },
      timeoutMs: {
        type: "integer",
        minimum: 1,
        maximum: 120000,
        description: "Time limit in milliseconds (default 10000)",
      },
    },
    required: ["code"],
    additionalProperties: false,
  },
};

const PROGRESSIVE_INPUT = {
  type: "object",
  properties: {
    operation: { type: "string", enum: ["list", "search", "describe", "call"], description: "What to do" },
    query: {
      type: "string",
      minLength: 1,
      maxLength: 1000,
      description: "search: what you want to do, in a few words",
    },
    name: { type: "string", minLength: 1, description: "describe, call: the operation's name" },
    args: { type: "object", description: "call: the operation's input" },
    limit: { type: "integer", minimum: 1, description: "list, search: most entries to return" },
    cursor: { type: "string", description: "list: the nextCursor of the previous page" },
  },
  required: ["operation"],
  additionalProperties: false,
};

const USAGE =
  '{"operation":"list"} lists them, "search" finds one by words, "describe" shows its input, "call" runs it with args.';

describe("tools/list", () => {
  it("lists search_tools, code_mode, then each unit's tools by its exposure, in unit order", async () => {
    const served = await serve({
      manifestPath: await compileProject(exposureProject("http://127.0.0.1:9/api")),
    });
    const { tools } = await (await connect(served.url)).listTools();
    expect(tools).toEqual([
      SEARCH_TOOLS,
      CODE_MODE,
      // direct_and_code_mode: a direct tool per operation (and a place in code_mode)
      {
        name: "dc__hello",
        description: "Say hello.",
        inputSchema: { type: "object", properties: {}, additionalProperties: false },
      },
      // progressive: one tool for the unit
      {
        name: "notes",
        description: `Notes: A notes service. (3 operations: ${USAGE})`,
        inputSchema: PROGRESSIVE_INPUT,
      },
      // progressive_and_code_mode
      {
        name: "pc",
        description: `Progressive too: Progressive and Code Mode. Use when: A test needs it. (1 operation: ${USAGE})`,
        inputSchema: PROGRESSIVE_INPUT,
      },
      // direct: input schema and annotations as compiled
      {
        name: "shell__echo",
        description: "Print the text.",
        inputSchema: {
          type: "object",
          properties: { text: { type: "string", description: "What to print" } },
          required: ["text"],
        },
        annotations: { readOnlyHint: true },
      },
    ]);
  });

  it("gives a direct tool its output schema (a non-object one wrapped as {result} on the 2025 wire)", async () => {
    const project = exposureProject("http://127.0.0.1:9/api");
    const config = JSON.parse(project[".units/config.json"] as string);
    config.httpApis.notes.exposure = "direct";
    const served = await serve({ manifestPath: await compileProject(projectConfig(config)) });
    const { tools } = await (await connect(served.url)).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("notes__getNote")?.outputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string" }, title: { type: "string" } },
      required: ["id", "title"],
    });
    expect(byName.get("notes__listNotes")?.outputSchema).toMatchObject({
      type: "object",
      properties: { result: { type: "array" } },
      required: ["result"],
    });
    expect(byName.get("notes__listNotes")?.annotations).toEqual({ readOnlyHint: true });
    expect(tools.map((t) => t.name).filter((n) => n.startsWith("notes"))).toEqual([
      "notes__listNotes",
      "notes__getNote",
      "notes__createNote",
    ]);
  });

  it("lists the output schema a server or unit author declared, not one derived from a spec's responses", async () => {
    const spec = fileURLToPath(new URL("../../../fixtures/openapi/client/api.yaml", import.meta.url));
    const project = exposureProject("http://127.0.0.1:9/api");
    const config = JSON.parse(project[".units/config.json"] as string);
    config.httpApis.notes.exposure = "direct";
    config.openapiEndpoints = {
      client: {
        name: "Client",
        description: "A spec.",
        specPath: spec,
        baseUrl: "http://127.0.0.1:9",
        auth: { type: "none" },
        exposure: "direct",
      },
    };
    const manifestPath = await compileProject(projectConfig(config));
    const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
    const client = manifest.units.find((unit: { id: string }) => unit.id === "client");
    // The spec's responses give the operations output schemas: the typed client and describe keep them.
    const typed = client.operations.filter((op: { outputSchema?: unknown }) => op.outputSchema !== undefined);
    expect(typed.length).toBeGreaterThan(0);
    const served = await serve({ manifestPath });
    const { tools } = await (await connect(served.url)).listTools();
    const listed = tools.filter((tool) => tool.name.startsWith("client__"));
    expect(listed.length).toBe(client.operations.length);
    for (const tool of listed) expect(tool, tool.name).not.toHaveProperty("outputSchema");
    // An HTTP action's outputSchema is its author's declaration, listed as written.
    expect(tools.find((tool) => tool.name === "notes__getNote")?.outputSchema).toMatchObject({
      type: "object",
    });
  });

  it("carries a unit's catalog icon into the manifest and onto its progressive and direct tools", async () => {
    const unitFile = (name: string, exposure: string, icon: string) =>
      `---\nname: ${name}\ndescription: ${name} tools.\nexposure: ${exposure}\ncatalog:\n  icon: ${icon}\n` +
      `cliTools:\n  actions:\n    hello: { description: Say hello., command: echo, args: [hello] }\n---\n`;
    const manifestPath = await compileProject({
      ".units/direct.md": unitFile("Direct", "direct", "https://icons.example.com/direct.svg"),
      ".units/prog.md": unitFile("Prog", "progressive", "https://icons.example.com/prog.png"),
      // A file icon is for catalogs that ship the bundle; an MCP client could not fetch it.
      ".units/local/UNIT.md": unitFile("Local", "direct", "icon.svg"),
      ".units/plain.md": unitFile("Plain", "direct", "https://icons.example.com/plain.svg").replace(
        /catalog:\n.*\n/,
        "",
      ),
    });
    const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
    const catalogs = Object.fromEntries(
      manifest.units.map((u: { id: string; catalog?: unknown }) => [u.id, u.catalog]),
    );
    expect(catalogs).toEqual({
      direct: { icon: "https://icons.example.com/direct.svg" },
      prog: { icon: "https://icons.example.com/prog.png" },
      // Rebased from the unit's folder to the bundle's, as other paths in the manifest are.
      local: { icon: "../.units/local/icon.svg" },
      plain: undefined,
    });
    const { tools } = await (await connect((await serve({ manifestPath })).url)).listTools();
    const icons = Object.fromEntries(tools.map((t) => [t.name, t.icons]));
    expect(icons).toEqual({
      search_tools: undefined,
      direct__hello: [{ src: "https://icons.example.com/direct.svg" }],
      local__hello: undefined,
      plain__hello: undefined,
      prog: [{ src: "https://icons.example.com/prog.png" }],
    });
  });

  it("keeps names within 64 characters with a stable hash and never lists two tools under one name", async () => {
    const long = "a".repeat(60);
    const action = (description: string) => ({ description, command: "echo", args: [description] });
    const manifestPath = await compileProject(
      projectConfig({
        options: { exposure: "direct" },
        cliTools: {
          // `a` + `b__c` and `a__b` + `c` both want the name a__b__c.
          a: { name: "A", description: "First.", actions: { b__c: action("one") } },
          a__b: { name: "AB", description: "Second.", actions: { c: action("two") } },
          [long]: {
            name: "Long",
            description: "Long ID.",
            actions: { [`op_${"x".repeat(40)}`]: action("three") },
          },
        },
      }),
    );
    const first = (await (await connect((await serve({ manifestPath })).url)).listTools()).tools.map(
      (t) => t.name,
    );
    const again = (await (await connect((await serve({ manifestPath })).url)).listTools()).tools.map(
      (t) => t.name,
    );
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    for (const name of first) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(first[1]).toBe("a__b__c");
    expect(first[2]).toMatch(/^a__b__c_[0-9a-f]{8}$/);
    // The unit part is cut, the operation part kept (up to 32 characters).
    expect(first[3]).toMatch(/^a{21}__op_x{29}_[0-9a-f]{8}$/);
    expect(first[3]).toHaveLength(64);
  });
});
