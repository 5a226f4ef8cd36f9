/**
 * `agentTools`: a compiled bundle as framework-neutral tools, checked against what `unitc serve`
 * lists for the same bundle (names, descriptions, schemas) and run against the real notes server on
 * 127.0.0.1 in each exposure; failures come back as values with unitc's code, message and hint.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentTool, type AgentToolSet, agentTools } from "../../../runtime/agent-tools/index.js";
import { createRuntime } from "../../../runtime/calls/create-runtime.js";
import { isUnitError } from "../../../runtime/contract/errors.js";
import type { TestServer } from "../../support/http-server.js";
import { startNotesServer } from "../serve/fixtures.js";
import { closeAll, connect, serve } from "../serve/support.js";
import { compileNotesBundle, TAG_INPUT } from "./fixture.js";

let notes: TestServer;
let manifestPath: string;
let client: Client;
const sets: AgentToolSet[] = [];

function open(...args: Parameters<typeof agentTools>): AgentToolSet {
  const set = agentTools(...args);
  sets.push(set);
  return set;
}

function named(set: AgentToolSet, name: string): AgentTool {
  const tool = set.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${set.tools.map((t) => t.name).join(", ")}`);
  return tool;
}

beforeAll(async () => {
  notes = await startNotesServer();
  manifestPath = await compileNotesBundle(`${notes.url}/api`);
  client = await connect((await serve({ manifestPath, env: { PATH: process.env.PATH } })).url);
});
afterAll(async () => {
  for (const set of sets) await set.close();
  await closeAll();
  await notes.close();
});

describe("agentTools direct", () => {
  it("lists one tool per operation, named, described and typed as unitc serve lists them", async () => {
    const set = open(manifestPath);
    const listed = (await client.listTools()).tools.filter((tool) => tool.name.includes("__"));
    expect(set.tools.map((tool) => tool.name)).toEqual(listed.map((tool) => tool.name));
    for (const tool of set.tools) {
      const served = listed.find((candidate) => candidate.name === tool.name);
      expect({ description: tool.description, inputSchema: tool.inputSchema }).toEqual({
        description: served?.description,
        inputSchema: served?.inputSchema,
      });
    }
    expect(named(set, "notes__getNote").operation).toEqual({
      unit: "notes",
      name: "getNote",
      tsName: "getNote",
    });
  });

  it("keeps a $ref, an enum, a union and a nullable type in the input schema", () => {
    const schema = named(open(manifestPath), "notes__tagNote").inputSchema;
    expect(schema.properties).toEqual(TAG_INPUT.properties);
    expect(JSON.stringify(schema)).toContain('"enum":["red","green"]');
  });

  it("calls the unit over HTTP and returns its value", async () => {
    const result = await named(open(manifestPath), "notes__getNote").execute({ id: "n2" });
    expect(result).toEqual({ ok: true, value: { id: "n2", title: "Standup" } });
    expect(notes.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/notes/n2" });
  });

  it("returns bad input as INPUT_INVALID with a hint, sending nothing", async () => {
    const before = notes.requests.length;
    const result = await named(open(manifestPath), "notes__createNote").execute({ title: "" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: "INPUT_INVALID", hint: expect.any(String) });
    expect(result.text).toMatch(/^INPUT_INVALID: invalid input for notes\.createNote/);
    expect(notes.requests.length).toBe(before);
  });

  it("returns a failed answer as HTTP_STATUS with its status", async () => {
    const result = await named(open(manifestPath), "notes__getNote").execute({ id: "missing" });
    expect(result).toMatchObject({ ok: false, error: { code: "HTTP_STATUS", status: 404 } });
  });

  it("lists only the chosen units, and refuses an unknown unit or exposure with a code", () => {
    const set = open(manifestPath, { units: ["shell"] });
    expect(set.tools.map((tool) => tool.name)).toEqual(["shell__echo"]);
    const unknown = (() => {
      try {
        agentTools(manifestPath, { units: ["note"] });
      } catch (error) {
        return error;
      }
    })();
    expect(isUnitError(unknown) && unknown.code).toBe("UNKNOWN_UNIT");
    expect(isUnitError(unknown) && unknown.details.hint).toContain("notes");
    const badExposure = (() => {
      try {
        agentTools(manifestPath, { exposure: "all" as "direct" });
      } catch (error) {
        return error;
      }
    })();
    expect(isUnitError(badExposure) && badExposure.code).toBe("BAD_EXPOSURE");
    expect(isUnitError(badExposure) && badExposure.message).toMatch(/not one agent tools offer/);
    expect(isUnitError(badExposure) && badExposure.details.hint).toContain("code_mode");
  });

  it("uses the runtime createUnits() made, and leaves it open on close", async () => {
    const runtime = createRuntime({ manifestPath });
    const set = agentTools({ $runtime: runtime }, { units: ["notes"] });
    await set.close();
    expect(await named(set, "notes__listNotes").execute({ tag: "work" })).toEqual({
      ok: true,
      value: [{ id: "n2", title: "Standup" }],
    });
    await runtime.close();
  });
});

describe("agentTools search", () => {
  it("offers serve's search_tools and a call tool that reaches what it finds", async () => {
    const set = open(manifestPath, { exposure: "search" });
    expect(set.tools.map((tool) => tool.name)).toEqual(["search_tools", "call"]);
    const served = (await client.listTools()).tools.find((tool) => tool.name === "search_tools");
    expect(named(set, "search_tools").inputSchema).toEqual(served?.inputSchema);
    const found = await named(set, "search_tools").execute({ query: "read one note" });
    expect(
      found.ok && (found.value as { hits: Array<{ unit: string; operation: string }> }).hits[0],
    ).toMatchObject({ unit: "notes", operation: "getNote" });
    const called = await named(set, "call").execute({
      unit: "notes",
      operation: "getNote",
      args: { id: "n1" },
    });
    expect(called).toEqual({ ok: true, value: { id: "n1", title: "Shopping" } });
  });

  it("answers an unknown operation or unit with its code and a hint", async () => {
    const call = named(open(manifestPath, { exposure: "search" }), "call");
    const operation = await call.execute({ unit: "notes", operation: "getNotes", args: {} });
    expect(operation).toMatchObject({ ok: false, error: { code: "UNKNOWN_OPERATION" } });
    expect(!operation.ok && operation.error.hint).toContain("getNote");
    const unit = await call.execute({ unit: "nope", operation: "x" });
    expect(unit).toMatchObject({
      ok: false,
      error: { code: "UNKNOWN_UNIT", hint: expect.stringContaining("notes") },
    });
  });
});

describe("agentTools code_mode", () => {
  it("offers serve's code_mode tool over the Code Mode units and runs scripts in its sandbox", async () => {
    const set = open(manifestPath, { exposure: "code_mode" });
    const served = (await client.listTools()).tools.find((tool) => tool.name === "code_mode");
    expect(set.tools.map((tool) => tool.name)).toEqual(["code_mode"]);
    expect(set.tools[0]?.description).toBe(served?.description);
    expect(set.tools[0]?.description).not.toContain("shell");
    const result = await named(set, "code_mode").execute({
      code: 'const note = await units.notes.getNote({ id: "n1" }); return note.title;',
    });
    expect(result).toMatchObject({ ok: true, value: { ok: true, value: "Shopping" } });
  });

  it("returns a script whose call failed as that call's code, with the script's logs", async () => {
    const result = await named(open(manifestPath, { exposure: "code_mode" }), "code_mode").execute({
      code: 'console.log("before"); return await units.notes.getNote({ id: "missing" });',
    });
    expect(result).toMatchObject({ ok: false, error: { code: "HTTP_STATUS" } });
    expect(!result.ok && result.text).toContain("[log] before");
  });

  it("refuses code_mode when no chosen unit is compiled for it", () => {
    expect(() => agentTools(manifestPath, { exposure: "code_mode", units: ["shell"] })).toThrow(
      /compiled for Code Mode/,
    );
  });
});
