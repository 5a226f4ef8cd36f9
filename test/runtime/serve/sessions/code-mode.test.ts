/**
 * The `code_mode` tool through a real MCP client: a script run in the sandbox against the committed
 * example bundle, chaining an HTTP unit and a CLI unit; failures come back as `isError` results.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExampleServer } from "../../../../examples/basic/server.mjs";
import { closeDefaultSandboxPool } from "../../../../runtime/sandbox/index.js";
import { cleanupProjects } from "../../../support/project.js";
import { copyExampleBundle } from "../../sandbox/support.js";
import { closeAll, connect, errorOf, serve, structured, textOf } from "../support.js";

const env = { PATH: process.env.PATH, NOTES_TOKEN: "cm-notes-4411", WEATHER_KEY: "cm-weather-9921" };
let example: Awaited<ReturnType<typeof startExampleServer>>;
let manifestPath: string;

// The example names port 4319; the service runs on a free port and a copy of the bundle points there.
beforeAll(async () => {
  example = await startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
  manifestPath = join(await copyExampleBundle(example.url), "manifest.json");
});
afterAll(async () => {
  await closeAll();
  await closeDefaultSandboxPool();
  await example.close();
  await cleanupProjects();
});

describe("code_mode tool", () => {
  it("runs a script that chains an HTTP unit and a CLI unit and returns a compact value", async () => {
    const client = await connect((await serve({ manifestPath, env })).url);
    const code = `
      const notes = await units.notes.listNotes({ tag: "work" });
      const note = await units.notes.getNote({ id: notes[0].id });
      const weather = await units.weather__current.now({ city: "lima" });
      const listing: string = await units.files.listFiles({ folder: ".units" });
      console.log("found", notes.length);
      return { title: note.title, temperature: weather.temperature, files: listing.split("\\n").filter(Boolean).length };
    `;
    const result = await client.callTool({ name: "code_mode", arguments: { code } });
    expect(result.isError).toBeFalsy();
    const body = structured(result);
    expect(body.ok).toBe(true);
    expect(body.value).toEqual({ title: "Standup", temperature: 22, files: 3 });
    expect(body.logs).toEqual([expect.objectContaining({ level: "log" })]);
    expect(JSON.stringify(body)).not.toContain(env.NOTES_TOKEN);
  });

  it("returns a failed call as an isError result with the unit error's code", async () => {
    const client = await connect((await serve({ manifestPath, env })).url);
    const result = await client.callTool({
      name: "code_mode",
      arguments: { code: 'return await units.notes.getNote({ id: "missing" });' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(errorOf(result)).toMatchObject({ code: "HTTP_STATUS", line: 1 });
    expect(textOf(result)).toMatch(/^HTTP_STATUS: GET \/notes\/\{id\} answered 404/);
  });

  it("rejects a call without code with a repair hint", async () => {
    const client = await connect((await serve({ manifestPath, env })).url);
    const result = await client.callTool({ name: "code_mode", arguments: { code: "" } });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "ARGS_INVALID", hint: expect.stringContaining("code") });
  });

  it("checks its input once, with one code: a timeoutMs that is not a number is refused, not ignored", async () => {
    const client = await connect((await serve({ manifestPath, env })).url);
    const refused = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: "code_mode", arguments: args });
      expect(result.isError).toBe(true);
      return errorOf(result);
    };
    expect(await refused({ code: "return 1", timeoutMs: "5000" })).toMatchObject({
      code: "ARGS_INVALID",
      message: "timeoutMs must be a whole number of milliseconds, at least 1",
    });
    expect(await refused({ code: "return 1", timeoutMs: null })).toMatchObject({ code: "ARGS_INVALID" });
    expect(await refused({ code: "return 1", timeoutMs: 120_001 })).toMatchObject({ code: "ARGS_INVALID" });
    expect(await refused({})).toMatchObject({
      code: "ARGS_INVALID",
      message: "code must be a non-empty string",
    });
    expect(await refused({ code: 5 })).toMatchObject({ code: "ARGS_INVALID" });
    expect(await refused({ code: "return 1", timeout: 5000 })).toMatchObject({
      code: "ARGS_INVALID",
      message: 'unknown field(s) "timeout"',
    });
    const ran = await client.callTool({
      name: "code_mode",
      arguments: { code: "return 1", timeoutMs: 5000 },
    });
    expect(structured(ran)).toMatchObject({ ok: true, value: 1 });
  });
});
