/**
 * Serve tokens with operation rules (read-only, allow, deny) over real Streamable HTTP, with MCP SDK
 * 1.x and 2.x clients: a token sees only the operations its rules permit (tools/list, search_tools,
 * progressive listings, Code Mode declarations and units.describe), a call to any other is refused
 * with OPERATION_NOT_ALLOWED and never reaches the loopback API, and a record whose rules were
 * edited in storage without the vault key is refused.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServeToken, listServeTokens } from "../../../../runtime/serve/auth/serve-token-admin.js";
import { SERVE_TOKEN_NAMESPACE } from "../../../../runtime/serve/auth/serve-token-record.js";
import { ServeTokens } from "../../../../runtime/serve/auth/serve-tokens.js";
import type { OperationRules } from "../../../../runtime/serve/policy/rules.js";
import { vaultKey } from "../../../../runtime/storage/seal.js";
import type { Store } from "../../../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../../../runtime/storage/sqlite/store.js";
import type { TestServer } from "../../../support/http-server.js";
import {
  CLIENT_GENERATIONS,
  type ClientGeneration,
  closeServeClients,
  connectServeClient,
  resultText,
  type ServeClient,
  type ToolResult,
} from "../../../support/serve-clients.js";
import { notesActions, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, eventually, projectConfig, serve, TOKEN } from "../support.js";

const vault = vaultKey(randomBytes(32));
const POLL_MS = 100;

let notes: TestServer;
let url: string;
let writer: Store;
let reader: Store;
let tokens: ServeTokens;
const logs: string[] = [];

/** The notes API twice: direct and in Code Mode as `notes`, progressive as `pnotes`. */
function rulesProject(baseUrl: string): Record<string, string> {
  const api = (exposure: string) => ({
    name: "Notes",
    description: "A notes service.",
    exposure,
    baseUrl,
    auth: { type: "none" },
    actions: notesActions(),
  });
  return projectConfig({ httpApis: { notes: api("direct_and_code_mode"), pnotes: api("progressive") } });
}

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(rulesProject(`${notes.url}/api`));
  const file = join(mkdtempSync(join(tmpdir(), "unitc-operation-rules-")), "store.db");
  writer = await openSqliteStore(file, POLL_MS);
  reader = await openSqliteStore(file, POLL_MS);
  tokens = await ServeTokens.open(reader, vault, { flushEveryMs: 60_000, log: (line) => logs.push(line) });
  url = (await serve({ manifestPath }, { token: TOKEN, tokens })).url;
}, 60_000);
afterAll(async () => {
  await closeServeClients();
  await closeAll();
  await tokens.close();
  await Promise.all([writer.close(), reader.close()]);
  await notes.close();
});

let made = 0;

/** A client of `generation` holding a new token with `rules`. */
async function ruledClient(generation: ClientGeneration, rules: OperationRules): Promise<ServeClient> {
  made += 1;
  const { token } = await createServeToken(writer, vault, { name: `rules-${made}`, rules });
  await eventually(() => tokens.check(token) !== undefined);
  return connectServeClient(generation, { transport: "http", url, token });
}

async function toolNames(client: ServeClient): Promise<string[]> {
  return (await client.listTools()).map((tool) => tool.name);
}

function errorOf(result: ToolResult): Record<string, unknown> {
  return (result._meta?.["unitc/error"] ?? {}) as Record<string, unknown>;
}

/** The POSTs the notes API received (createNote is its only one). */
const posts = () => notes.requests.filter((request) => request.method === "POST").length;

