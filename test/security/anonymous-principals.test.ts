/**
 * Serving without authentication (`allowUnauthenticatedHttp`), callers are told apart by their
 * address, not by a bearer string they make up: rotating strings must not get a fresh allowance of
 * the per-principal limits. Real HTTP serving on a free port of 127.0.0.1; raw requests whose
 * `Authorization` is anything, from two loopback addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exposureProject } from "../runtime/serve/fixtures.js";
import { closeAll, compileProject, serve } from "../runtime/serve/support.js";
import { raw } from "../support/raw-http.js";
import { initializeBody } from "./serve-support.js";

let url: string;
let host: string;

beforeAll(async () => {
  const manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
  // No serve token: anyone who can connect is served, within the per-principal limits.
  url = (await serve({ manifestPath }, { token: undefined, limits: { perMinute: 2, maxConcurrent: 0 } })).url;
  host = new URL(url).host;
});

afterAll(closeAll);

/** An `initialize` from `localAddress`, with a bearer string of the caller's choosing. */
function initialize(bearer: string, localAddress = "127.0.0.1") {
  return raw(url, {
    localAddress,
    headers: {
      host,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${bearer}`,
    },
    body: initializeBody(),
  });
}

describe("unauthenticated callers", () => {
  it("share one principal per address: a new bearer string each time does not escape the rate limit", async () => {
    const statuses = [];
    for (const bearer of ["made-up-1", "made-up-2", "made-up-3", "made-up-4"]) {
      statuses.push((await initialize(bearer)).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    // Another address is another caller, with an allowance of its own.
    expect((await initialize("made-up-5", "127.0.0.2")).status).toBe(200);
  });

  it("still own their sessions by the credential that opened them", async () => {
    const first = await initialize("alice-credential", "127.0.0.3");
    expect(first.status).toBe(200);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const other = await raw(url, {
      localAddress: "127.0.0.3",
      headers: {
        host,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: "Bearer mallory-credential",
        "mcp-session-id": String(first.headers["mcp-session-id"]),
      },
      body: ping,
    });
    expect(other.status).toBe(404);
  });
});
