/**
 * Types of OpenAPI operations through openapi-typescript: each operation's input and output types are
 * expressions over the spec's types (`spec-types.ts`), with the same groups, parameters,
 * requiredness, media type and response statuses as its input and output schemas; a client typed by
 * them rejects a wrong argument and a missing required parameter under tsc.
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateOpenapiTypes } from "../../../../compiler/discover/openapi/types-module.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { type CompiledBundle, cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

type Data = Record<string, unknown>;

/** Type-checking a bundle takes a while when other test files run beside this one. */
const TYPECHECK_TIMEOUT = 120_000;

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

/** Compiles an OpenAPI 3.0 spec with `paths` into a unit "api" whose auth sets `X-Api-Key`. */
async function compileSpec(paths: Data, components: Data = {}): Promise<CompiledBundle> {
  const spec = { openapi: "3.0.3", info: { title: "T", version: "1" }, paths, components };
  const dir = await writeProject({
    ".units/spec.json": JSON.stringify(spec, null, 2),
    ".units/config.json": configText({
      openapiEndpoints: {
        api: {
          name: "API",
          description: "x",
          specPath: "spec.json",
          baseUrl: "https://api.example.test",
          auth: { type: "headers", headers: { "X-Api-Key": "env:API_KEY" } },
        },
      },
    }),
  });
  return compileTo(dir, await makeOutDir());
}

/** The right-hand side of `export type <name> = …;` in the unit's `types.ts`. */
function declared(bundle: CompiledBundle, name: string): string | undefined {
  const types = bundle.result.files.get("units/api/types.ts") ?? "";
  return new RegExp(`^export type ${name} = ([^]*?);\\n(?:\\n|/\\*\\*|$)`, "m").exec(types)?.[1];
}

/** The smallest document with one typed operation. */
const TINY = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
};

/** The operation as openapi-typescript keys it in `operations` (its `paths` entry names it so). */
const OP = '$types.operations["op"]';
const string = { type: "string" };
const ok = (content?: Data) => ({ description: "ok", ...(content ? { content } : {}) });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const cases: Array<[string, { operation: Data; input?: string; output?: string }]> = [
  [
    "groups as in the input schema: required path, optional query, sent parameters only",
    {
      operation: {
        parameters: [
          { name: "id", in: "path", required: true, schema: string },
          { name: "q", in: "query", schema: string },
          { name: "X-Api-Key", in: "header", schema: string },
          { name: "Accept", in: "header", schema: string },
          { name: "X-Trace", in: "header", required: true, schema: string },
        ],
        responses: { "200": ok({ "application/json": { schema: string } }) },
      },
      input: `{
  path: NonNullable<${OP}["parameters"]["path"]>;
  query?: NonNullable<${OP}["parameters"]["query"]>;
  header: Pick<NonNullable<${OP}["parameters"]["header"]>, "X-Trace">;
}`,
      output: `${OP}["responses"]["200"]["content"]["application/json"]`,
    },
  ],
  [
    "a JSON body under its media type, optional when the spec says so",
    {
      operation: {
        parameters: [{ name: "id", in: "path", required: true, schema: string }],
        requestBody: { content: { "application/merge-patch+json": { schema: { type: "object" } } } },
        responses: { "204": ok() },
      },
      input: `{
  path: NonNullable<${OP}["parameters"]["path"]>;
  body?: NonNullable<${OP}["requestBody"]>["content"]["application/merge-patch+json"];
}`,
      output: "null",
    },
  ],
  [
    "a body unitc sends as text, and a form without a schema",
    {
      operation: {
        parameters: [{ name: "id", in: "path", required: true, schema: string }],
        requestBody: { required: true, content: { "application/xml": { schema: { type: "object" } } } },
        responses: { "200": ok({ "text/csv": {} }), "201": ok({ "application/json": {} }) },
      },
      input: `{\n  path: NonNullable<${OP}["parameters"]["path"]>;\n  body: string;\n}`,
      output: "unknown",
    },
  ],
  [
    "several 2xx responses as a union, `default` left out",
    {
      operation: {
        parameters: [{ name: "id", in: "path", required: true, schema: string }],
        requestBody: { required: true, content: { "application/x-www-form-urlencoded": {} } },
        responses: {
          "200": ok({ "application/json": { schema: string } }),
          "2XX": ok({ "text/plain": { schema: string } }),
          default: ok({ "application/json": { schema: { type: "object" } } }),
        },
      },
      input: `{
  path: NonNullable<${OP}["parameters"]["path"]>;
  body: { [key: string]: unknown };
}`,
      output: `${OP}["responses"]["200"]["content"]["application/json"] | string`,
    },
  ],
];

