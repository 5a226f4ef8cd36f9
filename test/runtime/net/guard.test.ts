import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { safeFetch } from "../../../runtime/auth/safe-fetch.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { nodeFetch } from "../../../runtime/invoke/openapi/transport.js";
import { guardedFetch, type Resolver } from "../../../runtime/net/guard.js";
import {
  failure,
  httpAction,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../support/http-server.js";

/** A resolver that knows only the names the test gives it (no real DNS is asked). */
function hosts(table: Record<string, string[]>, seen: string[] = []): Resolver {
  return async (hostname) => {
    seen.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

let server: TestServer;
let port: string;
// A second server on 127.0.0.2: the "public" API a test allows by name, which redirects elsewhere.
let redirector: Server;
let redirectTo = "";
let redirectorPort = 0;

beforeAll(async () => {
  server = await startHttpServer((request, res, req) =>
    sendJson(res, 200, { path: request.path, host: req.headers.host }),
  );
  port = new URL(server.url).port;
  redirector = createServer((_req, res) => {
    res.writeHead(302, { location: redirectTo }).end();
  });
  await new Promise<void>((done) => redirector.listen(0, "127.0.0.2", done));
  redirectorPort = (redirector.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  await new Promise((done) => redirector.close(done));
});
beforeEach(() => {
  server.requests.length = 0;
});

// Both transports of a plain request: the pooled dispatcher and a one-shot process's node:http.
describe.each([
  ["pooled", false],
  ["one-shot", true],
])("outbound guard: HTTP actions (%s)", (_name, oneShot) => {
  it("refuses a unit whose public hostname resolves to loopback, naming the address and the way to allow it", async () => {
    const context = {
      ...httpAction({ baseUrl: `http://api.example.test:${port}` }),
      resolve: hosts({ "api.example.test": ["127.0.0.1"] }),
    };
    const error = await failure(invokeHttp({}, { ...context, oneShot }));
    expect(error.code).toBe("OUTBOUND_REFUSED");
    expect(error.message).toContain("api.example.test (resolved to 127.0.0.1)");
    expect(error.message).toContain("loopback");
    expect(error.details.hint).toContain("UNITC_OUTBOUND_ALLOW=127.0.0.1");
    expect(error.details).toMatchObject({ unit: "api", operation: "call" });
    expect(server.requests).toEqual([]);
  });

  it("lets the same unit through once UNITC_OUTBOUND_ALLOW lists the address, to the resolved address", async () => {
    const seen: string[] = [];
    const context = {
      ...httpAction({
        baseUrl: `http://api.example.test:${port}`,
        env: { UNITC_OUTBOUND_ALLOW: "127.0.0.0/8" },
      }),
      resolve: hosts({ "api.example.test": ["127.0.0.1"] }, seen),
    };
    const result = await invokeHttp({}, { ...context, oneShot });
    expect(result.value).toEqual({ path: "/", host: `api.example.test:${port}` });
    expect(seen).toEqual(["api.example.test"]);
  });

  it("lets a unit configured for 127.0.0.1 reach 127.0.0.1", async () => {
    const result = await invokeHttp({}, { ...httpAction({ baseUrl: server.url }), oneShot });
    expect(result.value).toMatchObject({ path: "/" });
  });

  it("connects to the address it checked: a refused first answer is skipped, never connected to", async () => {
    const context = {
      ...httpAction({
        baseUrl: `http://api.example.test:${port}`,
        env: { UNITC_OUTBOUND_ALLOW: "127.0.0.1" },
      }),
      resolve: hosts({ "api.example.test": ["10.0.0.1", "169.254.169.254", "127.0.0.1"] }),
    };
    expect((await invokeHttp({}, { ...context, oneShot })).value).toMatchObject({ path: "/" });
  });
});

describe("outbound guard: redirects are checked hop by hop", () => {
  const allowedName = () => `http://api.example.test:${redirectorPort}`;
  const guarded = () =>
    guardedFetch(fetch, {
      configuredUrl: allowedName(),
      env: { UNITC_OUTBOUND_ALLOW: "127.0.0.2" },
      resolve: hosts({ "api.example.test": ["127.0.0.2"], "internal.example.test": ["10.1.2.3"] }),
    });

  it.each([
    ["loopback", () => `${server.url}/secret`, "127.0.0.1"],
    ["the metadata address", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["a name resolving to a private address", () => "http://internal.example.test/", "10.1.2.3"],
    ["IPv6 loopback", () => `http://[::1]:${port}/`, "::1"],
  ])("refuses a redirect from an allowed public name to %s", async (_name, target, address) => {
    redirectTo = target();
    const error = await failure(guarded()(`${allowedName()}/start`));
    expect(error.code).toBe("OUTBOUND_REFUSED");
    expect(error.message).toContain(address);
    expect(server.requests).toEqual([]);
  });

  it("follows a redirect the policy allows", async () => {
    redirectTo = `${allowedName()}/again`;
    const once = guardedFetch(fetch, {
      configuredUrl: allowedName(),
      env: { UNITC_OUTBOUND_ALLOW: "127.0.0.2" },
      resolve: hosts({ "api.example.test": ["127.0.0.2"] }),
    });
    const error = await failure(once(`${allowedName()}/start`));
    // A loop of allowed hops ends at the hop limit, not at the guard.
    expect(error.code).toBe("HTTP_REDIRECT");
  });
});

const privateIpv4 = fc.oneof(
  fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(0), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.integer({ min: 224, max: 255 }), fc.nat(255), fc.nat(255), fc.nat(255)),
);

/** The ways a URL can spell one IPv4 address. */
function spellings([a, b, c, d]: [number, number, number, number]): string[] {
  const n = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const hex = (x: number) => x.toString(16).padStart(2, "0");
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${n.toString(16)}`,
    `0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}.0${d.toString(8)}`,
    `0x${hex(a)}.0x${hex(b)}.${c}.${d}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${hex(a)}${hex(b)}:${hex(c)}${hex(d)}]`,
  ];
}

describe("outbound guard: address forms", () => {
  const publicUnit = guardedFetch(fetch, {
    configuredUrl: "https://api.example.test",
    env: {},
    resolve: hosts({}),
  });

  it("refuses every spelling of a non-public IPv4 address for a unit configured with a public name", async () => {
    await fc.assert(
      fc.asyncProperty(privateIpv4, fc.integer({ min: 0, max: 4 }), async (parts, pick) => {
        for (const host of spellings(parts).slice(pick)) {
          const error = await failure(publicUnit(`http://${host}:1/`));
          expect(error.code, host).toBe("OUTBOUND_REFUSED");
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    "[::1]",
    "[::]",
    "[fe80::1]",
    "[fc00::1]",
    "[fd12:3456::1]",
    "[ff02::1]",
    "[::ffff:7f00:1]",
    "[64:ff9b::a9fe:a9fe]",
    "[2002:7f00:1::]",
  ])("refuses the IPv6 address %s", async (host) => {
    const error = await failure(publicUnit(`http://${host}:1/`));
    expect(error.code).toBe("OUTBOUND_REFUSED");
  });

  it("allows the range a unit's own configured address is in, and only that range", async () => {
    const local = guardedFetch(fetch, { configuredUrl: "http://0x7f.1:9/", env: {}, resolve: hosts({}) });
    expect((await local(`${server.url}/`)).status).toBe(200);
    const error = await failure(local("http://[fe80::1]:1/"));
    expect(error.code).toBe("OUTBOUND_REFUSED");
  });
});

