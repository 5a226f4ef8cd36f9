/**
 * `includeOperations` / `excludeOperations` of an OpenAPI unit: globs over operation names keep the
 * operations a user wants from a large spec; the spec's types are written for those alone (the
 * components they reach, not the rest), the bundle still type-checks, and a pattern that matches
 * nothing is a warning at its position.
 */
import { afterAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { type CompiledBundle, cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (name: string) => ({
  "200": { description: "OK", content: { "application/json": { schema: ref(name) } } },
});
const SPEC = {
  openapi: "3.0.3",
  info: { title: "Forge", version: "1" },
  paths: {
    "/repos": {
      get: { operationId: "repos/list", responses: answer("RepoList") },
      post: { operationId: "repos/create", responses: answer("Repo") },
    },
    "/repos/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: { operationId: "repos/get", responses: answer("Repo") },
      delete: { operationId: "repos/delete", responses: answer("Tombstone") },
    },
    "/users": { get: { operationId: "users/list", responses: answer("UserList") } },
  },
  components: {
    schemas: {
      Repo: { type: "object", properties: { id: { type: "string" }, owner: ref("Owner") } },
      RepoList: { type: "array", items: ref("Repo") },
      Owner: { type: "object", properties: { login: { type: "string" } } },
      Tombstone: { type: "object", properties: { deletedAt: { type: "string" } } },
      UserList: { type: "array", items: ref("User") },
      User: { type: "object", properties: { login: { type: "string" } } },
      // Reached by no operation (as GitHub's webhook payloads): no unit's types hold it.
      HookPayload: { type: "object", properties: { action: { type: "string" } } },
    },
  },
};

async function compileFiltered(filters: Record<string, string[]>): Promise<CompiledBundle> {
  const dir = await writeProject({
    ".units/forge.json": JSON.stringify(SPEC, null, 2),
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
  return compileTo(dir, await makeOutDir());
}

const names = (bundle: CompiledBundle) => {
  const manifest = JSON.parse(bundle.result.files.get("manifest.json") ?? "{}");
  return manifest.units[0].operations.map((op: { name: string }) => op.name);
};

describe("OpenAPI operation filters", () => {
  it("keeps the included operations minus the excluded, typed from the components they reach", async () => {
    const bundle = await compileFiltered({
      includeOperations: ["repos/*"],
      excludeOperations: ["*/delete"],
    });
    expect(bundle.text).toBe("");
    expect(names(bundle)).toEqual(["repos/list", "repos/create", "repos/get"]);
    const types = bundle.result.files.get("units/forge/spec-types.ts") ?? "";
    for (const kept of ["Repo:", "RepoList:", "Owner:", '"/repos/{id}"']) expect(types).toContain(kept);
    for (const left of ["Tombstone", "UserList", "User:", "HookPayload", '"/users"', "delete"])
      expect(types).not.toContain(left);
    expect(typecheckBundle(bundle.outDir)).toEqual([]);
  }, 120_000);

  it("types a unit without filters from the components its operations reach, in the spec's order", async () => {
    const bundle = await compileFiltered({});
    expect(names(bundle)).toHaveLength(5);
    const types = bundle.result.files.get("units/forge/spec-types.ts") ?? "";
    const order = ["Repo:", "RepoList:", "Owner:", "Tombstone:", "UserList:", "User:"];
    const at = order.map((name) => types.indexOf(`\t\t${name}`));
    expect(at.every((place) => place > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(types).not.toContain("HookPayload");
    expect(typecheckBundle(bundle.outDir)).toEqual([]);
  }, 120_000);

  it("warns at a pattern that matches no operation, and when nothing is left", async () => {
    const bundle = await compileFiltered({ includeOperations: ["users/*", "teams/*"] });
    expect(names(bundle)).toEqual(["users/list"]);
    expect(bundle.text).toMatch(
      /\.units\/config\.json:\d+:\d+ warning FILTER_UNUSED includeOperations\[1\] matches no operation of forge\.json/,
    );
    const none = await compileFiltered({ excludeOperations: ["*"] });
    expect(none.text).toContain("warning NO_OPERATIONS");
    expect(none.text).toContain("check includeOperations and excludeOperations");
  });
});
