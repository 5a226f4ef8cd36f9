/**
 * A real, large schema: GitHub's (from @octokit/graphql-schema), compiled with generated operations.
 * Its SDL does not build (duplicate fields), so the introspection JSON is used, as the hint says.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildClientSchema, parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UnitIR } from "../../../../compiler/discover/shared/types.js";
import { checkManifest, type GraphqlInvoke, type Manifest } from "../../../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { type CompiledProject, compileProject, graphqlConfig } from "../../../e2e/graphql-support.js";
import { cleanupProjects } from "../../../support/project.js";
import {
  errorsOf,
  programOf,
  requiredInputs,
  schemaRequired,
  writeTypedOperations,
} from "../../../support/typed-operations.js";

const dir = fileURLToPath(new URL("../../../../node_modules/@octokit/graphql-schema/", import.meta.url));
const github = (schemaPath: string) => ({
  ".units/config.json": graphqlConfig(
    {
      endpointUrl: "https://api.github.com/graphql",
      schemaPath,
      auth: { type: "bearer", token: "env:GITHUB_TOKEN" },
      selectionDepth: 2,
    },
    "github",
  ),
});

let compiled: CompiledProject;
let milliseconds = 0;

beforeAll(async () => {
  const started = performance.now();
  compiled = await compileProject(github(`${dir}schema.json`));
  milliseconds = performance.now() - started;
}, 120_000);
afterAll(cleanupProjects);

describe("GitHub's GraphQL schema, generated operations at selectionDepth 2", () => {
  it("compiles with no diagnostic but its two renamed long names, one operation per Query and Mutation field", () => {
    const codes = compiled.result.diagnostics.map((d) => `${d.severity} ${d.code}`);
    expect(codes).toEqual(["warning OPERATION_RENAMED", "warning OPERATION_RENAMED"]);
    const schema = buildClientSchema(JSON.parse(readFileSync(`${dir}schema.json`, "utf8")));
    const roots = [schema.getQueryType(), schema.getMutationType()];
    const fields = roots.reduce((n, root) => n + Object.keys(root?.getFields() ?? {}).length, 0);
    const manifest = JSON.parse(compiled.result.files.get("manifest.json") ?? "{}") as Manifest;
    expect(manifest.units[0]?.operations).toHaveLength(fields);
    const bytes = [...compiled.result.files.values()].reduce((n, text) => n + Buffer.byteLength(text), 0);
    console.log(
      `GitHub schema: ${fields} operations compiled in ${Math.round(milliseconds)} ms; ` +
        `${compiled.result.files.size} files, ${(bytes / 1e6).toFixed(1)} MB ` +
        `(manifest ${(Buffer.byteLength(compiled.result.files.get("manifest.json") ?? "") / 1e6).toFixed(1)} MB)`,
    );
  });

  it("emits documents that all validate against the schema", () => {
    const schema = buildClientSchema(JSON.parse(readFileSync(`${dir}schema.json`, "utf8")));
    // Read as the runtime reads it: the file stores the text documents repeat once.
    const manifest = checkManifest(JSON.parse(compiled.result.files.get("manifest.json") ?? "{}"));
    const invalid = (manifest.units[0]?.operations ?? []).flatMap((op) => {
      const errors = validate(schema, parse((op.invoke as GraphqlInvoke).document));
      return errors.map((e) => `${op.name}: ${e.message}`);
    });
    expect(invalid).toEqual([]);
  });

  it("type-checks", () => {
    expect(typecheckBundle(compiled.outDir)).toEqual([]);
  }, 120_000);

  it("has codegen types for every operation, requiring exactly the variables the schemas require", async () => {
    const unit = compiled.result.context.discovered?.units[0] as UnitIR;
    expect(unit.operations.filter((op) => !op.types)).toEqual([]);
    const typed = await writeTypedOperations(unit);
    const program = programOf(typed, ["operations.ts"]);
    expect(errorsOf(program)).toEqual([]);
    const required = new Map(unit.operations.map((op) => [op.name, schemaRequired(op)]));
    expect(requiredInputs(program, typed)).toEqual(required);
  });

  it("reports the invalid SDL at its position, pointing at the JSON beside it", async () => {
    const { text } = await compileProject(github(`${dir}schema.graphql`));
    const first = text.split("\n").slice(0, 2).join("\n");
    expect(first).toMatch(
      /schema\.graphql:\d+:\d+ error GRAPHQL_SCHEMA_INVALID invalid SDL: Field "EnterpriseOwnerInfo\.\w+" can only be defined once\.\n {2}hint: an introspection result lies next to it: set schemaPath to schema\.json instead/,
    );
  });
});
