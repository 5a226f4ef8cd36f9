/**
 * OpenTelemetry export end to end: a bundle served over real Streamable HTTP, clients of both MCP
 * SDK generations sending W3C trace context in `_meta`, a loopback notes API and a real OTLP/HTTP
 * receiver. The request span continues the client's trace, the unit call span is its child (also
 * for calls from a Code Mode script), the API receives the call's `traceparent`, metrics arrive with
 * unit, operation and outcome, and neither a secret-looking argument nor a vault secret appears in
 * anything exported.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRuntime } from "../../../runtime/index.js";
import { flushTelemetry, startTelemetry, stopTelemetry } from "../../../runtime/observe/export.js";
import { prometheusText } from "../../../runtime/observe/prometheus.js";
import { closeDefaultSandboxPool } from "../../../runtime/sandbox/workers/pool.js";
import { openFilesystemStore } from "../../../runtime/storage/filesystem/store.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import type { Store } from "../../../runtime/storage/shared/types.js";
import { Vault } from "../../../runtime/storage/vault.js";
import type { TestServer } from "../../support/http-server.js";
import { type OtlpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.js";
import { clientTrace } from "../../support/trace-context.js";
import { notesActions, startNotesServer } from "../serve/fixtures.js";
import {
  closeAll,
  compileProject,
  connect,
  projectConfig,
  serve,
  structured,
  TOKEN,
} from "../serve/support.js";

const nonce = randomBytes(6).toString("hex");
/** A secret-looking argument: it reaches the API, and nothing exported. */
const ARGUMENT_CANARY = `sk_live_arg_${nonce}`;
/** A vault secret sent as the unit's bearer token. */
const VAULT_CANARY = `vault-canary-${nonce}`;

let receiver: OtlpReceiver;
let notes: TestServer;
let store: Store;
let folder: string;
let url: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  notes = await startNotesServer();
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url);
  vi.stubEnv("OTEL_METRIC_EXPORT_INTERVAL", "600000");
  await startTelemetry();
  folder = await mkdtemp(join(tmpdir(), "unitc-otel-"));
  store = await openFilesystemStore(folder, 60_000);
  const vault = new Vault(store, vaultKey(randomBytes(32)));
  await vault.set("NOTES_KEY", VAULT_CANARY);
  const manifestPath = await compileProject(
    projectConfig({
      httpApis: {
        notes: {
          name: "Notes",
          description: "A notes service.",
          exposure: "direct_and_code_mode",
          baseUrl: `${notes.url}/api`,
          auth: { type: "bearer", token: "vault:NOTES_KEY" },
          actions: notesActions(),
        },
      },
    }),
  );
  url = (await serve({ manifestPath, vault })).url;
});

afterAll(async () => {
  await closeAll();
  await stopTelemetry();
  vi.unstubAllEnvs();
  await closeDefaultSandboxPool();
  await store.close();
  await notes.close();
  await receiver.close();
  await rm(folder, { recursive: true, force: true });
});

/** The request span of the client trace, and the call span under it. */
function spansOf(traceId: string) {
  const spans = receiver.spans().filter((span) => span.traceId === traceId);
  const request = spans.find((span) => span.attributes["mcp.method.name"] === "tools/call");
  const call = spans.find((span) => span.name.startsWith("call "));
  return { request, call };
}

