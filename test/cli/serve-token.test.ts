/**
 * `unitc serve token` as real processes against a real `unitc serve --transport http --port 0`
 * sharing the filesystem store: the token is printed once on stdout, listed without its value,
 * scopes what MCP SDK 1.x and 2.x clients see, and a revocation by another process is refused within
 * the store's poll interval.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raw } from "../support/raw-http.js";
import {
  CLIENT_GENERATIONS,
  closeServeClients,
  connectServeClient,
  type HttpServeProcess,
  resultText,
  startHttpServe,
} from "../support/serve-clients.js";
import { env as bundleEnv, exampleProject } from "./bundle-support.js";
import { unitc } from "./storage-support.js";

/** The filesystem store's default poll interval. */
const POLL_MS = 1_000;

let project: Awaited<ReturnType<typeof exampleProject>>;
let serving: HttpServeProcess;
let home: Record<string, string>;

const token = (args: string[]) =>
  unitc(["serve", "token", ...args, "--user-config", "none"], project.dir, home);

beforeAll(async () => {
  project = await exampleProject();
  const dir = mkdtempSync(join(tmpdir(), "unitc-serve-token-"));
  home = {
    XDG_DATA_HOME: join(dir, "data"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  serving = await startHttpServe(join(project.dir, "generated", "manifest.json"), {
    ...(bundleEnv as Record<string, string>),
    ...home,
  });
}, 60_000);
afterAll(async () => {
  await closeServeClients();
  await project.close();
});

describe("unitc serve token", () => {
  it("prints the token once on stdout and lists names and scopes, never the token", async () => {
    const created = await token(["create", "ci", "--units", "notes", "--expires", "30d"]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^unitc_st_[A-Za-z0-9_-]{43}\n$/);
    const listed = await token(["list", "--json"]);
    expect(listed.code).toBe(0);
    const [entry] = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({ name: "ci", units: ["notes"], lastUsed: null });
    expect(entry?.expires).toMatch(/^\d{4}-/);
    expect(listed.stdout).not.toContain(created.stdout.trim());
    const again = await token(["create", "ci"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("SERVE_TOKEN_EXISTS");
    expect(again.stdout).toBe("");
  });

  it("refuses a unit the bundle does not have, naming the nearest units", async () => {
    const typo = await token(["create", "typo", "--units", "notes,notse"]);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toBe("");
    expect(typo.stderr).toContain("SERVE_TOKEN_UNKNOWN_UNIT");
    expect(typo.stderr).toContain("notse");
    expect(typo.stderr).toMatch(/hint: .*notes/);
    const named = await token([
      "create",
      "typo",
      "--units",
      "nosuchunit",
      "--manifest",
      join(project.dir, "generated", "manifest.json"),
    ]);
    expect(named.code).toBe(1);
    expect(named.stderr).toContain("SERVE_TOKEN_UNKNOWN_UNIT");
    const listed = await token(["list", "--json"]);
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).not.toContain("typo");
  });

  it.each(CLIENT_GENERATIONS)(
    "scopes what an %s client sees, and refuses it once revoked",
    async (generation) => {
      const name = `agent-${generation}`;
      const created = await token(["create", name, "--units", "notes"]);
      const value = created.stdout.trim();
      // The serving process picks up a new token from the store's change feed.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
      const client = await connectServeClient(generation, {
        transport: "http",
        url: serving.url,
        token: value,
      });
      const codeMode = (await client.listTools()).find((tool) => tool.name === "code_mode") as
        | { description?: string }
        | undefined;
      expect(codeMode?.description).toMatch(/- notes:/);
      expect(codeMode?.description).not.toMatch(/- files:/);
      const admin = await connectServeClient(generation, {
        transport: "http",
        url: serving.url,
        token: serving.token,
      });
      const adminCodeMode = (await admin.listTools()).find((tool) => tool.name === "code_mode") as {
        description?: string;
      };
      expect(adminCodeMode.description).toMatch(/- files:/);
      expect((await token(["revoke", name])).code).toBe(0);
      const revokedAt = Date.now();
      const init = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      });
      const headers = {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${value}`,
      };
      let status = 0;
      // The deadline bounds a replica that never hears of it; how soon is not asserted.
      while (Date.now() - revokedAt < 20_000) {
        status = (await raw(serving.url, { headers, body: init })).status;
        if (status === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
      await expect(client.listTools()).rejects.toThrow();
    },
    30_000,
  );

  it("creates a token with operation rules, lists them, and serves only what they permit", async () => {
    const created = await token([
      "create",
      "reader",
      "--read-only",
      "--allow",
      "notes.*",
      "--allow",
      "files.*",
      "--deny",
      "*.get*",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const listed = JSON.parse((await token(["list", "--json"])).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((t) => t.name === "reader")?.rules).toEqual({
      readOnly: true,
      allow: ["files.*", "notes.*"],
      deny: ["*.get*"],
    });
    const text = (await token(["list"])).stdout;
    expect(text).toMatch(
      /^reader\tall units\tread-only, allow files\.\*, allow notes\.\*, deny \*\.get\*\t/m,
    );
    expect(text).toMatch(/^ci\tnotes\tall operations\t/m);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    const client = await connectServeClient("sdk1", {
      transport: "http",
      url: serving.url,
      token: created.stdout.trim(),
    });
    const write = await client.callTool("code_mode", {
      code: 'return await units.notes.createNote({ title: "t", body: "b" })',
    });
    expect(write.isError).toBe(true);
    expect(resultText(write)).toContain("OPERATION_NOT_ALLOWED");
    const read = await client.callTool("code_mode", {
      code: "return (await units.notes.listNotes({})).length",
    });
    expect(read.isError, resultText(read)).toBeFalsy();
    const bad = await token(["create", "nodot", "--deny", "delete"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/SERVE_TOKEN_BAD_PATTERN .*\nhint: .*github\.repos_\*/);
  });

  it("says what is wrong with a bad name, a bad expiry or an unknown token", async () => {
    const bad = await token(["create", "a/b"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/SERVE_TOKEN_BAD_NAME .*\nhint: /);
    expect((await token(["create", "x", "--expires", "soon"])).stderr).toContain("SERVE_TOKEN_BAD_EXPIRY");
    expect((await token(["revoke", "nobody"])).stderr).toContain("SERVE_TOKEN_UNKNOWN");
  });
});