describe("outbound guard: the other transports", () => {
  it("pins the node:http transport (TRACE) to the checked address too", async () => {
    const options = {
      configuredUrl: `http://api.example.test:${port}`,
      resolve: hosts({ "api.example.test": ["127.0.0.1"] }),
    };
    const refused = guardedFetch(nodeFetch as typeof fetch, { ...options, env: {} });
    expect((await failure(refused(`http://api.example.test:${port}/trace`, { method: "TRACE" }))).code).toBe(
      "OUTBOUND_REFUSED",
    );
    // The system resolver does not know api.example.test: an answer proves the guard's lookup was used.
    const allowed = guardedFetch(nodeFetch as typeof fetch, {
      ...options,
      env: { UNITC_OUTBOUND_ALLOW: "127.0.0.1" },
    });
    const response = await allowed(`http://api.example.test:${port}/trace`, { method: "TRACE" });
    expect(await response.json()).toMatchObject({ path: "/trace" });
  });

  it("guards OAuth requests by the configured issuer's address", async () => {
    const error = await failure(safeFetch(fetch, "https://id.example.com")(`${server.url}/token`));
    expect(error.code).toBe("OUTBOUND_REFUSED");
    expect((await safeFetch(fetch, server.url)(`${server.url}/token`)).status).toBe(200);
    expect(server.requests.map((r) => r.path)).toEqual(["/token"]);
  });
});