describe.each(CLIENT_GENERATIONS)("a read-only token, %s client", (generation) => {
  it("lists only the GET operations' tools and finds only them", async () => {
    const admin = await connectServeClient(generation, { transport: "http", url, token: TOKEN });
    const client = await ruledClient(generation, { readOnly: true });
    const all = await toolNames(admin);
    const seen = await toolNames(client);
    expect(all.some((name) => name.includes("createNote"))).toBe(true);
    expect(seen.some((name) => name.includes("listNotes"))).toBe(true);
    // getNote declares no readOnlyHint: its GET makes it a read.
    expect(seen.some((name) => name.includes("getNote"))).toBe(true);
    expect(seen.some((name) => name.includes("createNote"))).toBe(false);
    const codeMode = (await client.listTools()).find((tool) => tool.name === "code_mode") as {
      description?: string;
    };
    expect(codeMode.description).not.toContain("createNote");
    const found = await client.callTool("search_tools", { query: "create a note" });
    expect(resultText(found)).not.toContain("createNote");
    const adminFound = await admin.callTool("search_tools", { query: "create a note" });
    expect(resultText(adminFound)).toContain("createNote");
  });

  it("refuses the hidden direct tool with OPERATION_NOT_ALLOWED, and the API never gets the call", async () => {
    const admin = await connectServeClient(generation, { transport: "http", url, token: TOKEN });
    const create = (await toolNames(admin)).find((name) => name.includes("createNote")) as string;
    const client = await ruledClient(generation, { readOnly: true });
    const before = posts();
    const result = await client.callTool(create, { title: "t", body: "b" });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({
      code: "OPERATION_NOT_ALLOWED",
      message: "notes.createNote is not allowed for this caller",
      hint: expect.stringContaining("search_tools lists what it may call"),
    });
    expect(posts()).toBe(before);
    const read = await client.callTool(
      (await toolNames(client)).find((name) => name.includes("listNotes")) as string,
      {},
    );
    expect(read.isError).toBeFalsy();
  });

  it("lists only reads in a progressive tool and refuses a call to a write", async () => {
    const client = await ruledClient(generation, { readOnly: true });
    const listed = await client.callTool("pnotes", { operation: "list" });
    expect(resultText(listed)).toContain("listNotes");
    expect(resultText(listed)).not.toContain("createNote");
    const before = posts();
    const refused = await client.callTool("pnotes", {
      operation: "call",
      name: "createNote",
      args: { title: "t", body: "b" },
    });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ code: "OPERATION_NOT_ALLOWED" });
    const described = await client.callTool("pnotes", { operation: "describe", name: "createNote" });
    expect(errorOf(described)).toMatchObject({ code: "OPERATION_NOT_ALLOWED" });
    expect(posts()).toBe(before);
  });

  it("refuses a Code Mode call and describes the unit without the write", async () => {
    const client = await ruledClient(generation, { readOnly: true });
    const before = posts();
    const refused = await client.callTool("code_mode", {
      code: 'return await units.notes.createNote({ title: "t", body: "b" })',
    });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain("OPERATION_NOT_ALLOWED");
    expect(posts()).toBe(before);
    const probes = await client.callTool("code_mode", {
      code: "return ['createNote' in units.notes, Object.keys(units.notes).join(','), typeof units.notes.nope]",
    });
    // The hidden operation is not on the client: only a call to it reaches the host, which refuses.
    expect(probes.structuredContent?.value).toEqual([false, "listNotes,getNote", "undefined"]);
    const searched = await client.callTool("code_mode", {
      code: 'return (await units.search("create a note")).map((hit) => hit.operation)',
    });
    expect(searched.isError, resultText(searched)).toBeFalsy();
    expect(resultText(searched)).not.toContain("createNote");
    const described = await client.callTool("code_mode", { code: 'return await units.describe("notes")' });
    expect(resultText(described)).toContain("listNotes");
    expect(resultText(described)).not.toContain("createNote(");
    const read = await client.callTool("code_mode", { code: "return await units.notes.listNotes({})" });
    expect(read.isError, resultText(read)).toBeFalsy();
    expect(resultText(read)).toContain("Shopping");
  });
});

describe("Code Mode's type check under rules", () => {
  it("checks a script against declarations without the hidden operations", async () => {
    const client = await ruledClient("sdk2", { readOnly: true });
    const code = 'return await units.notes.createNot({ title: "t", body: "b" })';
    let text = "";
    // The first runs may answer before the checker has loaded this scope's declarations.
    await eventually(async () => {
      text = resultText(await client.callTool("code_mode", { code }));
      return /TS\d+/.test(text);
    }, 30_000);
    expect(text).toMatch(/Property 'createNot' does not exist/);
    // The full declarations would suggest createNote; the cut ones know no such method.
    expect(text).not.toContain("createNote");
    const admin = await connectServeClient("sdk2", { transport: "http", url, token: TOKEN });
    let full = "";
    await eventually(async () => {
      full = resultText(await admin.callTool("code_mode", { code }));
      return /TS\d+/.test(full);
    }, 30_000);
    expect(full).toContain("createNote");
  });
});

