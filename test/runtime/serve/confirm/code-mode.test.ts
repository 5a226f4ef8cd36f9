/**
 * Confirmation in Code Mode: a script's `units.notes.deleteNote(...)` waits, within the script's
 * time limit, while the main thread asks the person through the session; declined, the script sees
 * a `CONFIRMATION_DECLINED` error it may catch, and the API never sees the call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDefaultSandboxPool } from "../../../../runtime/sandbox/index.js";
import type { TestServer } from "../../../support/http-server.js";
import { CLIENT_GENERATIONS } from "../../../support/serve-clients.js";
import { closeAll, compileProject, errorOf, serve } from "../support.js";
import { type ConfirmClient, connectConfirmClient, notesProject, startNotesApi } from "./support.js";

let api: TestServer;
let manifestPath: string;
const clients: ConfirmClient[] = [];

beforeAll(async () => {
  api = await startNotesApi();
  manifestPath = await compileProject(notesProject(`${api.url}/api`, ["deleteNote"]));
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});
afterAll(async () => {
  await closeAll();
  await closeDefaultSandboxPool();
  await api.close();
});

async function client(...args: Parameters<typeof connectConfirmClient>): Promise<ConfirmClient> {
  const connected = await connectConfirmClient(...args);
  clients.push(connected);
  return connected;
}

const deletes = (from: number) => api.requests.slice(from).filter((r) => r.method === "DELETE").length;

describe.each(CLIENT_GENERATIONS)("Code Mode, %s client", (generation) => {
  it("an accepted confirmation lets the script's call through", async () => {
    const { url } = await serve({ manifestPath });
    const person = await client(generation, url, "accept");
    const from = api.requests.length;
    const code = 'const gone = await units.notes.deleteNote({ id: "n1" }); return gone;';
    const result = await person.callTool("code_mode", { code });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true, value: { deleted: "n1" } });
    expect(deletes(from)).toBe(1);
    expect(person.asked).toHaveLength(1);
    expect(person.asked[0]?.message).toContain("notes.deleteNote");
    expect(person.asked[0]?.message).toContain('"id": "n1"');
  });

  it("a declined one fails the call in the script, which may catch it; nothing reaches the API", async () => {
    const { url } = await serve({ manifestPath });
    const person = await client(generation, url, "decline");
    const from = api.requests.length;
    const code = `
      const listed = await units.notes.listNotes({});
      try {
        await units.notes.deleteNote({ id: listed[0].id });
        return "deleted";
      } catch (error) {
        return { code: error.code, message: error.message };
      }`;
    const result = await person.callTool("code_mode", { code });
    expect(result.structuredContent).toMatchObject({
      ok: true,
      value: { code: "CONFIRMATION_DECLINED", message: expect.stringContaining("notes.deleteNote") },
    });
    expect(deletes(from)).toBe(0);
    expect(person.asked).toHaveLength(1);
  });
});

describe("Code Mode without an answer", () => {
  it("an uncaught decline fails the run with the code", async () => {
    const { url } = await serve({ manifestPath });
    const person = await client("sdk2", url, "decline");
    const result = await person.callTool("code_mode", {
      code: 'await units.notes.deleteNote({ id: "n2" });',
    });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
  });

  it("a client without elicitation gets CONFIRMATION_UNAVAILABLE in the script", async () => {
    const { url } = await serve({ manifestPath });
    const person = await client("sdk1", url);
    const from = api.requests.length;
    const code = 'try { await units.notes.deleteNote({ id: "n2" }); } catch (e) { return e.code; }';
    const result = await person.callTool("code_mode", { code });
    expect(result.structuredContent).toMatchObject({ ok: true, value: "CONFIRMATION_UNAVAILABLE" });
    expect(deletes(from)).toBe(0);
  });

  it("a person who never answers: the call waits no longer than the script's time limit", async () => {
    const { url } = await serve({ manifestPath });
    const person = await client("sdk2", url, "never");
    const from = api.requests.length;
    const code = 'await units.notes.deleteNote({ id: "n2" }); return "deleted";';
    const result = await person.callTool("code_mode", { code, timeoutMs: 1_500 });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "TIMEOUT" });
    expect(person.asked).toHaveLength(1);
    expect(deletes(from)).toBe(0);
  });
});
