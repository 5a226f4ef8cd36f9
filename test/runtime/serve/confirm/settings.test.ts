/**
 * The serve config's `confirm` and `confirmTimeoutMs`: read from a real user config file, refused by
 * the schema when malformed, and applied by `startServing` to every session (here: a unit that sets
 * no `confirm` of its own, a 2.x client over HTTP that declines).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadUserServeConfig } from "../../../../cli/user-config.js";
import { lazyStorage } from "../../../../runtime/serve/index.js";
import { resolveServeSettings, startServing } from "../../../../runtime/serve/start/index.js";
import type { OpenedStorage } from "../../../../runtime/storage/index.js";
import type { TestServer } from "../../../support/http-server.js";
import { writeProject } from "../../../support/project.js";
import { closeAll, compileProject, errorOf, TOKEN } from "../support.js";
import { connectConfirmClient, notesProject, startNotesApi } from "./support.js";

let api: TestServer;
let manifestPath: string;

beforeAll(async () => {
  api = await startNotesApi();
  manifestPath = await compileProject(notesProject(`${api.url}/api`, undefined));
});
afterAll(async () => {
  await closeAll();
  await api.close();
});

async function userConfig(serve: Record<string, unknown>) {
  const dir = await writeProject({ "config.json": JSON.stringify({ serve }) });
  return loadUserServeConfig(join(dir, "config.json"), {});
}

describe("serve.confirm in the user config", () => {
  it("becomes the serving settings' confirm", async () => {
    const user = await userConfig({ confirm: ["notes.delete*"], confirmTimeoutMs: 5000 });
    expect(user.diagnostics).toEqual([]);
    expect(resolveServeSettings({}, {}, "/", user).confirm).toEqual({
      operations: ["notes.delete*"],
      timeoutMs: 5000,
    });
    expect(resolveServeSettings({}, {}, "/", await userConfig({})).confirm).toBeUndefined();
  });

  it("refuses a value that is neither destructive nor a list of names, at the config's line", async () => {
    const user = await userConfig({ confirm: "always", confirmTimeoutMs: 0 });
    const found = user.diagnostics.map((d) => `${d.code} ${d.message} ${d.hint ?? ""}`).join("\n");
    expect(found).toMatch(/confirm/);
    expect(found).toMatch(/confirmTimeoutMs/);
    expect(user.diagnostics.every((d) => d.line !== undefined)).toBe(true);
  });

  it("is applied by startServing: a destructive call is put to the person, and declined it is not made", async () => {
    const user = await userConfig({ port: 0, confirm: "destructive" });
    const env = { SERVE_TOKEN: TOKEN };
    const settings = resolveServeSettings({ transport: "http", token: "env:SERVE_TOKEN" }, env, "/", user);
    const storage = lazyStorage(() => Promise.reject(new Error("unused")) as Promise<OpenedStorage>, {});
    const handle = await startServing({
      settings,
      services: { env },
      cwd: "/",
      storage,
      manifestPath,
      version: "test",
      log: () => undefined,
    });
    const person = await connectConfirmClient("sdk2", handle.http?.url as string, "decline");
    try {
      const from = api.requests.length;
      const result = await person.callTool("notes__deleteNote", { id: "n1" });
      expect(errorOf(result)).toMatchObject({ code: "CONFIRMATION_DECLINED" });
      expect(person.asked[0]?.message).toContain("it is an HTTP DELETE");
      expect(api.requests.length).toBe(from);
    } finally {
      await person.close();
      await handle.close();
      await storage.close();
    }
  });
});
