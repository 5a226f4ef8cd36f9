/**
 * Progressive tools: list (paged), search, describe and call through one tool per unit, and the
 * repair hints a wrong call gets back (required and accepted args, a call template).
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../support/http-server.js";
import { directNotesProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, errorOf, serve, structured, textOf } from "../support.js";

let notes: TestServer;
let client: Client;

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`, "progressive"));
  client = await connect((await serve({ manifestPath, env: { PATH: process.env.PATH } })).url);
});
afterAll(async () => {
  await closeAll();
  await notes.close();
});

const notesTool = (args: Record<string, unknown>) => client.callTool({ name: "notes", arguments: args });

describe("progressive tool", () => {
  it("lists operations with one-line descriptions and signatures, a page at a time", async () => {
    const first = structured(await notesTool({ operation: "list", limit: 2 }));
    expect(first).toEqual({
      unit: "notes",
      total: 5,
      operations: [
        {
          name: "listNotes",
          description: "List notes, optionally filtered by tag.",
          signature:
            "units.notes.listNotes(input?: { tag?: string }): Promise<Array<{ id: string; title: string }>>",
        },
        {
          name: "getNote",
          description: "Read one note by ID.",
          signature: "units.notes.getNote(input: { id: string }): Promise<{ id: string; title: string }>",
        },
      ],
      nextCursor: expect.any(String),
    });
    const rest = structured(await notesTool({ operation: "list", cursor: first.nextCursor }));
    expect((rest.operations as Array<{ name: string }>).map((o) => o.name)).toEqual([
      "createNote",
      "broken",
      "slow",
    ]);
    expect(rest.nextCursor).toBeUndefined();
  });

  it("searches within the unit", async () => {
    const result = structured(await notesTool({ operation: "search", query: "write a new note" }));
    expect((result.hits as Array<{ operation: string }>)[0]).toMatchObject({
      unit: "notes",
      operation: "createNote",
      unitTool: "notes",
    });
  });

  it("describes an operation with its schemas, required and accepted args and a call template", async () => {
    const result = structured(await notesTool({ operation: "describe", name: "createNote" }));
    expect(result).toMatchObject({
      unit: "notes",
      name: "createNote",
      signature: "units.notes.createNote(input: { title: string; body: string }): Promise<{ id: string }>",
      required: ["title", "body"],
      accepted: ["title", "body"],
      call: { operation: "call", name: "createNote", args: { title: "<string>", body: "<string>" } },
      outputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    });
  });

  it("calls an operation with args", async () => {
    const result = await notesTool({ operation: "call", name: "getNote", args: { id: "n1" } });
    expect(structured(result)).toEqual({ id: "n1", title: "Shopping" });
    const listing = await notesTool({ operation: "call", name: "listNotes" });
    expect(structured(listing)).toEqual({
      result: [
        { id: "n1", title: "Shopping" },
        { id: "n2", title: "Standup" },
      ],
    });
  });

  it("answers bad args with the required and accepted args and a call template", async () => {
    const result = await notesTool({
      operation: "call",
      name: "createNote",
      args: { title: "x", colour: "red" },
    });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({
      code: "INPUT_INVALID",
      required: ["title", "body"],
      accepted: ["title", "body"],
      call: { operation: "call", name: "createNote", args: { title: "<string>", body: "<string>" } },
    });
    expect(textOf(result)).toContain(
      'hint: required args: title, body; accepted: title, body; template: {"operation":"call","name":"createNote","args":{"title":"<string>","body":"<string>"}}',
    );
  });

  it("rejects fields it does not know, pointing at args", async () => {
    const result = await notesTool({ operation: "call", name: "getNote", id: "n1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^ARGS_INVALID: unknown field\(s\) "id"\n/);
    expect(textOf(result)).toContain("an operation's own input goes inside args");
  });

  it("names the accepted operations when operation is wrong or missing", async () => {
    for (const args of [{}, { operation: "run" }]) {
      const result = await notesTool(args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^ARGS_INVALID: operation must be one of list, search, describe, call/);
    }
  });

  it("suggests near operations for an unknown name", async () => {
    const result = await notesTool({ operation: "describe", name: "createNotes" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^UNKNOWN_OPERATION: unit notes has no operation "createNotes"\nhint: did you mean createNote/,
    );
  });

  it("asks for a name, a query or a valid cursor where one is needed", async () => {
    expect(textOf(await notesTool({ operation: "describe" }))).toMatch(
      /^ARGS_INVALID: describe needs the name/,
    );
    expect(textOf(await notesTool({ operation: "search" }))).toMatch(/^ARGS_INVALID: search needs a query/);
    expect(textOf(await notesTool({ operation: "list", cursor: "bogus" }))).toMatch(
      /^ARGS_INVALID: cursor is not/,
    );
    expect(textOf(await notesTool({ operation: "list", limit: 500 }))).toMatch(
      /^LIMIT_TOO_HIGH: limit 500 is above the maximum of 50/,
    );
  });

  it("passes a failing call's code through", async () => {
    const result = await notesTool({ operation: "call", name: "getNote", args: { id: "zzz" } });
    expect(errorOf(result)).toMatchObject({ code: "HTTP_STATUS", status: 404 });
  });
});
