/**
 * Every way a session calls an operation is confirmed alike: a progressive tool's `call`, and
 * `unitc/call` (the method stacked instances use). Stateless HTTP has no session to ask through, so a
 * call that needs confirming is refused there with `CONFIRMATION_UNAVAILABLE`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/v4";
import type { TestServer } from "../../../support/http-server.js";
import { closeAll, compileProject, connect, errorOf, serve } from "../support.js";
import { type ConfirmClient, connectConfirmClient, notesProject, startNotesApi } from "./support.js";

let api: TestServer;
let progressive: string;
const clients: ConfirmClient[] = [];

beforeAll(async () => {
  api = await startNotesApi();
  const files = notesProject(`${api.url}/api`, "destructive");
  const config = JSON.parse(files[".units/config.json"] as string);
  config.httpApis.notes.exposure = "progressive";
  progressive = await compileProject({ ".units/config.json": JSON.stringify(config) });
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});
afterAll(async () => {
  await closeAll();
  await api.close();
});

async function client(...args: Parameters<typeof connectConfirmClient>): Promise<ConfirmClient> {
  const connected = await connectConfirmClient(...args);
  clients.push(connected);
  return connected;
}

describe("call paths", () => {
  it("a progressive tool's call is confirmed; declined, it is not made", async () => {
    const { url } = await serve({ manifestPath: progressive });
    const person = await client("sdk2", url, "decline");
    const from = api.requests.length;
    const result = await person.callTool("notes", {
      operation: "call",
      name: "deleteNote",
      args: { id: "n1" },
    });
    expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
    expect(person.asked).toHaveLength(1);
    expect(api.requests.length).toBe(from);
  });

  it("unitc/call asks the client that sent it: one without elicitation is refused", async () => {
    const { url } = await serve({ manifestPath: progressive });
    // The support's client declares no elicitation, as a stacked instance's does not.
    const stacked = await connect(url);
    const from = api.requests.length;
    const answer = await stacked.request(
      { method: "unitc/call", params: { unit: "notes", operation: "deleteNote", args: { id: "n1" } } },
      z.looseObject({ ok: z.boolean(), error: z.looseObject({ code: z.string() }).optional() }),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: "CONFIRMATION_UNAVAILABLE" } });
    expect(api.requests.length).toBe(from);
  });

  it("stateless HTTP cannot ask, so the call is refused and not made", async () => {
    const { url } = await serve({ manifestPath: progressive }, { stateless: true });
    const person = await client("sdk2", url, "accept");
    const from = api.requests.length;
    const result = await person.callTool("notes", {
      operation: "call",
      name: "deleteNote",
      args: { id: "n1" },
    });
    expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_UNAVAILABLE" });
    expect(api.requests.length).toBe(from);
  });
});
