/**
 * Health and readiness over real HTTP: `/healthz` and `/readyz` at the root and under the MCP path,
 * without a token; readiness 503 while a check fails, in text or JSON, a thrown check reported by
 * its message; HEAD answers with no body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FORMAT, type Manifest } from "../../../../runtime/contract/manifest.js";
import { raw } from "../../../support/raw-http.js";
import { closeAll, serve } from "../support.js";

const EMPTY: Manifest = {
  format: MANIFEST_FORMAT,
  generator: "unitc",
  settings: { defaultSearchLimit: 5, maxSearchLimit: 20 },
  units: [],
};

let storageUp = true;
let base: string;

beforeAll(async () => {
  const { url } = await serve(
    { manifest: EMPTY },
    {
      readiness: {
        bundle: async () => ({ ok: true, detail: "0 units" }),
        storage: async () => {
          if (!storageUp) throw new Error("cannot reach sqlite /tmp/store.db");
          return { ok: true };
        },
      },
    },
  );
  base = url.replace(/\/mcp$/, "");
});
afterAll(closeAll);

describe("health", () => {
  it("answers liveness at /healthz and under the MCP path, without a token", async () => {
    for (const path of ["/healthz", "/mcp/healthz"]) {
      const answer = await raw(`${base}${path}`, { method: "GET" });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
    }
  });

  it("answers readiness in text, and in JSON when asked by ?json or Accept", async () => {
    storageUp = true;
    expect(await raw(`${base}/readyz`, { method: "GET" })).toMatchObject({ status: 200, body: "ready\n" });
    const json = await raw(`${base}/mcp/readyz?json`, { method: "GET" });
    expect(JSON.parse(json.body)).toEqual({
      status: "ready",
      checks: { bundle: { ok: true, detail: "0 units" }, storage: { ok: true } },
    });
    const accepted = await raw(`${base}/readyz`, { method: "GET", headers: { accept: "application/json" } });
    expect(JSON.parse(accepted.body).status).toBe("ready");
  });

  it("answers 503 while a check fails, naming it", async () => {
    storageUp = false;
    const text = await raw(`${base}/readyz`, { method: "GET" });
    expect(text).toMatchObject({
      status: 503,
      body: "not ready\nstorage: cannot reach sqlite /tmp/store.db\n",
    });
    const json = await raw(`${base}/readyz?json`, { method: "GET" });
    expect(json.status).toBe(503);
    expect(JSON.parse(json.body).checks.storage).toEqual({
      ok: false,
      detail: "cannot reach sqlite /tmp/store.db",
    });
    const head = await raw(`${base}/readyz`, { method: "HEAD" });
    expect(head).toMatchObject({ status: 503, body: "" });
  });
});
