/**
 * A spec with many operations has its types written after its operations are converted, not beside
 * them (spec-workers.ts): the two paths write the same bundle and say the same diagnostics. The
 * threshold is lowered here so that a small spec takes the large spec's path.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { specPaths, TYPES_AFTER_OPERATIONS } from "../../../../compiler/discover/openapi/spec-workers.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));
afterEach(() => {
  specPaths.typesAfterOperations = TYPES_AFTER_OPERATIONS;
});

const json = (schema: unknown) => ({ "application/json": { schema } });
const ok = (schema: unknown) => ({ "200": { description: "OK", content: json(schema) } });
const shared = (name: string) => ({ $ref: `shared.json#/${name}` });
const local = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Operations reaching a component, a schema in another file, and a schema whose types do not compile. */
const SPEC = {
  openapi: "3.0.3",
  info: { title: "Forge", version: "1" },
  paths: {
    "/repos/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: { operationId: "repos/get", responses: ok(local("Repo")) },
      patch: {
        operationId: "repos/update",
        requestBody: { required: true, content: json(shared("RepoPatch")) },
        responses: ok(local("Repo")),
      },
    },
    "/config": { get: { operationId: "config/get", responses: ok(local("Value")) } },
    "/users": { get: { operationId: "users/list", responses: ok({ type: "array", items: shared("User") }) } },
  },
  components: {
    schemas: {
      Repo: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, owner: shared("User") },
      },
      // A type beside oneOf, on a cycle: openapi-typescript's type for it does not compile.
      Value: {
        type: ["string", "number", "null"],
        oneOf: [
          { type: "object", additionalProperties: local("Value") },
          { type: "array", items: local("Value") },
        ],
      },
    },
  },
};

const SHARED = {
  User: { type: "object", properties: { login: { type: "string" } } },
  RepoPatch: { type: "object", properties: { name: { type: "string" }, private: { type: "boolean" } } },
};

/** The bundle's files and the diagnostics of a compile of SPEC, with `filters` on the unit. */
async function compileForge(filters: Record<string, readonly string[]>) {
  const dir = await writeProject({
    ".units/forge.json": JSON.stringify(SPEC, null, 2),
    ".units/shared.json": JSON.stringify(SHARED, null, 2),
    ".units/config.json": configText({
      openapiEndpoints: {
        forge: {
          name: "Forge",
          description: "Repositories and users.",
          specPath: "forge.json",
          baseUrl: "https://forge.example.test",
          auth: { type: "none" },
          ...filters,
        },
      },
    }),
  });
  const bundle = await compileTo(dir, await makeOutDir());
  return { files: Object.fromEntries(bundle.result.files), text: bundle.text };
}

describe("types written after the operations", () => {
  for (const [name, filters] of [
    ["every operation", {}],
    ["the operations includeOperations keeps", { includeOperations: ["repos/*", "config/*"] }],
  ] as const) {
    it(`write the same bundle as types written beside them: ${name}`, async () => {
      specPaths.typesAfterOperations = Number.POSITIVE_INFINITY;
      const beside = await compileForge(filters);
      specPaths.typesAfterOperations = 1;
      const after = await compileForge(filters);
      expect(after.text).toBe(beside.text);
      expect(after.files).toEqual(beside.files);
      // What was compared holds the spec's types, with the schema typed unknown said.
      expect(beside.files["units/forge/spec-types.ts"]).toContain("Value: unknown;");
      expect(beside.text).toContain("OPENAPI_TYPES_FALLBACK");
    });
  }
});