describe("OTLP export", () => {
  it("continues a 2.x client's trace: request span, call span, traceparent to the API", async () => {
    const client = await connect(url);
    const trace = clientTrace();
    const result = await client.callTool({
      name: "notes__createNote",
      arguments: { title: "Launch codes", body: ARGUMENT_CANARY },
      _meta: { traceparent: trace.traceparent },
    });
    expect(structured(result)).toEqual({ id: "n3" });
    expect(notes.requests.at(-1)?.body).toContain(ARGUMENT_CANARY);
    expect(notes.requests.at(-1)?.headers.authorization).toBe(`Bearer ${VAULT_CANARY}`);
    await flushTelemetry();
    const { request, call } = spansOf(trace.traceId);
    expect(request).toMatchObject({
      parentSpanId: trace.spanId,
      name: "tools/call notes__createNote",
      attributes: {
        "gen_ai.tool.name": "notes__createNote",
        "unitc.principal": "admin",
        "unitc.outcome": "ok",
      },
    });
    expect(call).toMatchObject({
      parentSpanId: request?.spanId,
      name: "call notes.createNote",
      attributes: {
        "unitc.unit": "notes",
        "unitc.operation": "createNote",
        "unitc.kind": "http",
        "unitc.principal": "admin",
        "unitc.outcome": "ok",
      },
    });
    expect(call?.attributes["unitc.duration_ms"]).toEqual(expect.any(Number));
    expect(call?.attributes["unitc.result_bytes"]).toBe(JSON.stringify({ id: "n3" }).length);
    expect(notes.requests.at(-1)?.headers.traceparent).toBe(`00-${trace.traceId}-${call?.spanId}-01`);
  });

  it("continues a 1.x client's trace and records a failed call's code", async () => {
    const client = new Client1({ name: "otel-test", version: "1" });
    await client.connect(
      new Http1(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    try {
      const trace = clientTrace();
      const result = await client.callTool({
        name: "notes__getNote",
        arguments: { id: "missing" },
        _meta: { traceparent: trace.traceparent },
      });
      expect(result.isError).toBe(true);
      await flushTelemetry();
      const { request, call } = spansOf(trace.traceId);
      expect(request?.parentSpanId).toBe(trace.spanId);
      expect(request?.attributes["unitc.outcome"]).toBe("HTTP_STATUS");
      expect(call).toMatchObject({
        parentSpanId: request?.spanId,
        attributes: { "unitc.operation": "getNote", "unitc.outcome": "HTTP_STATUS" },
      });
      expect(notes.requests.at(-1)?.headers.traceparent).toBe(`00-${trace.traceId}-${call?.spanId}-01`);
    } finally {
      await client.close();
    }
  });

  it("keeps a Code Mode script's unit calls in the request's trace", async () => {
    const client = await connect(url);
    const trace = clientTrace();
    const result = await client.callTool({
      name: "code_mode",
      arguments: { code: 'return (await units.notes.getNote({ id: "n1" })).title;' },
      _meta: { traceparent: trace.traceparent },
    });
    expect(structured(result)).toMatchObject({ ok: true, value: "Shopping" });
    await flushTelemetry();
    const { request, call } = spansOf(trace.traceId);
    expect(request?.name).toBe("tools/call code_mode");
    expect(call).toMatchObject({ parentSpanId: request?.spanId, name: "call notes.getNote" });
    expect(notes.requests.at(-1)?.headers.traceparent).toBe(`00-${trace.traceId}-${call?.spanId}-01`);
  });

  it("exports the call metrics by unit, operation and outcome", async () => {
    await flushTelemetry();
    const points = receiver.points();
    const calls = points.filter((point) => point.metric === "unitc.calls");
    expect(calls).toContainEqual({
      metric: "unitc.calls",
      attributes: { unit: "notes", operation: "createNote", outcome: "ok" },
      value: 1,
    });
    expect(points).toContainEqual(
      expect.objectContaining({
        metric: "unitc.call.errors",
        attributes: { unit: "notes", code: "HTTP_STATUS" },
      }),
    );
    expect(points).toContainEqual(
      expect.objectContaining({ metric: "unitc.call.duration", attributes: { unit: "notes" } }),
    );
    expect(points.some((point) => point.metric === "unitc.code_mode.runs")).toBe(true);
    expect(receiver.contentTypes().every((type) => type.startsWith("application/json"))).toBe(true);
  });

  it("exports neither the secret-looking argument nor the vault secret, anywhere", async () => {
    await flushTelemetry();
    const exported = [...receiver.bodies(), await prometheusText()];
    expect(exported.length).toBeGreaterThan(2);
    for (const text of exported) {
      expect(text.includes(ARGUMENT_CANARY), "an argument reached telemetry").toBe(false);
      expect(text.includes(VAULT_CANARY), "a vault secret reached telemetry").toBe(false);
      expect(text.includes("Launch codes"), "an argument reached telemetry").toBe(false);
    }
  });

  it("gives agent code's calls (createRuntime) their spans too, with no principal", async () => {
    const manifest = JSON.parse(
      JSON.stringify({
        format: 1,
        generator: "unitc",
        settings: { defaultSearchLimit: 5, maxSearchLimit: 20 },
        units: [
          {
            id: "local",
            name: "Local",
            description: "An in-process unit.",
            exposure: "direct",
            connection: { kind: "local" },
            operations: [
              {
                name: "echo",
                tsName: "echo",
                description: "Echo.",
                inputSchema: { type: "object" },
                invoke: { kind: "local" },
              },
            ],
          },
        ],
      }),
    );
    const runtime = createRuntime({
      manifest,
      invokers: { local: async (input) => ({ value: input, truncated: false }) },
    });
    try {
      await runtime.call("local", "echo", { secret: ARGUMENT_CANARY });
      await expect(runtime.call("local", "nope")).rejects.toMatchObject({ code: "UNKNOWN_OPERATION" });
    } finally {
      await runtime.close();
    }
    await flushTelemetry();
    const spans = receiver.spans().filter((span) => span.attributes["unitc.unit"] === "local");
    expect(spans.map((span) => [span.name, span.attributes["unitc.outcome"]])).toEqual([
      ["call local.echo", "ok"],
      ["call local.(unknown)", "UNKNOWN_OPERATION"],
    ]);
    expect(spans.every((span) => span.attributes["unitc.principal"] === undefined)).toBe(true);
    expect(receiver.bodies().some((body) => body.includes(ARGUMENT_CANARY))).toBe(false);
  });
});
