/**
 * `GET /metrics` of HTTP serving over real HTTP, after real calls to a loopback API: the Prometheus
 * text parses with a real parser and counts the calls by unit, operation and outcome, the failures
 * by code and the latency per unit; only the operators' token or a serve token with the `metrics`
 * scope reads it (kept in a real filesystem store); `?json` is the operator status.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheus from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetStats } from "../../../runtime/observe/stats.js";
import { createServeToken } from "../../../runtime/serve/auth/serve-token-admin.js";
import { ServeTokens } from "../../../runtime/serve/auth/serve-tokens.js";
import { openFilesystemStore } from "../../../runtime/storage/filesystem/store.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import type { Store } from "../../../runtime/storage/shared/types.js";
import type { TestServer } from "../../support/http-server.js";
import { raw } from "../../support/raw-http.js";
import { directNotesProject, startNotesServer } from "../serve/fixtures.js";
import { closeAll, compileProject, connect, eventually, serve, TOKEN } from "../serve/support.js";

let notes: TestServer;
let store: Store;
let key: ReturnType<typeof vaultKey>;
let tokens: ServeTokens;
let folder: string;
let base: string;
let scraper: string;
let caller: string;

const get = (path: string, token?: string, accept?: string) =>
  raw(`${base}${path}`, {
    method: "GET",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(accept ? { accept } : {}),
    },
  });

beforeAll(async () => {
  resetStats();
  notes = await startNotesServer();
  folder = await mkdtemp(join(tmpdir(), "unitc-metrics-"));
  store = await openFilesystemStore(folder, 60_000);
  key = vaultKey(randomBytes(32));
  scraper = (await createServeToken(store, key, { name: "grafana", scopes: ["metrics"] })).token;
  caller = (await createServeToken(store, key, { name: "agent" })).token;
  tokens = await ServeTokens.open(store, key);
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  const { url } = await serve({ manifestPath }, { tokens });
  base = url.replace(/\/mcp$/, "");
  const client = await connect(url);
  await client.callTool({ name: "notes__getNote", arguments: { id: "n1" } });
  await client.callTool({ name: "notes__getNote", arguments: { id: "n2" } });
  await client.callTool({ name: "notes__getNote", arguments: { id: "missing" } });
  await client.callTool({ name: "notes__listNotes", arguments: {} });
});

afterAll(async () => {
  await closeAll();
  await tokens.close();
  await store.close();
  await notes.close();
  await rm(folder, { recursive: true, force: true });
});

describe("GET /metrics", () => {
  it("counts calls, failures by code and latency per unit, in text a Prometheus parser reads", async () => {
    const answer = await get("/metrics", TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const families = parsePrometheus(answer.body);
    expect(families.every((family) => family.name.startsWith("unitc_"))).toBe(true);
    const family = (name: string) => families.find((f) => f.name === name)?.metrics ?? [];
    const value = (name: string, labels: Record<string, string>) =>
      Number(family(name).find((series) => JSON.stringify(series.labels) === JSON.stringify(labels))?.value);
    expect(value("unitc_calls_total", { unit: "notes", operation: "getNote", outcome: "ok" })).toBe(2);
    expect(value("unitc_calls_total", { unit: "notes", operation: "getNote", outcome: "error" })).toBe(1);
    expect(value("unitc_calls_total", { unit: "notes", operation: "listNotes", outcome: "ok" })).toBe(1);
    expect(value("unitc_call_errors_total", { unit: "notes", code: "HTTP_STATUS" })).toBe(1);
    // The parser folds a histogram's series into its buckets (dropping their labels): one unit here.
    const [latency] = family("unitc_call_duration_seconds");
    expect(latency?.buckets?.["+Inf"]).toBe("4");
    expect(answer.body).toContain('unitc_call_duration_seconds_count{unit="notes"} 4');
    expect(value("unitc_requests_total", { method: "tools/call", outcome: "ok" })).toBe(3);
    expect(value("unitc_requests_total", { method: "tools/call", outcome: "HTTP_STATUS" })).toBe(1);
    // The serve tokens were read from the filesystem store: its round trips are counted.
    expect(
      value("unitc_storage_round_trips_total", { provider: "filesystem", operation: "list" }),
    ).toBeGreaterThan(0);
    expect(family("unitc_code_mode_queue_waiting")).toHaveLength(1);
  });

  it("is served under the MCP path too, and to a serve token with the metrics scope", async () => {
    expect((await get("/mcp/metrics", TOKEN)).status).toBe(200);
    const scoped = await get("/metrics", scraper);
    expect(scoped.status).toBe(200);
    expect(parsePrometheus(scoped.body).length).toBeGreaterThan(5);
  });

  it("refuses a caller without a token (401) and a token without the metrics scope (403)", async () => {
    const anonymous = await get("/metrics");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain("unitc_calls_total");
    const unscoped = await get("/metrics", caller);
    expect(unscoped.status).toBe(403);
    expect(JSON.parse(unscoped.body).error).toMatchObject({
      code: "METRICS_FORBIDDEN",
      hint: expect.stringContaining("--scope metrics"),
    });
  });

  it("answers the operator status as JSON with ?json or Accept", async () => {
    for (const answer of [
      await get("/metrics?json", TOKEN),
      await get("/metrics", TOKEN, "application/json"),
    ]) {
      expect(answer.status).toBe(200);
      const status = JSON.parse(answer.body);
      expect(status.units).toEqual([
        expect.objectContaining({
          unit: "notes",
          calls: 4,
          errors: 1,
          errorRate: 0.25,
          codes: { HTTP_STATUS: 1 },
        }),
      ]);
      expect(status.codeMode).toMatchObject({ runs: 0, failed: 0 });
    }
  });

  it("refuses an unknown scope, and a token whose record a storage writer gave the scope", async () => {
    await expect(createServeToken(store, key, { name: "root", scopes: ["admin"] })).rejects.toMatchObject({
      code: "SERVE_TOKEN_BAD_SCOPE",
      details: { hint: "the scopes are: metrics" },
    });
    // Someone who can write to storage but holds no vault key adds the scope: the MAC no longer matches.
    const stored = await store.get({ namespace: "serve-tokens", name: "agent" });
    const record = JSON.parse(Buffer.from(stored?.value ?? new Uint8Array()).toString("utf8"));
    const widened = Buffer.from(JSON.stringify({ ...record, scopes: ["metrics"] }));
    await store.put({ namespace: "serve-tokens", name: "agent" }, widened, {
      version: stored?.version as string,
    });
    await eventually(async () => (await get("/metrics", caller)).status === 401);
    expect((await get("/metrics", scraper)).status).toBe(200);
  });
});
