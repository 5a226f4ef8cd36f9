/**
 * Scoped serve tokens over real Streamable HTTP, with the MCP SDK client: a token limited to some
 * units sees and calls only those (tools/list, search_tools, progressive tools, code_mode), a session
 * belongs to the principal that opened it, and a token revoked through another store on the same
 * SQLite file is refused within the poll interval. Last-use times are written in batches.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServeToken,
  listServeTokens,
  parseDuration,
  revokeServeToken,
} from "../../../../runtime/serve/auth/serve-token-admin.js";
import { SERVE_TOKEN_NAMESPACE } from "../../../../runtime/serve/auth/serve-token-record.js";
import { ServeTokens } from "../../../../runtime/serve/auth/serve-tokens.js";
import { vaultKey } from "../../../../runtime/storage/seal.js";
import type { Store } from "../../../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../../../runtime/storage/sqlite/store.js";
import type { TestServer } from "../../../support/http-server.js";
import { raw } from "../../../support/raw-http.js";
import { exposureProject, startNotesServer } from "../fixtures.js";
import {
  closeAll,
  compileProject,
  connect,
  errorOf,
  eventually,
  serve,
  structured,
  TOKEN,
  textOf,
} from "../support.js";

/** The vault key serve-token records are MACed with. */
const vault = vaultKey(randomBytes(32));

const POLL_MS = 100;
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

let notes: TestServer;
let url: string;
/** The CLI's side: where tokens are created and revoked. */
let writer: Store;
/** The serving process's side: another connection to the same SQLite file. */
let reader: Store;
let tokens: ServeTokens;

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(exposureProject(`${notes.url}/api`));
  const file = join(mkdtempSync(join(tmpdir(), "unitc-serve-tokens-")), "store.db");
  writer = await openSqliteStore(file, POLL_MS);
  reader = await openSqliteStore(file, POLL_MS);
  tokens = await ServeTokens.open(reader, vault, { flushEveryMs: 60_000 });
  url = (await serve({ manifestPath }, { token: TOKEN, tokens })).url;
});
afterAll(async () => {
  await closeAll();
  await tokens.close();
  await Promise.all([writer.close(), reader.close()]);
  await notes.close();
});

