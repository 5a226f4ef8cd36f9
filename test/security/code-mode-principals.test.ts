/**
 * One principal must not hold Code Mode for everyone: with several MCP sessions (one run each) it
 * can keep every sandbox engine busy with scripts that run until their long time limit, and another
 * principal's `return 1 + 1` must still be answered while they run. Real `unitc serve` over
 * Streamable HTTP on a free port, two real tokens (the operators' and a scoped serve token in a
 * SQLite store), real SDK clients; the long scripts poll a real HTTP server until the test opens it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDefaultSandboxPool } from "../../runtime/sandbox/index.js";
import { createServeToken } from "../../runtime/serve/auth/serve-token-admin.js";
import { ServeTokens } from "../../runtime/serve/auth/serve-tokens.js";
import { vaultKey } from "../../runtime/storage/seal.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../runtime/storage/sqlite/store.js";
import {
  closeAll,
  compileProject,
  connect,
  errorOf,
  eventually,
  projectConfig,
  serve,
  structured,
} from "../runtime/serve/support.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";

/** The gate the long scripts wait on: closed until the test opens it. */
let gate: TestServer;
let open = false;
/** The runs (by tag) seen polling the gate. */
const polling = new Set<string>();
let url: string;
let store: Store;
let tokens: ServeTokens;
const vault = vaultKey(randomBytes(32));

beforeAll(async () => {
  gate = await startHttpServer((request, res) => {
    const run = new URL(request.path, "http://gate").searchParams.get("run") ?? "";
    polling.add(run);
    // A closed gate answers slowly, so a waiting script does not flood it.
    setTimeout(() => sendJson(res, 200, { open }), open ? 0 : 50);
  });
  const manifestPath = await compileProject(
    projectConfig({
      httpApis: {
        gate: {
          name: "Gate",
          description: "Says whether the gate is open.",
          exposure: "code_mode",
          baseUrl: gate.url,
          auth: { type: "none" },
          actions: {
            check: {
              method: "GET",
              path: "/gate",
              description: "Is the gate open?",
              query: { run: "$input.run" },
              inputSchema: { type: "object", properties: { run: { type: "string" } } },
            },
          },
        },
      },
    }),
  );
  store = await openSqliteStore(join(mkdtempSync(join(tmpdir(), "unitc-principals-")), "store.db"), 100);
  tokens = await ServeTokens.open(store, vault, { flushEveryMs: 60_000 });
  url = (await serve({ manifestPath }, { tokens })).url;
}, 60_000);

afterAll(async () => {
  open = true;
  await closeAll();
  await closeDefaultSandboxPool();
  await tokens.close();
  await store.close();
  await gate.close();
});

async function codeMode(client: Client, code: string, timeoutMs?: number) {
  const args = { code, ...(timeoutMs ? { timeoutMs } : {}) };
  const result = await client.callTool({ name: "code_mode", arguments: args }, { timeout: 120_000 });
  return (result as { isError?: boolean }).isError
    ? { ok: false, error: errorOf(result) }
    : (structured(result) as Record<string, unknown>);
}

/** A script that polls the gate (tagged `run`) until it opens. */
const waitForGate = (run: string) =>
  `for (;;) { const g = await units.gate.check({ run: ${JSON.stringify(run)} }); if (g.open) return "${run} done"; }`;

describe("Code Mode between principals", () => {
  it("answers a second principal while the first keeps every engine busy", { timeout: 120_000 }, async () => {
    const { token } = await createServeToken(store, vault, { name: "second" });
    await eventually(() => tokens.check(token) !== undefined, 5_000);
    // The first principal: three sessions, each with a script that runs until the gate opens.
    const first = await Promise.all([connect(url), connect(url), connect(url)]);
    const settled: string[] = [];
    const long = first.map((client, i) =>
      codeMode(client, waitForGate(`a${i}`), 30_000).then((body) => {
        settled.push(`a${i}`);
        return body;
      }),
    );
    // Both engines are held by the first principal's scripts.
    await eventually(() => polling.size >= 2, 30_000);
    const second = await connect(url, token);
    const quick = await codeMode(second, "return 1 + 1");
    // Answered while the first principal's scripts still run: none of them has ended yet.
    expect(quick).toMatchObject({ ok: true, value: 2 });
    expect(settled).toEqual([]);
    open = true;
    for (const [i, body] of (await Promise.all(long)).entries()) {
      expect(body).toMatchObject({ ok: true, value: `a${i} done` });
    }
  });
});