describe("allow and deny patterns", () => {
  it("lets through what allow matches, and deny wins over allow", async () => {
    const client = await ruledClient("sdk2", { allow: ["notes.*"], deny: ["*.create*"] });
    const seen = await toolNames(client);
    expect(seen.some((name) => name.includes("listNotes"))).toBe(true);
    expect(seen.some((name) => name.includes("createNote"))).toBe(false);
    // pnotes matches no allow pattern: its tool is unknown, as a unit outside a token's units is.
    expect(seen).not.toContain("pnotes");
    await expect(client.callTool("pnotes", { operation: "list" })).rejects.toThrow(/Unknown tool/);
  });

  it("hides exactly what a deny pattern names from a token that may otherwise call everything", async () => {
    const client = await ruledClient("sdk1", { deny: ["pnotes.createNote", "notes.get*"] });
    const seen = await toolNames(client);
    expect(seen.some((name) => name.includes("createNote"))).toBe(true);
    expect(seen.some((name) => name.includes("getNote"))).toBe(false);
    const listed = await client.callTool("pnotes", { operation: "list" });
    expect(resultText(listed)).toContain("getNote");
    expect(resultText(listed)).not.toContain("createNote");
  });
});

describe("stateless serving", () => {
  it("holds a token to its rules without sessions too", async () => {
    const manifestPath = await compileProject(rulesProject(`${notes.url}/api`));
    const stateless = (await serve({ manifestPath }, { token: TOKEN, tokens, stateless: true })).url;
    made += 1;
    const { token } = await createServeToken(writer, vault, {
      name: `rules-${made}`,
      rules: { readOnly: true },
    });
    await eventually(() => tokens.check(token) !== undefined);
    const client = await connectServeClient("sdk1", { transport: "http", url: stateless, token });
    expect((await toolNames(client)).some((name) => name.includes("createNote"))).toBe(false);
    const before = posts();
    const refused = await client.callTool("pnotes", {
      operation: "call",
      name: "createNote",
      args: { title: "t", body: "b" },
    });
    expect(errorOf(refused)).toMatchObject({ code: "OPERATION_NOT_ALLOWED" });
    expect(posts()).toBe(before);
  });
});

describe("the stored rules", () => {
  it("lists a token's rules, and refuses a record whose rules were edited without the vault key", async () => {
    const { token } = await createServeToken(writer, vault, {
      name: "edited",
      rules: { readOnly: true, deny: ["*.delete*"] },
    });
    await eventually(() => tokens.check(token) !== undefined);
    const listed = (await listServeTokens(writer)).find((t) => t.name === "edited");
    expect(listed?.rules).toEqual({ readOnly: true, deny: ["*.delete*"] });
    expect(tokens.check(token)?.rules).toEqual({ readOnly: true, deny: ["*.delete*"] });
    // A storage writer drops the read-only rule, keeping the MAC: the token must not widen.
    const key = { namespace: SERVE_TOKEN_NAMESPACE, name: "edited" };
    const stored = await writer.get(key);
    const record = JSON.parse(Buffer.from(stored?.value as Uint8Array).toString("utf8"));
    delete record.rules.readOnly;
    await writer.put(key, Buffer.from(JSON.stringify(record)), { version: stored?.version as string });
    await eventually(() => tokens.check(token) === undefined);
    expect(logs.join("\n")).toMatch(/SERVE_TOKEN_UNVERIFIED serve token record "edited" is ignored/);
    // Taking the rules away entirely is refused the same way.
    const again = await writer.get(key);
    const bare = JSON.parse(Buffer.from(again?.value as Uint8Array).toString("utf8"));
    delete bare.rules;
    await writer.put(key, Buffer.from(JSON.stringify(bare)), { version: again?.version as string });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect(tokens.check(token)).toBeUndefined();
  });

  it("refuses a pattern without a dot and keeps a token without rules as it was", async () => {
    await expect(
      createServeToken(writer, vault, { name: "nodot", rules: { deny: ["delete"] } }),
    ).rejects.toMatchObject({
      code: "SERVE_TOKEN_BAD_PATTERN",
      details: { hint: expect.stringContaining("github.repos_*") },
    });
    const { token, record } = await createServeToken(writer, vault, { name: "plain" });
    expect(record).not.toHaveProperty("rules");
    await eventually(() => tokens.check(token) !== undefined);
    expect(tokens.check(token)).not.toHaveProperty("rules");
  });
});
