/**
 * Discovery documents: YouTube's (from api-spec-converter's test inputs) and a small one written for
 * these tests compile with include/exclude filters, type-check, and a generated client calls a real
 * server on 127.0.0.1 (path parameters, a repeated query parameter, a `{+name}` path, a JSON body).
 */

import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest, ManifestOperation } from "../../../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { failure, sendJson, startHttpServer, type TestServer } from "../../../support/http-server.js";
import { parsedManifest } from "../../../support/manifest.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import {
  type CompiledBundle,
  cleanupOutDirs,
  compileTo,
  configText,
  makeOutDir,
} from "../openapi/support.js";

/** Type-checking a bundle takes a while when other test files run beside this one. */
const TYPECHECK_TIMEOUT = 120_000;

const FIXTURES = join(import.meta.dirname, "../../../fixtures/discovery");

async function compileDiscovery(
  entry: Record<string, unknown>,
): Promise<CompiledBundle & { manifest: Manifest }> {
  const dir = await writeProject({
    ".units/config.json": configText({
      vendorDiscoveryApis: {
        api: { name: "API", description: "A discovery API.", auth: { type: "none" }, ...entry },
      },
    }),
  });
  const bundle = await compileTo(dir, await makeOutDir());
  const manifest = parsedManifest(bundle.result.files.get("manifest.json"));
  return { ...bundle, manifest };
}

const operation = (manifest: Manifest, name: string) =>
  manifest.units[0]?.operations.find((o) => o.name === name) as ManifestOperation;

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