async function scopedClient(name: string, units?: string[]): Promise<{ client: Client; token: string }> {
  const { token } = await createServeToken(writer, vault, { name, ...(units ? { units } : {}) });
  // The serving side learns of the new token from the change feed.
  await eventually(() => tokens.check(token) !== undefined);
  return { client: await connect(url, token), token };
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

describe("a token limited to some units", () => {
  it("lists only those units' tools, and code_mode names only those units", async () => {
    const admin = await connect(url);
    const { client } = await scopedClient("limited", ["dc", "notes"]);
    const all = await toolNames(admin);
    const seen = await toolNames(client);
    expect(all.some((name) => name.startsWith("shell"))).toBe(true);
    expect(seen.some((name) => name.startsWith("shell") || name.startsWith("pc"))).toBe(false);
    expect(seen).toContain("notes");
    expect(seen.some((name) => name.startsWith("dc"))).toBe(true);
    const codeMode = (await client.listTools()).tools.find((tool) => tool.name === "code_mode");
    expect(codeMode?.description).toMatch(/- dc:/);
    expect(codeMode?.description).not.toMatch(/- (cm|pc):/);
  });

  it("finds only those units' operations with search_tools", async () => {
    const { client } = await scopedClient("searcher", ["notes"]);
    const result = await client.callTool({ name: "search_tools", arguments: { query: "print the text" } });
    const hits = structured(result).hits as Array<{ unit: string }>;
    expect(hits.every((hit) => hit.unit === "notes")).toBe(true);
    const admin = await connect(url);
    const everything = await admin.callTool({ name: "search_tools", arguments: { query: "print the text" } });
    const units = (structured(everything).hits as Array<{ unit: string }>).map((hit) => hit.unit);
    expect(units).toContain("shell");
  });

  it("refuses a call to another unit's tool as an unknown tool", async () => {
    const { client } = await scopedClient("caller", ["notes"]);
    const admin = await connect(url);
    const shellTool = (await toolNames(admin)).find((name) => name.startsWith("shell")) as string;
    await expect(client.callTool({ name: shellTool, arguments: { text: "hi" } })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  it("runs Code Mode with only those units", async () => {
    const { client } = await scopedClient("coder", ["dc"]);
    const allowed = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.dc.hello({})" },
    });
    expect(allowed.isError).toBeFalsy();
    const other = await client.callTool({
      name: "code_mode",
      arguments: { code: "return Object.keys(units).includes('cm') ? await units.cm.stamp({}) : 'no cm'" },
    });
    expect(JSON.stringify(other)).toContain("no cm");
  });

  it("answers a script reading a unit outside the scope with UNKNOWN_UNIT and the units it may use", async () => {
    const { client } = await scopedClient("outsider", ["dc"]);
    const result = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.cm.stamp({})" },
    });
    expect(result.isError, textOf(result)).toBe(true);
    expect(errorOf(result)).toMatchObject({
      code: "UNKNOWN_UNIT",
      message: 'no unit "cm" in Code Mode',
      hint: expect.stringContaining("units here: dc;"),
    });
    expect(textOf(result)).not.toMatch(/TypeError|cannot read/i);
    // Nothing of the unit outside the scope is named, only that there is none such here.
    expect(JSON.stringify(errorOf(result).hint)).not.toMatch(/cm|stamp/);
    // What a script may still ask of `units` answers as before.
    const probes = await client.callTool({
      name: "code_mode",
      arguments: { code: "return ['cm' in units, typeof units.toString, Object.keys(units).join(',')]" },
    });
    expect(structured(probes).value).toEqual([false, "function", "dc,search,describe"]);
  });

  it("type-checks Code Mode against only those units' declarations", async () => {
    const { client } = await scopedClient("checked", ["dc", "pc"]);
    const code = "return await units.cm.stam({})";
    const first = JSON.stringify(await client.callTool({ name: "code_mode", arguments: { code } }));
    // The first run waits a while for the checker to load the scope's declarations; past that bound
    // (a very busy machine) it says so, and a later run of the script is checked.
    expect(first).toMatch(/TS2339|loading the declarations of the units this caller may use/);
    let text = first;
    await eventually(async () => {
      text = JSON.stringify(await client.callTool({ name: "code_mode", arguments: { code } }));
      return /TS\d+/.test(text);
    }, 30_000);
    expect(text).toMatch(/Property 'cm' does not exist/);
    // Nothing of the unit outside the scope: its operations, its types, its description.
    expect(text).not.toMatch(/stamp|Code only|Reached from Code Mode|Units\.cm/);
    const described = await client.callTool({
      name: "code_mode",
      arguments: { code: 'return await units.describe("cm")' },
    });
    expect(JSON.stringify(described)).toMatch(/UNKNOWN_UNIT/);
    expect(JSON.stringify(described)).not.toMatch(/stamp|Code only|Reached from Code Mode/);
  });
});

