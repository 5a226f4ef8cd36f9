/**
 * A spec fetched at build time must not aim a unit at non-public addresses: without `baseUrl`, its
 * `servers[0]` (or a discovery document's `rootUrl`) becomes the unit's address, and whoever serves
 * the spec could name the cloud metadata address. Only addresses written in the config (or
 * `UNITC_OUTBOUND_ALLOW`) widen the outbound guard. A real loopback server serves the specs; the
 * compiled bundle runs in the real runtime.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRuntime } from "../../runtime/index.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "../compiler/discover/openapi/support.js";
import { failure, startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { discovery, openapi } from "./served-specs.js";

const METADATA = "http://169.254.169.254/";
let specs: TestServer;

beforeAll(async () => {
  specs = await startHttpServer((request, res) => {
    const body = request.path.startsWith("/discovery") ? discovery(METADATA) : openapi(METADATA);
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([specs.close(), cleanupOutDirs(), cleanupProjects()]);
});

/** Compiles one no-auth unit of `map` and returns a runtime over its bundle. */
async function runtimeOf(
  map: string,
  entry: Record<string, unknown>,
  options: { env?: Record<string, string>; fetch?: typeof fetch } = {},
) {
  const unit = { name: "API", description: "An API.", auth: { type: "none" }, ...entry };
  const dir = await writeProject({ ".units/config.json": configText({ [map]: { api: unit } }) });
  const { text, outDir } = await compileTo(dir, await makeOutDir());
  expect(text).toBe("");
  return createRuntime({ manifestPath: `${outDir}/manifest.json`, env: options.env ?? {}, ...options });
}

/**
 * Stands in for the network past the guard: the metadata address cannot be reached from this
 * machine, so what the guard let through is recorded here instead of being sent (a mock, labelled).
 */
function recordingFetch(seen: string[]): typeof fetch {
  return (async (input: string | URL | Request) => {
    seen.push(String(input instanceof Request ? input.url : input));
    return new Response(null, { status: 204 });
  }) as typeof fetch;
}

const sources = [
  ["openapiEndpoints", "specUrl", "/spec.json", "ping"],
  ["vendorDiscoveryApis", "discoveryUrl", "/discovery.json", "served.items.ping"],
] as const;

describe("a base URL a fetched spec chose", () => {
  it.each(sources)(
    "%s: a link-local server from the spec is OUTBOUND_REFUSED",
    async (map, field, path, op) => {
      const seen: string[] = [];
      const runtime = await runtimeOf(
        map,
        { [field]: `${specs.url}${path}` },
        { fetch: recordingFetch(seen) },
      );
      const error = await failure(runtime.invoke("api", op, {}));
      await runtime.close();
      expect(error.code).toBe("OUTBOUND_REFUSED");
      expect(error.message).toContain("169.254.169.254");
      expect(error.details.hint).toContain("set baseUrl");
      expect(error.details.hint).toContain("fetched spec");
      expect(seen).toEqual([]);
    },
  );

  it.each(sources)(
    "%s: the same address in the config's baseUrl is allowed as before",
    async (map, field, path, op) => {
      const seen: string[] = [];
      const runtime = await runtimeOf(
        map,
        { [field]: `${specs.url}${path}`, baseUrl: METADATA },
        { fetch: recordingFetch(seen) },
      );
      await runtime.invoke("api", op, {});
      await runtime.close();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/^http:\/\/169\.254\.169\.254\//);
    },
  );

  it("UNITC_OUTBOUND_ALLOW lets a spec's address through", async () => {
    const seen: string[] = [];
    const runtime = await runtimeOf(
      "openapiEndpoints",
      { specUrl: `${specs.url}/spec.json` },
      { env: { UNITC_OUTBOUND_ALLOW: "169.254.169.254" }, fetch: recordingFetch(seen) },
    );
    await runtime.invoke("api", "ping", {});
    await runtime.close();
    expect(seen).toHaveLength(1);
  });
});
