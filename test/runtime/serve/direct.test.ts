/**
 * Direct tools called through a real MCP client over HTTP, against a real local HTTP service and
 * real commands: results carry structuredContent and text, failures are isError results with a
 * stable code, unknown tools are protocol errors.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../support/http-server.js";
import { directNotesProject, startNotesServer } from "./fixtures.js";
import {
  closeAll,
  compileProject,
  connect,
  errorOf,
  projectConfig,
  serve,
  structured,
  textOf,
} from "./support.js";

let notes: TestServer;
let client: Client;

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  client = await connect((await serve({ manifestPath, env: { PATH: process.env.PATH } })).url);
});
afterAll(async () => {
  await closeAll();
  await notes.close();
});

describe("direct tools", () => {
  it("returns an object result as structuredContent and as JSON text", async () => {
    const result = await client.callTool({ name: "notes__getNote", arguments: { id: "n2" } });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toEqual({ id: "n2", title: "Standup" });
    expect(JSON.parse(textOf(result))).toEqual({ id: "n2", title: "Standup" });
    expect(notes.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/notes/n2" });
  });

  it("wraps an array result as {result} on the 2025 wire, matching the advertised schema", async () => {
    const result = await client.callTool({ name: "notes__listNotes", arguments: { tag: "work" } });
    expect(structured(result)).toEqual({ result: [{ id: "n2", title: "Standup" }] });
    expect(notes.requests.at(-1)?.path).toBe("/api/notes?tag=work");
  });

  it("sends a JSON body and returns the created ID", async () => {
    const result = await client.callTool({
      name: "notes__createNote",
      arguments: { title: "New", body: "text" },
    });
    expect(structured(result)).toEqual({ id: "n3" });
    expect(JSON.parse(notes.requests.at(-1)?.body ?? "")).toEqual({ title: "New", body: "text" });
  });

  it("runs a CLI action and returns its text", async () => {
    const result = await client.callTool({ name: "shell__echo", arguments: { text: "hello there" } });
    expect(textOf(result)).toBe("hello there\n");
    expect(structured(result)).toEqual({ result: "hello there\n" });
  });

  it("reports invalid input as INPUT_INVALID before anything is sent", async () => {
    const before = notes.requests.length;
    const result = await client.callTool({ name: "notes__createNote", arguments: { title: "" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^INPUT_INVALID: invalid input for notes\.createNote/);
    expect(errorOf(result)).toMatchObject({
      code: "INPUT_INVALID",
      problems: expect.arrayContaining(['input lacks required property "body"']),
    });
    expect(notes.requests.length).toBe(before);
  });

  it("reports a non-2xx answer as HTTP_STATUS with the status", async () => {
    const result = await client.callTool({ name: "notes__getNote", arguments: { id: "missing" } });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "HTTP_STATUS", status: 404 });
  });

  it("reports a failed command as CLI_EXIT with a bounded stderr excerpt", async () => {
    const result = await client.callTool({ name: "shell__fail", arguments: {} });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "CLI_EXIT" });
    expect(textOf(result)).toMatch(/nonexistent-unitc-test/);
  });

  it("refuses output that breaks the declared output schema as OUTPUT_INVALID", async () => {
    const result = await client.callTool({ name: "notes__broken", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^OUTPUT_INVALID: notes\.broken returned a value that breaks/);
    expect(textOf(result)).toContain("- output.id must be string");
  });

  it("answers an unknown tool with the protocol error InvalidParams", async () => {
    await expect(client.callTool({ name: "notes__deleteNote", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Unknown tool: notes__deleteNote"),
    });
  });

  it("never shows a secret from env: in tools/list, results or errors", async () => {
    const canary = "serve-canary-6b2f0d9e41";
    const manifestPath = await compileProject(
      projectConfig({
        httpApis: {
          vault: {
            name: "Vault",
            description: "Echoes what it is sent.",
            exposure: "direct",
            baseUrl: `${notes.url}/api`,
            auth: { type: "bearer", token: "env:VAULT_TOKEN" },
            actions: {
              echoAuth: { method: "GET", path: "/echo-auth", description: "Echo the auth header." },
            },
          },
        },
      }),
    );
    const vault = await connect((await serve({ manifestPath, env: { VAULT_TOKEN: canary } })).url);
    const listed = JSON.stringify(await vault.listTools());
    const result = await vault.callTool({ name: "vault__echoAuth", arguments: {} });
    expect(notes.requests.at(-1)?.headers.authorization).toBe(`Bearer ${canary}`);
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "HTTP_STATUS", status: 500 });
    expect(`${listed}${JSON.stringify(result)}`).not.toContain(canary);
  });

  it("serves concurrent calls independently", async () => {
    const calls = [300, 10, 150].map((ms, i) =>
      client.callTool({ name: "notes__slow", arguments: { ms, say: `word${i}` } }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => structured(r))).toEqual([
      { echo: "word0" },
      { echo: "word1" },
      { echo: "word2" },
    ]);
  });
});