describe("sessions and revocation", () => {
  it("refuses a session ID presented with another principal's token", async () => {
    const { token } = await createServeToken(writer, vault, { name: "owner" });
    await eventually(() => tokens.check(token) !== undefined);
    const opened = await raw(url, {
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      body: INITIALIZE,
    });
    expect(opened.status).toBe(200);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const session = { "mcp-session-id": opened.headers["mcp-session-id"] as string };
    const asAdmin = await raw(url, {
      headers: { ...JSON_HEADERS, ...session, authorization: `Bearer ${TOKEN}` },
      body: ping,
    });
    expect(asAdmin.status).toBe(404);
  });

  it("answers 401 once another store revoked the token, long before the 60 s flush", async () => {
    const { client, token } = await scopedClient("leaving", ["notes"]);
    expect(await toolNames(client)).toContain("notes");
    await revokeServeToken(writer, "leaving");
    const init = () =>
      raw(url, { headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` }, body: INITIALIZE });
    // The feed polls every POLL_MS; the deadline bounds a missed change, far below the 60 s flush.
    await eventually(async () => (await init()).status === 401);
    await expect(client.listTools()).rejects.toThrow();
  });

  it("refuses an expired token and an unknown one", async () => {
    const { token } = await createServeToken(writer, vault, { name: "brief", expiresInMs: 1 });
    await eventually(() => tokens.check(token, 0) !== undefined);
    const answer = await raw(url, {
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(/invalid_token/);
    expect(tokens.check(`${token.slice(0, -2)}xx`)).toBeUndefined();
  });
});

describe("the stored tokens", () => {
  it("keeps only a hash, and writes last use in one batch, not once per request", async () => {
    const { token } = await createServeToken(writer, vault, { name: "counted", units: ["notes"] });
    const stored = (await writer.list(SERVE_TOKEN_NAMESPACE, "counted"))[0];
    expect(Buffer.from(stored?.value ?? []).toString()).not.toContain(token);
    const own = await ServeTokens.open(reader, vault, { flushEveryMs: 60_000 });
    for (let i = 0; i < 50; i += 1) expect(own.check(token)?.units).toEqual(["notes"]);
    expect((await writer.get({ namespace: SERVE_TOKEN_NAMESPACE, name: "counted" }))?.version).toBe(
      stored?.version,
    );
    await own.close();
    const listed = (await listServeTokens(writer)).find((t) => t.name === "counted");
    expect(listed?.lastUsedAt).toBeGreaterThan(0);
    expect(listed).not.toHaveProperty("hash");
  });

  it("refuses a token whose change it cannot read, and honours it again once the store answers", async () => {
    const { token } = await createServeToken(writer, vault, { name: "flaky" });
    // Fault injection (a real SQLite store underneath): the serving side's reads fail while set.
    let failing = false;
    const flaky = new Proxy(reader, {
      get(target, property) {
        if (property === "get" && failing)
          return async () => {
            throw new Error("the store is unreachable (injected)");
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const own = await ServeTokens.open(flaky, vault, { flushEveryMs: 60_000, retryMs: 50 });
    try {
      expect(own.check(token)).toBeDefined();
      failing = true;
      // A change the serving side must read: another replica wrote the token's last use.
      const key = { namespace: SERVE_TOKEN_NAMESPACE, name: "flaky" };
      const stored = await writer.get(key);
      const record = { ...JSON.parse(Buffer.from(stored?.value ?? []).toString()), lastUsedAt: Date.now() };
      const put = await writer.put(key, Buffer.from(JSON.stringify(record)), {
        version: stored?.version as string,
      });
      expect(put.ok).toBe(true);
      await eventually(() => own.check(token) === undefined);
      failing = false;
      // The feed reports the change once: the token comes back only because it is read again.
      await eventually(() => own.check(token) !== undefined);
    } finally {
      await own.close();
    }
  });

  it("refuses a second token of the same name, a bad name and a bad expiry", async () => {
    await createServeToken(writer, vault, { name: "twice" });
    await expect(createServeToken(writer, vault, { name: "twice" })).rejects.toMatchObject({
      code: "SERVE_TOKEN_EXISTS",
    });
    await expect(createServeToken(writer, vault, { name: "../up" })).rejects.toMatchObject({
      code: "SERVE_TOKEN_BAD_NAME",
    });
    await expect(revokeServeToken(writer, "never")).rejects.toMatchObject({ code: "SERVE_TOKEN_UNKNOWN" });
    expect(() => parseDuration("3y")).toThrow(expect.objectContaining({ code: "SERVE_TOKEN_BAD_EXPIRY" }));
    expect(parseDuration("30d")).toBe(30 * 86_400_000);
  });
});
