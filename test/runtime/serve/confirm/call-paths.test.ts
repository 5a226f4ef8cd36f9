/**
 * Every way a session calls an operation is confirmed alike: a progressive tool's `call`, and
 * `unitc/call` (the method stacked instances use). Stateless HTTP has no session to ask through, so a
 * call that needs confirming is refused there with `CONFIRMATION_UNAVAILABLE`.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/v4";
import type { Manifest, ManifestOperation } from "../../../../runtime/contract/manifest.js";
import type { TestServer } from "../../../support/http-server.js";
import { closeAll, compileProject, connect, errorOf, projectConfig, serve } from "../support.js";
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

  it("confirms the operation the runtime resolves a name to, when one's TS name is another's source name", async () => {
    const manifestPath = await compileProject(
      projectConfig({
        cliTools: {
          disk: {
            name: "Disk",
            description: "Disk chores.",
            exposure: "direct",
            confirm: ["wipe-all"],
            actions: {
              "wipe-all": { description: "Wipe everything.", command: "true" },
              wipe_all: { description: "Wipe the cache.", command: "true" },
            },
          },
        },
      }),
    );
    // The compiler never gives one operation another's source name as its TS name; a manifest made
    // elsewhere may, and then the runtime resolves the name to the first operation that has it.
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    const operations = manifest.units[0]?.operations ?? [];
    const wipeAll = operations.find((op) => op.name === "wipe-all") as ManifestOperation;
    wipeAll.tsName = "wipe_all";
    operations.sort((a) => (a === wipeAll ? -1 : 1));
    const { url } = await serve({ manifest, baseDir: dirname(manifestPath) });
    const answer = await (await connect(url)).request(
      { method: "unitc/call", params: { unit: "disk", operation: "wipe_all", args: {} } },
      z.looseObject({ ok: z.boolean(), error: z.looseObject({ code: z.string() }).optional() }),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: "CONFIRMATION_UNAVAILABLE" } });
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