describe("operation types over openapi-typescript's types", () => {
  it.each(cases)("%s", async (_name, { operation, input, output }) => {
    const bundle = await compileSpec({ "/things/{id}": { post: { operationId: "op", ...operation } } });
    expect(bundle.text).toBe("");
    expect(declared(bundle, "OpInput")).toBe(input);
    expect(declared(bundle, "OpOutput")).toBe(output);
  });

  it("writes spec-types.ts, imported by types.ts and by the Code Mode declaration", async () => {
    const bundle = await compileSpec({
      "/things/{id}": { post: { operationId: "op", ...cases[0]?.[1].operation } },
    });
    const { files } = bundle.result;
    expect(files.get("units/api/spec-types.ts")).toMatch(
      /^\/\/ Generated by unitc\..*\n\/\/ Unit "api": types written by openapi-typescript \d+\.\d+\.\d+\.\n\nexport interface paths \{\n/,
    );
    expect(files.get("units/api/types.ts")).toContain('import type * as $types from "./spec-types.ts";\n');
    const declaration = files.get(".code-mode/units/api.d.ts");
    expect(declaration).toMatch(
      /^\/\/ Types written by openapi-typescript [\d.]+\.\nimport \* as \$unit from "\.\.\/\.\.\/units\/api\/types\.js";\n\ndeclare global \{\nnamespace Units \{\n {2}export import api = \$unit;\n/m,
    );
    // Referred to, not copied.
    expect(declaration).not.toContain("export interface paths");
  });

  it("indents spec-types.ts by tabs, not openapi-typescript's four spaces (a large API's module is a third smaller)", async () => {
    const parameter = { name: "id", in: "path", required: true, schema: string };
    const bundle = await compileSpec({
      "/things/{id}": {
        post: {
          operationId: "op",
          parameters: [{ ...parameter, description: "First line.\nSecond line." }],
          responses: { "204": ok() },
        },
      },
    });
    const specTypes = bundle.result.files.get("units/api/spec-types.ts") ?? "";
    expect(specTypes).toContain('\n\t"/things/{id}": {\n\t\tpost: operations["op"];\n');
    expect(specTypes).not.toMatch(/^ {4}/m);
    // A comment line keeps the one space before its star.
    expect(specTypes).toMatch(/^\t+ \* /m);
    expect(bundle.text).toBe("");
  });

  it("leaves the operations' comments out of `paths`: the client's method comments say it all, @deprecated too", async () => {
    const operation = {
      summary: "Close a thing",
      description: "Closes the thing for good.",
      deprecated: true,
      parameters: [
        { name: "id", in: "path", required: true, schema: string, description: "The thing's ID." },
      ],
      responses: { "204": ok() },
    };
    const bundle = await compileSpec({ "/things/{id}": { post: { operationId: "op", ...operation } } });
    expect(bundle.text).toBe("");
    const { files } = bundle.result;
    const specTypes = files.get("units/api/spec-types.ts") ?? "";
    expect(specTypes).not.toContain("Close a thing");
    expect(specTypes).not.toContain("Closes the thing");
    expect(specTypes).not.toContain("@deprecated");
    // Other comments stay: a parameter's description is said nowhere else.
    expect(specTypes).toContain("/** The thing's ID. */");
    // The opening paragraph once, in types.ts: the client in index.ts and the Code Mode declaration
    // refer to it; the rest of the description is the manifest's alone (units.describe puts it back).
    const comment = "Deprecated. Close a thing\n   *\n   * @deprecated\n   */\n  op(";
    expect(files.get("units/api/types.ts")).toContain(`/**\n   * ${comment}`);
    expect(files.get("units/api/types.ts")).not.toContain("Closes the thing");
    expect(files.get("manifest.json")).toContain("Closes the thing for good.");
    expect(files.get("units/api/index.ts")).not.toContain("Close a thing");
    expect(files.get(".code-mode/units/api.d.ts")).not.toContain("Close a thing");
  });

  it("leaves out of `paths` the methods and parameter places a path does not have (`?: never`)", async () => {
    const parameter = { name: "id", in: "path", required: true, schema: string };
    const bundle = await compileSpec({
      "/things/{id}": {
        parameters: [parameter],
        get: { operationId: "get", responses: { "200": ok({ "application/json": { schema: string } }) } },
        delete: { operationId: "remove", responses: { "204": ok() } },
      },
      "/other": { post: { operationId: "make", responses: { "204": ok() } } },
    });
    expect(bundle.text).toBe("");
    const specTypes = bundle.result.files.get("units/api/spec-types.ts") ?? "";
    const paths = specTypes.slice(specTypes.indexOf("export interface paths"), specTypes.indexOf("\n}\n"));
    expect(paths).toBe(
      [
        "export interface paths {",
        '\t"/things/{id}": {',
        "\t\tparameters: {",
        "\t\t\tpath: {",
        "\t\t\t\tid: string;",
        "\t\t\t};",
        "\t\t};",
        '\t\tget: operations["get"];',
        '\t\tdelete: operations["remove"];',
        "\t};",
        '\t"/other": {',
        '\t\tpost: operations["make"];',
        "\t};",
      ].join("\n"),
    );
    // The operations leave theirs out too (types-absent.test.ts); the input types index what is there.
    expect(specTypes).not.toContain("?: never");
    expect(declared(bundle, "GetInput")).toContain(
      'NonNullable<$types.operations["get"]["parameters"]["path"]>',
    );
  });

  it(
    "indexes an operation without an operationId through `paths`, where openapi-typescript writes it",
    async () => {
      const bundle = await compileSpec({
        "/things/{id}": { post: { operationId: "op", ...cases[0]?.[1].operation } },
        "/things": { get: { responses: { "200": ok({ "application/json": { schema: string } }) } } },
      });
      expect(bundle.text).toBe("");
      expect(declared(bundle, "GetThingsOutput")).toBe(
        '$types.paths["/things"]["get"]["responses"]["200"]["content"]["application/json"]',
      );
      expect(declared(bundle, "OpOutput")).toBe(`${OP}["responses"]["200"]["content"]["application/json"]`);
      expect(typecheckBundle(bundle.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );

  it("imports types.ts into the client as one namespace, not a list naming every type", async () => {
    const bundle = await compileSpec({
      "/things/{id}": { post: { operationId: "op", ...cases[0]?.[1].operation } },
    });
    const client = bundle.result.files.get("units/api/index.ts") ?? "";
    expect(client).toContain('\nimport type * as T from "./types.ts";\n');
    expect(client).toMatch(/\nexport interface \w+Client extends T\.Client \{\}\n/);
  });

  it(
    "binds the client from one table of method and operation names, not a function per operation",
    async () => {
      const bundle = await compileSpec({
        "/things/{id}": { post: { operationId: "op", ...cases[0]?.[1].operation } },
        "/things": {
          get: {
            operationId: "things/get",
            responses: { "200": ok({ "application/json": { schema: string } }) },
          },
        },
      });
      expect(bundle.text).toBe("");
      const client = bundle.result.files.get("units/api/index.ts") ?? "";
      expect(client).toContain('\n  op: "op",\n  things_get: "things/get",\n');
      expect(client.match(/runtime\.call\(/g)).toHaveLength(1);
      expect(client).not.toContain("Promise<T.");
      expect(typecheckBundle(bundle.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );
});

describe("names openapi-typescript writes from $refs", () => {
  const HOSTILE = "#/x;} export const pwned = 1; type y = {";

  it("are always components: a $ref unitc cannot follow is typed unknown", async () => {
    const bundle = await compileSpec(
      {
        "/a": {
          get: { operationId: "a", responses: { "200": ok({ "application/json": { schema: ref("B") } }) } },
        },
      },
      {
        schemas: {
          A: { $ref: HOSTILE },
          B: { type: "object", properties: { a: { $ref: HOSTILE }, b: ref("A") } },
        },
      },
    );
    const specTypes = bundle.result.files.get("units/api/spec-types.ts") ?? "";
    expect(specTypes).toContain("a?: unknown;");
    expect(specTypes).toContain("b?: unknown;");
    expect(specTypes).not.toContain("pwned");
  });

  it("are checked after openapi-typescript: a spec string where a name belongs is refused", async () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {},
      components: { schemas: { A: { $ref: HOSTILE } } },
    };
    await expect(generateOpenapiTypes(document)).rejects.toThrow(
      'openapi-typescript would write "x;} export const pwned = 1; type y = {" as a name',
    );
  });

  it("fall back to the operations' JSON Schemas when openapi-typescript fails on the spec", async () => {
    // `properties` as a list: the output (the 200 response) does not use A, and openapi-typescript,
    // which types every response, throws on it.
    const responses = {
      "200": ok({ "application/json": { schema: string } }),
      "500": ok({ "application/json": { schema: ref("A") } }),
    };
    const bundle = await compileSpec(
      { "/a": { get: { operationId: "a", responses } } },
      { schemas: { A: { type: "object", properties: [1, 2] } } },
    );
    expect(bundle.text).toBe(
      [
        ".units/config.json:7:7 warning OPENAPI_TYPES_FALLBACK openapi-typescript could not type spec.json (#/components/schemas/A: invalid property 0. Expected Schema Object or boolean, got number); the types are printed from the operations' JSON Schemas instead",
        "  hint: fix the part of the spec the message names; the generated client works as usual meanwhile",
      ].join("\n"),
    );
    expect(bundle.result.files.has("units/api/spec-types.ts")).toBe(false);
    expect(declared(bundle, "AOutput")).toBe("string");
  });

  // The built file, as the CLI runs it (`npm run build` comes before the tests).
  it("are the same in a worker thread, and so is a failure", async () => {
    const built = join(import.meta.dirname, "../../../../dist/compiler/discover/openapi/types-module.js");
    const { openapiTypes, startTypesWorker } = (await import(pathToFileURL(built).href)) as {
      openapiTypes: (document: Data, worker: boolean) => Promise<unknown>;
      startTypesWorker: () => { run: (document: Data) => Promise<unknown>; stop: () => void } | undefined;
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: { "/a": { get: { responses: { "200": ok({ "application/json": { schema: string } }) } } } },
    };
    expect(await openapiTypes(document, true)).toEqual(await generateOpenapiTypes(document));
    // Started before its document is ready, as the compile starts it for a large spec.
    const early = startTypesWorker();
    expect(await early?.run(document)).toEqual(await generateOpenapiTypes(document));
    const hostile = { ...document, components: { schemas: { A: { $ref: HOSTILE } } } };
    await expect(openapiTypes(hostile, true)).rejects.toThrow("as a name");
  });

  it("do not hold a process open from a worker started and never given a document", async () => {
    const built = join(import.meta.dirname, "../../../../dist/compiler/discover/openapi/types-module.js");
    // One worker left waiting, and one given a document, so a worker that could not start at all
    // does not pass for one that lets the process end.
    const script = [
      `const { startTypesWorker } = await import(${JSON.stringify(pathToFileURL(built).href)});`,
      "startTypesWorker();",
      `const types = await startTypesWorker().run(${JSON.stringify(TINY)});`,
      'console.log(types.text.includes("export interface paths") ? "typed" : "untyped");',
    ].join("\n");
    const file = join(await makeOutDir(), "../waiting-worker.mjs");
    await writeFile(file, script);
    // The bound is on a hang only: a process the waiting worker held open would never exit.
    const out = execFileSync(process.execPath, [file], { timeout: 60_000 });
    expect(String(out)).toBe("typed\n");
  });
});

describe("a client typed by openapi-typescript", () => {
  let bundle: CompiledBundle;
  beforeAll(async () => {
    bundle = await compileSpec(
      {
        "/pets/{petId}": {
          get: {
            operationId: "getPet",
            parameters: [
              { name: "petId", in: "path", required: true, schema: { type: "integer" } },
              { name: "fields", in: "query", schema: { type: "array", items: string } },
            ],
            responses: {
              "200": ok({ "application/json": { schema: { $ref: "#/components/schemas/Pet" } } }),
            },
          },
        },
      },
      {
        schemas: {
          Pet: {
            type: "object",
            required: ["id", "name"],
            properties: {
              id: { type: "integer" },
              name: string,
              tag: { type: "string", enum: ["cat", "dog"] },
            },
          },
        },
      },
    );
    await writeFile(
      join(bundle.outDir, "consumer.ts"),
      `import { createUnits } from "./index.js";
const api = createUnits().api;

export async function typed(): Promise<string> {
  const pet = await api.getPet({ path: { petId: 1 }, query: { fields: ["name"] } });
  const tag: "cat" | "dog" | undefined = pet.tag;
  return \`\${pet.name} \${tag ?? ""}\`;
}

export function wrong(): void {
  // @ts-expect-error petId is a number, not a string
  void api.getPet({ path: { petId: "1" } });
  // @ts-expect-error petId is required
  void api.getPet({ path: {} });
  // @ts-expect-error the path group is required
  void api.getPet({ query: { fields: [] } });
  // @ts-expect-error the API key is the unit's auth, not an input
  void api.getPet({ path: { petId: 1 }, header: { "X-Api-Key": "k" } });
}
`,
    );
  });

  it(
    "type-checks typed calls, and each wrong call is an error",
    () => {
      expect(bundle.text).toBe("");
      expect(bundle.result.files.get("units/api/types.ts")).toContain(
        'export type GetPetOutput = $types.operations["getPet"]["responses"]["200"]["content"]["application/json"];',
      );
      expect(typecheckBundle(bundle.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );
});
