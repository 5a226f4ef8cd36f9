/**
 * `unitc publish` and `unitc serve --published` as real processes over one SQLite store: two
 * stateless replicas and one with sessions, MCP SDK clients of both generations, a second publish
 * reaching every replica within the poll interval, `list_changed` to the session client, a damaged
 * head that never replaces the bundle served, and `/readyz`.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { HEAD_KEY } from "../../runtime/storage/bundles.js";
import { signHead } from "../../runtime/storage/head-signature.js";
import { vaultHeadKey } from "../../runtime/storage/publisher-key.js";
import { openSqliteStore } from "../../runtime/storage/sqlite/store.js";
import { decodeVaultKey, KEY_FILE_NAME } from "../../runtime/storage/vault-key.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { replica, stopReplicas, until } from "./replica-support.js";
import { unitc } from "./storage-support.js";

const REPO = join(import.meta.dirname, "../..");
const BASIC = join(REPO, "generated/basic");
const OPENAPI = join(REPO, "generated/openapi");
const POLL_MS = 500;
/** Bounds a replica that never catches up; how soon beside POLL_MS is bench/serve-scale.mjs's figure. */
const SETTLE_MS = 20_000;
const TOKEN = randomBytes(24).toString("base64url");
const closers: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
  stopReplicas();
  await cleanupProjects();
});

/** A folder with a user config naming a SQLite store, and XDG folders inside it. */
async function home() {
  const dir = await writeProject({
    "user.json": JSON.stringify({
      storage: { provider: "sqlite", path: "store.db", pollIntervalMs: POLL_MS },
    }),
  });
  const env = {
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CACHE_HOME: join(dir, "cache"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
    SERVE_TOKEN: TOKEN,
  };
  const publish = async (out: string) => {
    const run = await unitc(["publish", "--out", out, "--user-config", join(dir, "user.json")], dir, env);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    return run;
  };
  return { dir, env, publish };
}

const requestInit = { headers: { Authorization: `Bearer ${TOKEN}` } };
const info = { name: "publish-test", version: "1.0.0" };

/** The search tool's description, which counts the units served. */
async function served(list: () => Promise<{ tools: Array<{ name: string; description?: string }> }>) {
  const tools = (await list()).tools;
  return tools.find((tool) => tool.name === "search_tools")?.description ?? "";
}

describe("unitc publish", () => {
  it("prints the digest; the same bundle again changes nothing", async () => {
    const { publish } = await home();
    const first = await publish(BASIC);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^[0-9a-f]{64}\n$/);
    expect(first.stderr).toContain("the last 5 bundles are kept");
    const again = await publish(BASIC);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).toContain("already the published bundle; nothing changed");
  });

  it("refuses a folder with no compiled bundle (BUNDLE_NOT_FOUND)", async () => {
    const { dir, publish } = await home();
    const run = await publish(join(dir, "missing"));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/BUNDLE_NOT_FOUND .*missing is not a folder\nhint: run unitc compile first/);
  });
});

describe("unitc serve --stateless", () => {
  it("is for HTTP: with --transport stdio it is a usage error", async () => {
    const { dir, env } = await home();
    const run = await unitc(
      ["serve", "--stateless", "--transport", "stdio", "--user-config", "none"],
      dir,
      env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("BAD_TRANSPORT --stateless is for HTTP");
  });
});

describe("unitc serve --published", () => {
  it("is not ready until a bundle is published, then serves it", async () => {
    const { dir, env, publish } = await home();
    const r = await replica(dir, env);
    const waiting = await fetch(`${r.base}/readyz?json`);
    expect(waiting.status).toBe(503);
    const body = (await waiting.json()) as { checks: Record<string, { ok: boolean; detail?: string }> };
    expect(body.checks.bundle).toEqual({ ok: false, detail: "nothing is published yet (run unitc publish)" });
    expect(body.checks.storage?.ok).toBe(true);
    expect((await fetch(`${r.base}/healthz`)).status).toBe(200);
    const digest = (await publish(BASIC)).stdout.trim();
    await until(async () => (await fetch(`${r.base}/mcp/readyz`)).status === 200, SETTLE_MS);
    expect(await (await fetch(`${r.base}/mcp/readyz`)).text()).toBe("ready\n");
    const ready = await (await fetch(`${r.base}/readyz`, { headers: { accept: "application/json" } })).text();
    expect(JSON.parse(ready).checks.bundle).toEqual({ ok: true, detail: digest });
    expect(ready).not.toContain(TOKEN);
    expect(ready).not.toContain(dir);
  });

  it("swaps every replica to a new publish, never to a damaged one", async () => {
    const { dir, env, publish } = await home();
    await publish(BASIC);
    const [a, b, c] = await Promise.all([replica(dir, env), replica(dir, env), replica(dir, env, false)]);
    const onA = new Client2(info);
    await onA.connect(new Http2(new URL(a.url), { requestInit }));
    const onB = new Client1(info);
    await onB.connect(new Http1(new URL(b.url), { requestInit }));
    const session = new Client1(info);
    await session.connect(new Http1(new URL(c.url), { requestInit }));
    closers.push(
      () => onA.close(),
      () => onB.close(),
      () => session.close(),
    );
    let changes = 0;
    session.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changes++;
    });
    const before = await served(() => onA.listTools());
    expect(before).toContain("(4 units");
    expect(await served(() => onB.listTools())).toBe(before);

    await publish(OPENAPI);
    await Promise.all(
      [onA, onB].map((client) =>
        until(async () => (await served(() => client.listTools())).includes("(1 units"), SETTLE_MS),
      ),
    );
    await until(async () => changes > 0, SETTLE_MS);
    expect(await served(() => session.listTools())).toContain("(1 units");
    expect(a.stderr()).toMatch(
      /serving published bundle [0-9a-f]{64} \(\d+ units changed\); clients notified/,
    );

    // A head naming a bundle that is not in the store, signed by the key the replicas take (the
    // vault-derived one): logged, and the last good one still served.
    const key = decodeVaultKey(await readFile(join(dir, "data", "unitc", KEY_FILE_NAME), "utf8"));
    const store = await openSqliteStore(join(dir, "store.db"), POLL_MS);
    closers.push(() => store.close());
    const head = await store.get(HEAD_KEY);
    const bogus = signHead(
      { digest: "0".repeat(64), publishedAt: new Date().toISOString(), fileCount: 1, history: [] },
      vaultHeadKey(key),
    );
    await store.put(HEAD_KEY, new TextEncoder().encode(JSON.stringify(bogus)), {
      version: head?.version as string,
    });
    await until(async () => /PUBLISHED_BUNDLE_INVALID/.test(b.stderr()), SETTLE_MS);
    expect(b.stderr()).toContain(`published bundle ${"0".repeat(64)} is not served`);
    expect(await served(() => onB.listTools())).toContain("(1 units");
    expect((await onB.callTool({ name: "search_tools", arguments: { query: "pets" } })).isError).not.toBe(
      true,
    );
    // Three replicas and two publishes: generous, a bound on a hang only, for a loaded machine.
  }, 120_000);
});