describe("the YouTube discovery document", () => {
  let youtube: Awaited<ReturnType<typeof compileDiscovery>>;
  beforeAll(async () => {
    youtube = await compileDiscovery({
      discoveryPath: join(FIXTURES, "youtube.json"),
      includeOperations: ["youtube.captions.*", "youtube.videos.**", "youtube.nothing.*"],
      excludeOperations: ["**.delete", "youtube.videos.insert"],
    });
  });

  it("keeps the methods the filters select, named by their IDs, and names a pattern that matches nothing", () => {
    expect(youtube.manifest.units[0]?.operations.map((o) => o.name)).toEqual([
      "youtube.captions.download",
      "youtube.captions.insert",
      "youtube.captions.list",
      "youtube.captions.update",
      "youtube.videos.getRating",
      "youtube.videos.list",
      "youtube.videos.rate",
      "youtube.videos.reportAbuse",
      "youtube.videos.update",
    ]);
    expect(youtube.text).toBe(
      [
        ".units/config.json:14:9 warning FILTER_UNUSED includeOperations[2] matches no method of youtube.json",
        "  hint: method IDs look like api.resource.method; * matches one segment (a leading * one or more), ** any number",
      ].join("\n"),
    );
  });

  it("takes the base URL from rootUrl and servicePath, and records each method's scopes", () => {
    expect(youtube.manifest.units[0]?.connection).toMatchObject({
      kind: "discovery",
      baseUrl: "https://www.googleapis.com/youtube/v3/",
    });
    expect(operation(youtube.manifest, "youtube.captions.download").invoke).toMatchObject({
      kind: "discovery",
      method: "GET",
      path: "/captions/{id}",
      parameters: expect.arrayContaining([{ name: "id", in: "path", required: true }]),
      scopes: [
        "https://www.googleapis.com/auth/youtube.force-ssl",
        "https://www.googleapis.com/auth/youtubepartner",
      ],
    });
  });

  it(
    "type-checks",
    () => {
      expect(typecheckBundle(youtube.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );
});

describe("a discovery document with nested resources, repeated parameters and a cycle", () => {
  let server: TestServer;
  let tasks: Awaited<ReturnType<typeof compileDiscovery>>;
  beforeAll(async () => {
    server = await startHttpServer((request, res) =>
      sendJson(res, 200, { id: "t1", title: `${request.method} ${request.path}`, subtasks: [] }),
    );
    tasks = await compileDiscovery({
      discoveryPath: join(FIXTURES, "tasks.json"),
      baseUrl: `${server.url}/tasks/v1/`,
      excludeOperations: ["tasks.lists.get"],
    });
  });
  afterAll(() => server.close());

  it(
    "compiles without diagnostics and type-checks",
    () => {
      expect(tasks.text).toBe("");
      expect(typecheckBundle(tasks.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );

  it("makes repeated parameters arrays and coerces string defaults", () => {
    const list = operation(tasks.manifest, "tasks.lists.tasks.list");
    expect((list.inputSchema as { properties: { query: unknown } }).properties.query).toEqual({
      type: "object",
      description: "Query parameters.",
      properties: {
        labels: {
          type: "array",
          items: { type: "string" },
          description: "Only tasks with all these labels.",
        },
        maxResults: { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 },
        showDone: { type: "boolean", default: true },
      },
      additionalProperties: false,
    });
  });

  it("keeps the cyclic schema as a ref into $defs", () => {
    const insert = operation(tasks.manifest, "tasks.lists.tasks.insert");
    const defs = (insert.outputSchema as { $defs: Record<string, { properties: Record<string, unknown> }> })
      .$defs;
    expect(insert.outputSchema).toMatchObject({ $ref: "#/$defs/Task" });
    expect(defs.Task?.properties.subtasks).toEqual({ type: "array", items: { $ref: "#/$defs/Task" } });
    expect(defs.Task?.properties.priority).toEqual({
      type: "integer",
      format: "int32",
      minimum: 1,
      maximum: 5,
      default: 3,
    });
  });

  it("calls the server through the generated client", async () => {
    const module = (await import(pathToFileURL(join(tasks.outDir, "index.ts")).href)) as {
      createUnits(): { api: Record<string, (input?: unknown) => Promise<{ title: string }>> };
    };
    const api = module.createUnits().api;
    const listed = await api.tasks_lists_tasks_list?.({
      path: { listId: "home list" },
      query: { labels: ["a b", "c"], maxResults: 5 },
    });
    expect(listed?.title).toBe("GET /tasks/v1/lists/home%20list/tasks?labels=a%20b&labels=c&maxResults=5");
    const named = await api.tasks_resourcesByName_get?.({ path: { name: "lists/l1/tasks/t 2" } });
    expect(named?.title).toBe("GET /tasks/v1/lists/l1/tasks/t%202");
    await api.tasks_lists_tasks_insert?.({ path: { listId: "l1" }, body: { title: "New", priority: 2 } });
    expect(JSON.parse(server.requests.at(-1)?.body ?? "")).toEqual({ title: "New", priority: 2 });
    const climbing = await failure(
      api.tasks_resourcesByName_get?.({ path: { name: "lists/../admin" } }) as Promise<unknown>,
    );
    expect(climbing.code).toBe("INPUT_INVALID");
    expect(server.requests).toHaveLength(3);
  });
});

describe("discovery document problems", () => {
  it("reports a document of another kind, at its kind", async () => {
    const dir = await writeProject({
      ".units/doc.json": '{ "kind": "discovery#directoryList", "items": [] }\n',
      ".units/config.json": configText({
        vendorDiscoveryApis: {
          api: { name: "API", description: "x", discoveryPath: "doc.json", auth: { type: "none" } },
        },
      }),
    });
    const { text } = await compileTo(dir, await makeOutDir());
    expect(text).toBe(
      [
        '.units/doc.json:1:11 error SPEC_INVALID doc.json is not a discovery document: its kind is "discovery#directoryList", not "discovery#restDescription"',
        "  hint: point the unit at a discovery document (kind: discovery#restDescription)",
      ].join("\n"),
    );
  });

  it("types a $ref to a schema the document lacks as unknown, and says so once", async () => {
    const doc = {
      kind: "discovery#restDescription",
      id: "tiny:v1",
      name: "tiny",
      rootUrl: "https://tiny.example.test/",
      servicePath: "",
      resources: {
        items: {
          methods: {
            get: {
              id: "tiny.items.get",
              path: "items",
              httpMethod: "GET",
              response: { $ref: "Missing" },
            },
          },
        },
      },
    };
    const dir = await writeProject({
      ".units/doc.json": `${JSON.stringify(doc, null, 2)}\n`,
      ".units/config.json": configText({
        vendorDiscoveryApis: {
          api: { name: "API", description: "x", discoveryPath: "doc.json", auth: { type: "none" } },
        },
      }),
    });
    const { text } = await compileTo(dir, await makeOutDir());
    expect(text).toContain(
      'warning DISCOVERY_PARTIAL $ref "Missing" names no schema of the document; typed as unknown',
    );
  });
});
