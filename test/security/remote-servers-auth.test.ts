/**
 * Without a `baseUrl`, a spec fetched from a URL names its own server (`servers[0]`, or a discovery
 * document's `rootUrl`). When the unit sends credentials, that would let whoever serves the spec
 * decide where they go: compile refuses, with a hint to set `baseUrl`. Real loopback servers: one
 * serves the specs, the other stands for the host a spec points at and must see no credentials.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRuntime } from "../../runtime/index.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "../compiler/discover/openapi/support.js";
import { startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { discovery, openapi } from "./served-specs.js";

const TOKEN = "remote-servers-canary-3b9e";
let specs: TestServer;
let elsewhere: TestServer;

beforeAll(async () => {
  elsewhere = await startHttpServer((_request, res) => res.writeHead(204).end());
  specs = await startHttpServer((request, res) => {
    const body = request.path.startsWith("/discovery")
      ? discovery(`${elsewhere.url}/`)
      : openapi(elsewhere.url);
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  vi.stubEnv("REMOTE_TOKEN", TOKEN);
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([specs.close(), elsewhere.close(), cleanupOutDirs(), cleanupProjects()]);
});

const AUTH = { type: "bearer", token: "env:REMOTE_TOKEN" };

async function compileUnit(map: string, entry: Record<string, unknown>, files: Record<string, string> = {}) {
  const unit = { name: "API", description: "An API.", ...entry };
  const dir = await writeProject({ ...files, ".units/config.json": configText({ [map]: { api: unit } }) });
  const outDir = await makeOutDir();
  const bundle = await compileTo(dir, outDir);
  const manifest = JSON.parse(bundle.result.files.get("manifest.json") ?? '{"units":[]}');
  return { text: bundle.text, units: manifest.units as Array<{ connection: { baseUrl: string } }>, outDir };
}

describe("a remote spec with auth and no baseUrl", () => {
  it.each([
    ["openapiEndpoints", "specUrl", "/spec.json", "servers[0]"],
    ["vendorDiscoveryApis", "discoveryUrl", "/discovery.json", "rootUrl"],
  ])(
    "%s (%s): compile refuses to let the spec's %s decide where credentials go",
    async (map, field, path, named) => {
      const { text, units } = await compileUnit(map, { [field]: `${specs.url}${path}`, auth: AUTH });
      expect(units).toEqual([]);
      expect(text).toContain("error BASE_URL_MISSING");
      expect(text).toContain(named);
      expect(text).toContain(elsewhere.url);
      expect(text).toMatch(/hint: set baseUrl on the unit/);
      expect(text).not.toContain(TOKEN);
      expect(elsewhere.requests).toEqual([]);
    },
  );
});

describe("what stays allowed", () => {
  it("a remote spec without auth uses its servers[0]", async () => {
    const { text, units } = await compileUnit("openapiEndpoints", {
      specUrl: `${specs.url}/spec.json`,
      auth: { type: "none" },
    });
    expect(text).toBe("");
    expect(units[0]?.connection.baseUrl).toBe(elsewhere.url);
  });

  it("a remote spec with auth and baseUrl sends credentials to baseUrl only", async () => {
    const { text, outDir } = await compileUnit("openapiEndpoints", {
      specUrl: `${specs.url}/spec.json`,
      baseUrl: specs.url,
      auth: AUTH,
    });
    expect(text).toBe("");
    const runtime = createRuntime({ manifestPath: `${outDir}/manifest.json`, env: { REMOTE_TOKEN: TOKEN } });
    await runtime.invoke("api", "ping", {}).catch(() => undefined);
    await runtime.close();
    expect(elsewhere.requests).toEqual([]);
    expect(specs.requests.some((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("a local spec file with auth keeps its servers[0]", async () => {
    const { text, units } = await compileUnit(
      "openapiEndpoints",
      { specPath: "spec.json", auth: AUTH },
      { ".units/spec.json": openapi(elsewhere.url) },
    );
    expect(text).toBe("");
    expect(units[0]?.connection.baseUrl).toBe(elsewhere.url);
  });
});
