import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSchema, getIntrospectionQuery, graphqlSync } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { specCacheDir } from "../../../../compiler/discover/sources/cache.js";
import { compileProject, graphqlConfig, PETS_SDL } from "../../../e2e/graphql-support.js";
import { sendJson, startHttpServer, type TestServer } from "../../../support/http-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

const TOKEN = "schema-canary-41d9b2";
const bearer = { type: "bearer", token: "env:PETS_TOKEN" };
const introspection = graphqlSync({ schema: buildSchema(PETS_SDL), source: getIntrospectionQuery() });
/** The introspection result with the caller's Authorization header planted in a description. */
function leakyIntrospection(authorization: string): unknown {
  const text = JSON.stringify(introspection).replace("Look up one pet by ID.", `Seen: ${authorization}`);
  return JSON.parse(text);
}

let server: TestServer;
let elsewhere: TestServer;

beforeAll(async () => {
  elsewhere = await startHttpServer((_request, res) => res.writeHead(200).end(PETS_SDL));
  server = await startHttpServer((request, res) => {
    switch (request.path) {
      case "/graphql":
        return sendJson(res, 200, introspection);
      case "/sdl":
        return res.writeHead(200, { "content-type": "text/plain" }).end(PETS_SDL);
      case "/leaky":
        return sendJson(res, 200, leakyIntrospection(String(request.headers.authorization)));
      case "/denied":
        return res.writeHead(401, "Unauthorized").end(`no entry for ${request.headers.authorization}`);
      case "/closed":
        return sendJson(res, 200, { errors: [{ message: "introspection is disabled" }] });
      case "/garbage":
        return res.writeHead(200).end("<html>");
      case "/away":
        return res.writeHead(307, { location: `${elsewhere.url}/sdl` }).end();
      case "/slow":
        return undefined;
      default:
        return res.writeHead(404).end();
    }
  });
});
afterAll(async () => {
  await Promise.all([server.close(), elsewhere.close()]);
  await cleanupProjects();
});
beforeEach(async () => {
  server.requests.length = 0;
  elsewhere.requests.length = 0;
  vi.stubEnv("PETS_TOKEN", TOKEN);
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  return () => vi.unstubAllEnvs();
});

const compilePets = (fields: Record<string, unknown>) =>
  compileProject({
    ".units/config.json": graphqlConfig({ endpointUrl: `${server.url}/graphql`, ...fields }),
  });

describe("GraphQL schema sources", () => {
  it("introspects the endpoint at build time with the unit's auth from the environment", async () => {
    const { text, result } = await compilePets({ introspection: true, auth: bearer });
    expect(text).toBe("");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe("POST");
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(server.requests[0]?.body ?? "{}")).toMatchObject({
      operationName: "IntrospectionQuery",
    });
    expect(result.context.discovered?.units[0]?.operations).toHaveLength(8);
  });

  it("reads SDL from schemaUrl, with auth on the endpoint's origin and without it elsewhere", async () => {
    expect((await compilePets({ schemaUrl: `${server.url}/sdl`, auth: bearer })).text).toBe("");
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await compilePets({ schemaUrl: `${elsewhere.url}/sdl`, auth: bearer })).text).toBe("");
    expect(elsewhere.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("redacts a secret the server plants in the schema, so it never reaches generated files", async () => {
    const { result } = await compileProject({
      ".units/config.json": graphqlConfig({
        endpointUrl: `${server.url}/leaky`,
        introspection: true,
        auth: bearer,
      }),
    });
    const files = [...result.files.values()].join("\n");
    expect(files).toContain("Seen: Bearer [redacted]");
    expect(files).not.toContain(TOKEN);
  });

  it("caches a fetched schema for operationCacheTtlMs, and refetches every time with 0", async () => {
    await compilePets({ introspection: true, operationCacheTtlMs: 60_000 });
    await compilePets({ introspection: true, operationCacheTtlMs: 60_000 });
    expect(server.requests).toHaveLength(1);
    const cached = await readdir(specCacheDir("graphql"));
    expect(cached).toHaveLength(1);
    const entry = JSON.parse(await readFile(join(specCacheDir("graphql"), cached[0] as string), "utf8"));
    expect(entry).toMatchObject({ url: `${server.url}/graphql`, fetchedAt: expect.any(Number) });
    expect(entry.text).toContain('"__schema"');
    await compilePets({ introspection: true, operationCacheTtlMs: 0 });
    await compilePets({ introspection: true, operationCacheTtlMs: 0 });
    expect(server.requests).toHaveLength(3);
  });

  it("keeps secrets out of the cache", async () => {
    await compileProject({
      ".units/config.json": graphqlConfig({
        endpointUrl: `${server.url}/leaky`,
        introspection: true,
        auth: bearer,
      }),
    });
    const [entry] = await readdir(specCacheDir("graphql"));
    const text = await readFile(join(specCacheDir("graphql"), entry as string), "utf8");
    expect(text).toContain("[redacted]");
    expect(text).not.toContain(TOKEN);
  });

  it.each([
    [
      "a missing variable, named without a value",
      { introspection: true, auth: { type: "bearer", token: "env:UNSET_TOKEN" } },
      /GRAPHQL_SCHEMA_FETCH cannot load the schema: fetching the schema needs environment variable UNSET_TOKEN, which is not set\n {2}hint: set UNSET_TOKEN when compiling/,
    ],
    [
      "a refusal, redacting the echoed token",
      { endpointUrl: "/denied", introspection: true, auth: bearer },
      /GRAPHQL_SCHEMA_FETCH cannot load the schema: .*\/denied answered 401 Unauthorized: no entry for Bearer \[redacted\]\n {2}hint: check the credentials/,
    ],
    [
      "introspection turned off",
      { endpointUrl: "/closed", introspection: true },
      /GRAPHQL_SCHEMA_INVALID the schema from introspection of .*\/closed is not usable: the introspection answered errors: introspection is disabled\n {2}hint: the endpoint may not allow introspection/,
    ],
    [
      "a body that is no schema",
      { schemaUrl: "/garbage" },
      /GRAPHQL_SCHEMA_INVALID the schema from schemaUrl .*\/garbage is not usable: syntax error: Unexpected character: "<"/,
    ],
    ["a redirect to another origin", { schemaUrl: "/away", auth: bearer }, /redirected to another origin/],
    [
      "a timeout",
      { schemaUrl: "/slow", requestTimeoutMs: 200 },
      /\/slow did not answer within 200 ms\n {2}hint: raise requestTimeoutMs/,
    ],
    [
      "a missing schema file",
      { schemaPath: "nope.graphql" },
      /GRAPHQL_SCHEMA_MISSING schemaPath "nope.graphql" does not exist/,
    ],
  ])("reports %s", async (_name, fields, message) => {
    const url = (value: unknown) =>
      typeof value === "string" && value.startsWith("/") ? `${server.url}${value}` : value;
    const resolved = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, url(v)]));
    const { text, result } = await compilePets(resolved);
    expect(text).toMatch(message);
    expect(text).not.toContain(TOKEN);
    // Nothing but the bundle-wide files: index.ts, manifest.json, manifest-offsets.json, package.json,
    // search-index.json, units-index.json and the Code Mode globals (.code-mode/console.d.ts,
    // tsconfig.json, units.d.ts).
    expect(result.files.size).toBe(9);
    expect(elsewhere.requests).toHaveLength(0);
  });
});
