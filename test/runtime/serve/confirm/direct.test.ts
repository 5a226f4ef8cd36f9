/**
 * Confirmation of destructive operations called as direct tools: `serve` asks the person through
 * MCP elicitation before the call, and only an accepted confirmation reaches the API. Real MCP
 * clients of both SDK generations answer over Streamable HTTP (in process) and stdio (the built CLI).
 */
import { Client as Client2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../../../support/built-cli.js";
import type { TestServer } from "../../../support/http-server.js";
import { CLIENT_GENERATIONS } from "../../../support/serve-clients.js";
import { suiteTrust } from "../../../support/trust-env.js";
import { closeAll, compileProject, errorOf, serve, textOf } from "../support.js";
import { type ConfirmClient, connectConfirmClient, notesProject, startNotesApi } from "./support.js";

let api: TestServer;
let destructive: string;
let unconfirmed: string;
const clients: ConfirmClient[] = [];

beforeAll(async () => {
  api = await startNotesApi();
  destructive = await compileProject(notesProject(`${api.url}/api`, "destructive"));
  unconfirmed = await compileProject(notesProject(`${api.url}/api`, undefined));
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});
afterAll(async () => {
  await closeAll();
  await api.close();
});

/** The requests of `method` that reached the notes API since `from`. */
function reached(method: string, from: number): string[] {
  return api.requests
    .slice(from)
    .filter((r) => r.method === method)
    .map((r) => r.path);
}

async function client(...args: Parameters<typeof connectConfirmClient>): Promise<ConfirmClient> {
  const connected = await connectConfirmClient(...args);
  clients.push(connected);
  return connected;
}

describe.each(CLIENT_GENERATIONS)("a destructive direct call, %s client over HTTP", (generation) => {
  it("asks the person, naming the unit, the operation and the arguments; accepted, the call is made", async () => {
    const { url } = await serve({ manifestPath: destructive });
    const person = await client(generation, url, "accept");
    const from = api.requests.length;
    const result = await person.callTool("notes__deleteNote", { id: "n1" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ deleted: "n1" });
    expect(reached("DELETE", from)).toEqual(["/api/notes/n1"]);
    expect(person.asked).toHaveLength(1);
    const [asked] = person.asked;
    expect(asked?.mode).toBe("form");
    expect(asked?.message).toContain("notes.deleteNote");
    expect(asked?.message).toContain('"id": "n1"');
    expect(asked?.requestedSchema).toEqual({ type: "object", properties: {} });
  });

  it("declined, answers CONFIRMATION_DECLINED and the API never sees the call", async () => {
    const { url } = await serve({ manifestPath: destructive });
    const person = await client(generation, url, "decline");
    const from = api.requests.length;
    const result = await person.callTool("notes__deleteNote", { id: "n2" });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
    expect(textOf(result)).toMatch(/^CONFIRMATION_DECLINED: the person declined notes\.deleteNote/);
    expect(api.requests.length).toBe(from);
  });

  it("without the elicitation capability, answers CONFIRMATION_UNAVAILABLE and makes no call", async () => {
    const { url } = await serve({ manifestPath: destructive });
    const person = await client(generation, url);
    const from = api.requests.length;
    const result = await person.callTool("notes__deleteNote", { id: "n2" });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_UNAVAILABLE" });
    expect(String(errorOf(result).hint)).toContain("elicitation");
    expect(api.requests.length).toBe(from);
  });
});

describe("which calls are confirmed", () => {
  it("asks for DELETE and destructiveHint operations only, never for reads or plain writes", async () => {
    const { url } = await serve({ manifestPath: destructive });
    const person = await client("sdk2", url, "accept");
    await person.callTool("notes__listNotes", {});
    await person.callTool("notes__createNote", { title: "New" });
    expect(person.asked).toEqual([]);
    const archived = await person.callTool("notes__archiveNote", { id: "n3" });
    expect(archived.isError).toBeFalsy();
    expect(person.asked.map((asked) => asked.message.split("\n")[0])).toEqual([
      expect.stringContaining("notes.archiveNote"),
    ]);
  });

  it("does not ask about a call whose arguments are invalid: the call fails on its input first", async () => {
    const { url } = await serve({ manifestPath: destructive });
    const person = await client("sdk2", url, "accept");
    const result = await person.callTool("notes__deleteNote", {});
    expect(errorOf(result)).toMatchObject({ code: "INPUT_INVALID" });
    expect(person.asked).toEqual([]);
  });

  it("a serve-level list confirms the operations it names, in units that set no confirm", async () => {
    const { url } = await serve({ manifestPath: unconfirmed, confirm: { operations: ["notes.create*"] } });
    const person = await client("sdk2", url, "decline");
    const from = api.requests.length;
    const created = await person.callTool("notes__createNote", { title: "Draft" });
    expect(errorOf(created)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
    expect(api.requests.length).toBe(from);
    const deleted = await person.callTool("notes__deleteNote", { id: "n3" });
    expect(deleted.isError).toBeFalsy();
    expect(person.asked).toHaveLength(1);
  });

  it("cancelled or unanswered in time counts as declined", async () => {
    const { url } = await serve({ manifestPath: destructive, confirm: { timeoutMs: 300 } });
    const cancelling = await client("sdk2", url, "cancel");
    const silent = await client("sdk1", url, "never");
    const from = api.requests.length;
    const cancelled = await cancelling.callTool("notes__deleteNote", { id: "n3" });
    expect(errorOf(cancelled)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
    expect(textOf(cancelled)).toContain("cancelled");
    const unanswered = await silent.callTool("notes__deleteNote", { id: "n3" });
    expect(errorOf(unanswered)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
    expect(textOf(unanswered)).toContain("no answer");
    expect(silent.asked).toHaveLength(1);
    expect(api.requests.length).toBe(from);
  });
});

describe("over stdio (the built CLI)", () => {
  const stdio = (manifestPath: string) => ({
    command: process.execPath,
    args: [BUILT_CLI, "serve", "--manifest", manifestPath, "--user-config", "none"],
    env: { PATH: process.env.PATH ?? "", ...suiteTrust() },
    stderr: "ignore" as const,
  });

  it("a 2.x client accepts and the call is made; a 1.x client declines and it is not", async () => {
    const asked: string[] = [];
    const accepting = new Client2({ name: "stdio-2", version: "1" }, { capabilities: { elicitation: {} } });
    accepting.setRequestHandler("elicitation/create", (request) => {
      asked.push(String(request.params.message));
      return { action: "accept", content: {} };
    });
    const declining = new Client1({ name: "stdio-1", version: "1" }, { capabilities: { elicitation: {} } });
    declining.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(String(request.params.message));
      return { action: "decline" };
    });
    try {
      await accepting.connect(new Stdio2(stdio(destructive)));
      await declining.connect(new Stdio1(stdio(destructive)));
      const from = api.requests.length;
      const declined = await declining.callTool({ name: "notes__deleteNote", arguments: { id: "n2" } });
      expect(errorOf(declined)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
      expect(api.requests.length).toBe(from);
      const accepted = await accepting.callTool({ name: "notes__deleteNote", arguments: { id: "n2" } });
      expect(accepted.isError).toBeFalsy();
      expect(reached("DELETE", from)).toEqual(["/api/notes/n2"]);
      expect(asked).toEqual([
        expect.stringContaining("notes.deleteNote"),
        expect.stringContaining("notes.deleteNote"),
      ]);
    } finally {
      await accepting.close();
      await declining.close();
    }
  });
});
