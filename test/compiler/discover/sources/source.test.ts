/**
 * Where a spec comes from: `specUrl` fetched from a real server and cached for `operationCacheTtlMs`
 * (0 = always refetch), credentials only for baseUrl's origin, and the diagnostics of missing,
 * unparsable and unusable specs.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startHttpServer, type TestServer } from "../../../support/http-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "../openapi/support.js";

const TOKEN = "spec-canary-77aa";
let server: TestServer;
let cacheDir: string;

const spec = (description: string) => `openapi: 3.1.0
info: { title: Served, version: "1", description: "${description}" }
servers: [{ url: /api }]
paths:
  /ping:
    get:
      operationId: ping
      responses: { "204": { description: Pong. } }
`;

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "unitc-cache-"));
  vi.stubEnv("UNITC_CACHE_DIR", cacheDir);
  vi.stubEnv("SPEC_TOKEN", TOKEN);
  server = await startHttpServer((request, res) => {
    if (request.path === "/missing.yaml") return res.writeHead(404, "Not Found").end("no such spec");
    res
      .writeHead(200, { "content-type": "application/yaml" })
      .end(spec(`token ${request.headers.authorization ?? "none"}`));
  });
});
afterAll(() =>
  Promise.all([
    server.close(),
    rm(cacheDir, { recursive: true, force: true }),
    cleanupOutDirs(),
    cleanupProjects(),
  ]),
);
beforeEach(() => {
  server.requests.length = 0;
});

async function compileEntry(entry: Record<string, unknown>, files: Record<string, string> = {}) {
  const dir = await writeProject({
    ...files,
    ".units/config.json": configText({
      openapiEndpoints: { api: { name: "API", description: "An API.", auth: { type: "none" }, ...entry } },
    }),
  });
  const bundle = await compileTo(dir, await makeOutDir());
  return { ...bundle, manifestText: bundle.result.files.get("manifest.json") ?? "" };
}

describe("specUrl", () => {
  it("fetches the spec once and reuses the cached copy while it is fresh", async () => {
    const url = `${server.url}/cached.yaml`;
    const first = await compileEntry({ specUrl: url });
    expect(first.text).toBe("");
    expect(JSON.parse(first.manifestText).units[0].connection.baseUrl).toBe(`${server.url}/api`);
    await compileEntry({ specUrl: url });
    expect(server.requests.map((r) => r.path)).toEqual(["/cached.yaml"]);
    expect(await readdir(join(cacheDir, "openapi"))).toHaveLength(1);
  });

  it("fetches every time when operationCacheTtlMs is 0", async () => {
    const url = `${server.url}/fresh.yaml`;
    await compileEntry({ specUrl: url, operationCacheTtlMs: 0 });
    await compileEntry({ specUrl: url, operationCacheTtlMs: 0 });
    expect(server.requests.map((r) => r.path)).toEqual(["/fresh.yaml", "/fresh.yaml"]);
  });

  it("sends the unit's credentials only to baseUrl's origin, and keeps them out of cache and output", async () => {
    const auth = { type: "bearer", token: "env:SPEC_TOKEN" };
    const same = await compileEntry({
      specUrl: `${server.url}/auth.yaml`,
      baseUrl: `${server.url}/v2`,
      auth,
      operationCacheTtlMs: 60_000,
    });
    await compileEntry({ specUrl: `${server.url}/other.yaml`, baseUrl: "https://api.example.test", auth });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`, undefined]);
    expect(same.manifestText).not.toContain(TOKEN);
    for (const file of await readdir(join(cacheDir, "openapi"))) {
      expect(await readFile(join(cacheDir, "openapi", file), "utf8")).not.toContain(TOKEN);
    }
  });

  it("reports a spec the server does not have", async () => {
    const { text } = await compileEntry({ specUrl: `${server.url}/missing.yaml` });
    expect(text).toBe(
      [
        `.units/config.json:10:7 error SPEC_FETCH_FAILED ${server.url}/missing.yaml answered 404 Not Found: no such spec`,
        "  hint: check the URL, or save the document to a file and point the unit at it",
      ].join("\n"),
    );
  });
});

describe("specPath problems", () => {
  it.each([
    [
      "a YAML syntax error, at its position",
      { "spec.yaml": "openapi: 3.0.3\ninfo: { title: x\npaths: {}\n" },
      ".units/spec.yaml:3:1 error SPEC_SYNTAX the document is not valid JSON or YAML: Flow map in block collection must be sufficiently indented and end with a }\n  hint: fix the document at this position",
    ],
    [
      "a document that is not OpenAPI",
      { "spec.yaml": "asyncapi: 2.6.0\n" },
      '.units/config.json:10:7 error SPEC_INVALID spec.yaml: the document has no "openapi" or "swagger: 2.0" field\n  hint: point the unit at an OpenAPI 3.0, 3.1 or Swagger 2.0 document',
    ],
    [
      "an unsupported version",
      { "spec.yaml": "openapi: 4.0.0\npaths: {}\n" },
      ".units/config.json:10:7 error SPEC_INVALID spec.yaml: OpenAPI 4.0.0 is not supported (3.0, 3.1 and Swagger 2.0 are)\n  hint: point the unit at an OpenAPI 3.0, 3.1 or Swagger 2.0 document",
    ],
    [
      "a relative server and no baseUrl",
      {
        "spec.yaml": "openapi: 3.0.3\ninfo: { title: x, version: '1' }\nservers: [{ url: /v1 }]\npaths: {}\n",
      },
      '.units/config.json:10:7 error BASE_URL_MISSING the spec names no absolute server URL (servers[0] is "/v1")\n  hint: set baseUrl on the unit to where the API is served',
    ],
  ])("reports %s", async (_name, files, want) => {
    const prefixed = Object.fromEntries(Object.entries(files).map(([k, v]) => [`.units/${k}`, v]));
    const { text } = await compileEntry({ specPath: "spec.yaml" }, prefixed);
    expect(text).toBe(want);
  });

  it("reports a missing file at specPath", async () => {
    const { text } = await compileEntry({ specPath: "nope.yaml" });
    expect(text).toMatch(
      /^\.units\/config\.json:10:7 error SPEC_UNREADABLE specPath \/.+\/\.units\/nope\.yaml does not exist\n {2}hint: the path is relative to the file that declares the unit$/,
    );
  });

  it("fills server variables from their defaults", async () => {
    const text = `openapi: 3.0.3
info: { title: x, version: "1" }
servers:
  - url: "https://{region}.api.example.test:{port}/{version}"
    variables:
      region: { default: eu, enum: [eu, us] }
      port: { default: "8443" }
      version: { enum: [v2, v1] }
paths: {}
`;
    const bundle = await compileEntry({ specPath: "spec.yaml" }, { ".units/spec.yaml": text });
    expect(JSON.parse(bundle.manifestText).units[0].connection.baseUrl).toBe(
      "https://eu.api.example.test:8443/v2",
    );
  });
});
