/**
 * The audit log of a real serve (`startServing` over Streamable HTTP, a SQLite store), called by MCP
 * clients of both SDK generations: each call recorded once with its principal (a scoped serve token,
 * the operators' token), what it called (a direct tool, a progressive call and search, a Code Mode
 * run with the operations it called, a search, an unknown tool) and its outcome code; records past
 * the retention pruned; a stacked instance's call recorded on the upstream; and canary values sent
 * as arguments and returned as results never reach the store.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAudit } from "../../../../runtime/serve/audit/start-audit.js";
import { createServeToken } from "../../../../runtime/serve/auth/serve-token-admin.js";
import { lazyStorage } from "../../../../runtime/serve/index.js";
import { serveSettings, startServing } from "../../../../runtime/serve/start/index.js";
import { readAudit } from "../../../../runtime/storage/audit/log.js";
import {
  AUDIT_NAMESPACE,
  type AuditRecord,
  batchName,
  encodeBatch,
} from "../../../../runtime/storage/audit/records.js";
import {
  type OpenedStorage,
  openConfiguredStorage,
  userConfigOf,
} from "../../../../runtime/storage/index.js";
import type { TestServer } from "../../../support/http-server.js";
import { exposureProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, projectConfig, serve, TOKEN } from "../support.js";

const CANARY = {
  arg: "canary-arg-7f3a91",
  code: "canary-code-5c1d07",
  result: "canary-result-2b8e44",
  search: "canary-search-9e6f12",
};

let notes: TestServer;
let manifestPath: string;
let opened: OpenedStorage;

beforeAll(async () => {
  notes = await startNotesServer();
  manifestPath = await compileProject(exposureProject(`${notes.url}/api`));
  const dir = mkdtempSync(join(tmpdir(), "unitc-audit-serve-"));
  opened = await openConfiguredStorage(
    { provider: "sqlite", path: join(dir, "store.db") },
    {
      XDG_DATA_HOME: join(dir, "data"),
    },
  );
});
afterAll(async () => {
  await closeAll();
  await opened?.close();
  await notes?.close();
});

describe("the audit log of a serve", () => {
  it("is on by default when the user config names storage, off without it, and serve.audit.enabled wins", () => {
    const enabled = (value: Parameters<typeof userConfigOf>[0]) =>
      serveSettings({}, {}, "/", userConfigOf(value)).audit?.enabled;
    const storage = { provider: "sqlite" as const, path: "store.db" };
    expect(enabled({ storage })).toBe(true);
    expect(enabled({})).toBe(false);
    expect(enabled({ storage, serve: { audit: { enabled: false } } })).toBe(false);
    expect(enabled({ serve: { audit: { enabled: true } } })).toBe(true);
  });

  it("records each call once with its principal, what it called and its outcome, never arguments or results", async () => {
    const { token } = await createServeToken(opened.store, opened.key, { name: "ci" });
    // A call recorded 40 days ago, past the 30-day retention: the serve prunes it after its first record.
    const old = { namespace: AUDIT_NAMESPACE, name: batchName(Date.now() - 40 * 86_400_000, "old") };
    const oldCall = {
      at: "2026-01-01T00:00:00.000Z",
      principal: "gone",
      kind: "search",
      tool: "search_tools",
    };
    await opened.store.put(old, encodeBatch([{ ...oldCall, outcome: "ok", durationMs: 1 } as AuditRecord]), {
      absent: true,
    });
    const env = { SERVE_TOKEN: TOKEN };
    const user = userConfigOf({ serve: { port: 0, audit: { enabled: true, retentionDays: 30 } } });
    const settings = serveSettings({ transport: "http", token: "env:SERVE_TOKEN" }, env, "/", user);
    // The test's own open store, adopted: closing the serve's storage leaves it open for the checks.
    const storage = lazyStorage(async () => opened, env);
    storage.adopt(opened);
    const handle = await startServing({
      settings,
      services: { env: { ...env, PATH: process.env.PATH } },
      cwd: "/",
      storage,
      manifestPath,
      version: "test",
      log: () => {},
    });
    const url = handle.http?.url as string;
    try {
      // The scoped token through the 2.x client.
      const scoped = await connect(url, token);
      const echoed = await scoped.callTool({ name: "shell__echo", arguments: { text: CANARY.arg } });
      expect(JSON.stringify(echoed)).toContain(CANARY.arg);
      const missing = await scoped.callTool({
        name: "notes",
        arguments: { operation: "call", name: "getNote", args: { id: CANARY.arg } },
      });
      expect(missing.isError).toBe(true);
      await scoped.callTool({ name: "notes", arguments: { operation: "search", query: CANARY.search } });
      const code = `const up = await units.pc.upper({ text: "${CANARY.code}" }); await units.cm.stamp();
        try { await units.pc.upper({ text: 42 as unknown as string }); } catch {}
        return up + "${CANARY.result}";`;
      const run = await scoped.callTool({ name: "code_mode", arguments: { code } });
      expect(JSON.stringify(run)).toContain(CANARY.result);
      await expect(scoped.callTool({ name: "no_such_tool", arguments: { x: CANARY.arg } })).rejects.toThrow();

      // The operators' token through the 1.x client.
      const admin = new Client1({ name: "audit-test", version: "1" });
      await admin.connect(
        new Http1(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
      );
      await admin.callTool({ name: "search_tools", arguments: { query: CANARY.search } });
      await admin.callTool({ name: "dc__hello", arguments: {} });
      await admin.close();
    } finally {
      await handle.close();
      await storage.close();
    }

    expect(await opened.store.get(old)).toBeUndefined();
    const records = await readAudit(opened.store);
    const seen = records.map(({ principal, kind, unit, operation, calls, outcome }) => ({
      principal,
      kind,
      ...(unit ? { unit } : {}),
      ...(operation ? { operation } : {}),
      ...(calls ? { calls } : {}),
      outcome,
    }));
    expect(seen).toEqual([
      { principal: "serve-token:ci", kind: "direct", unit: "shell", operation: "echo", outcome: "ok" },
      {
        principal: "serve-token:ci",
        kind: "progressive",
        unit: "notes",
        operation: "getNote",
        outcome: "HTTP_STATUS",
      },
      { principal: "serve-token:ci", kind: "progressive", unit: "notes", operation: "search", outcome: "ok" },
      {
        principal: "serve-token:ci",
        kind: "code_mode",
        calls: [
          { unit: "pc", operation: "upper", outcome: "ok" },
          { unit: "cm", operation: "stamp", outcome: "ok" },
          { unit: "pc", operation: "upper", outcome: "INPUT_INVALID" },
        ],
        outcome: "ok",
      },
      { principal: "serve-token:ci", kind: "unknown", outcome: "jsonrpc:-32602" },
      { principal: "admin", kind: "search", outcome: "ok" },
      { principal: "admin", kind: "direct", unit: "dc", operation: "hello", outcome: "ok" },
    ]);
    for (const record of records) {
      expect(Date.parse(record.at)).toBeGreaterThan(Date.now() - 600_000);
      expect(record.durationMs).toBeGreaterThanOrEqual(0);
    }
    // Every byte the log holds, read around the reader: no argument or result is in it.
    const stored = (await opened.store.list(AUDIT_NAMESPACE)).map((r) => new TextDecoder().decode(r.value));
    expect(stored.length).toBeGreaterThan(0);
    for (const canary of Object.values(CANARY)) expect(stored.join("\n")).not.toContain(canary);
  });

  it("records a stacked instance's call on the upstream once, as a stack call of the unit's operation", async () => {
    const echo = (answer: string) => ({
      name: "Echo",
      description: "Echo a word.",
      exposure: "direct",
      actions: { who: { description: "Say who serves it.", command: "echo", args: [answer] } },
    });
    const env = { PATH: process.env.PATH };
    const upstream = await serve({
      manifestPath: await compileProject(projectConfig({ cliTools: { orgonly: echo("org") } })),
      env,
    });
    const dir = mkdtempSync(join(tmpdir(), "unitc-audit-stack-"));
    const store = await openConfiguredStorage(
      { provider: "sqlite", path: join(dir, "s.db") },
      {
        XDG_DATA_HOME: join(dir, "data"),
      },
    );
    const storage = lazyStorage(async () => store, {});
    storage.adopt(store);
    const audit = startAudit(upstream.host, storage, { enabled: true }, () => {});
    try {
      const local = await serve({
        manifestPath: await compileProject(projectConfig({ cliTools: { teamonly: echo("team") } })),
        env,
        upstream: { url: upstream.url, token: TOKEN },
      });
      await local.host.ready();
      const client = await connect(local.url);
      const result = await client.callTool({ name: "orgonly__who", arguments: {} });
      expect(JSON.stringify(result)).toContain("org");
      await audit?.close();
      const records = await readAudit(store.store);
      expect(records).toEqual([
        expect.objectContaining({
          principal: "admin",
          kind: "stack",
          tool: "unitc/call",
          unit: "orgonly",
          operation: "who",
          outcome: "ok",
        }),
      ]);
    } finally {
      await store.close();
    }
  });
});
