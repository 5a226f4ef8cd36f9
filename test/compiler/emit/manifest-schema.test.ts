/**
 * schemas/manifest.schema.json describes every manifest the compiler writes (the committed example,
 * every golden) and rejects what runtime/contract/manifest.ts does not allow. A secret resolved from the
 * environment never reaches any emitted file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { compileProject, readTree, writeBundle } from "./support.js";

afterAll(cleanupProjects);

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const schema = JSON.parse(readFileSync(join(ROOT, "schemas/manifest.schema.json"), "utf8"));
const ajv = new Ajv2020.default({ allErrors: true, strict: true, strictTypes: false });
const validate = ajv.compile(schema);

function problems(manifest: unknown): string[] {
  return validate(manifest) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const goldens = readdirSync(join(ROOT, "test/fixtures/emit"))
  .map((name) => `test/fixtures/emit/${name}/expected/manifest.json`)
  .filter((path) => existsSync(join(ROOT, path)));
const manifests = ["generated/basic/manifest.json", ...goldens];
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

describe("manifest.schema.json", () => {
  it("is a 2020-12 schema with the published $id and a description on every field", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe("https://unitc.dev/schemas/v1/manifest.schema.json");
    const undescribed: string[] = [];
    // Conditions (`if`) and constraint-only blocks (marked with `$comment`) declare no fields.
    const walk = (node: unknown, path: string): void => {
      if (typeof node !== "object" || node === null || path.endsWith("/if")) return;
      const record = node as Record<string, unknown>;
      if (typeof record.$comment === "string") return;
      for (const [name, property] of Object.entries((record.properties ?? {}) as Record<string, unknown>)) {
        if (typeof (property as { description?: unknown }).description !== "string")
          undescribed.push(`${path}/properties/${name}`);
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(schema, "#");
    for (const [name, def] of Object.entries(schema.$defs as Record<string, { description?: unknown }>))
      if (typeof def.description !== "string") undescribed.push(`#/$defs/${name}`);
    expect(undescribed).toEqual([]);
  });

  it("covers the committed example and every golden", () => {
    expect(manifests.length).toBeGreaterThanOrEqual(5);
  });

  it.each(manifests)("accepts %s", (path) => {
    expect(problems(read(path))).toEqual([]);
  });

  const http = () => read("test/fixtures/emit/http-actions/expected/manifest.json");
  const cli = () => read("test/fixtures/emit/cli-actions/expected/manifest.json");
  const op = "/units/0/operations/0";
  const cliInvoke = cli().units[0].operations[0].invoke;
  // [name, { pointer, value (undefined removes the member), from }]
  it.each<[string, { pointer: string; value?: unknown; from?: () => unknown }]>([
    ["unknown top-level field", { pointer: "/extra", value: 1 }],
    ["wrong format", { pointer: "/format", value: 6 }],
    ["unknown unit kind", { pointer: "/units/0/kind", value: "soap" }],
    ["unit without sourceHash", { pointer: "/units/0/sourceHash" }],
    ["malformed schemaHash", { pointer: `${op}/schemaHash`, value: "md5:1" }],
    ["tsName that is not an identifier", { pointer: `${op}/tsName`, value: "a-b" }],
    ["unknown HTTP method", { pointer: `${op}/invoke/method`, value: "FETCH" }],
    ["HTTP path without /", { pointer: `${op}/invoke/path`, value: "x" }],
    ["extra field on an HTTP invoke", { pointer: `${op}/invoke/url`, value: "x" }],
    ["CLI invoke in an HTTP unit", { pointer: `${op}/invoke`, value: cliInvoke }],
    ["connection kind differs from unit kind", { pointer: "/units/0/connection", value: { kind: "cli" } }],
    ["bearer auth without token", { pointer: "/units/0/connection/auth/token" }],
    [
      "headers auth with a non-string value",
      { pointer: "/units/0/connection/auth", value: { type: "headers", headers: { a: 1 } } },
    ],
    ["unknown annotation", { pointer: `${op}/annotations/dangerous`, value: true }],
    ["CLI invoke without cwd", { from: cli, pointer: `${op}/invoke/cwd` }],
    ["CLI output type", { from: cli, pointer: `${op}/invoke/output`, value: "xml" }],
    ["CLI connection with fields", { from: cli, pointer: "/units/0/connection/cwd", value: "." }],
    ["prompt with an unknown field", { pointer: "/units/0/prompts", value: [{ name: "p", template: "x" }] }],
    ["resource without uri", { pointer: "/units/0/resources", value: [{ name: "r" }] }],
    ["unit-set info without path", { pointer: "/units/0/unitSet", value: { maxSearchLimit: 5 } }],
  ])("rejects %s", (_name, { pointer, value, from = http }) => {
    const manifest = from();
    expect(problems(manifest)).toEqual([]);
    const path = pointer.slice(1).split("/");
    const key = path.pop() as string;
    type Node = Record<string, unknown>;
    const parent = path.reduce((node, step) => node[step] as Node, manifest as Node);
    if (value === undefined) delete parent[key];
    else parent[key] = value;
    expect(problems(manifest)).not.toEqual([]);
  });

  it("accepts what MCP and unit-set discovery add to a unit", () => {
    const manifest = http();
    Object.assign(manifest.units[0], {
      resources: [{ uri: "file:///notes/a.md", name: "a", mimeType: "text/markdown" }],
      resourceTemplates: [{ uriTemplate: "file:///notes/{name}", name: "note" }],
      prompts: [{ name: "summarise", arguments: [{ name: "topic", required: true }] }],
      unitSet: { path: ["team"], maxSearchLimit: 10, toolCacheTtlMs: 0 },
    });
    expect(problems(manifest)).toEqual([]);
  });

  it("accepts a unit's catalog icon and rejects other catalog fields", () => {
    const manifest = http();
    manifest.units[0].catalog = { icon: "https://icons.example.com/notes.svg" };
    expect(problems(manifest)).toEqual([]);
    manifest.units[0].catalog = { icon: "../.units/notes/icon.svg", banner: "x" };
    expect(problems(manifest)).toEqual(["/units/0/catalog must NOT have additional properties"]);
  });

  it("keeps other backends' connection and invoke open", () => {
    const manifest = http();
    manifest.units[0].kind = "graphql";
    manifest.units[0].connection = {
      kind: "graphql",
      endpointUrl: "https://x.example/graphql",
      anything: [1],
    };
    manifest.units[0].operations[0].invoke = {
      kind: "graphql",
      document: "query { a }",
      operationType: "query",
    };
    expect(problems(manifest)).toEqual([]);
  });
});

describe("secrets never reach an emitted file", () => {
  it("a secret resolved from the environment reaches no emitted file", async () => {
    const canary = `canary-${process.pid}-${Date.now().toString(36)}-7d1e`;
    const saved = { token: process.env.CANARY_TOKEN, key: process.env.CANARY_KEY };
    process.env.CANARY_TOKEN = canary;
    process.env.CANARY_KEY = `${canary}-key`;
    try {
      const dir = await writeProject({
        ".units/config.json": JSON.stringify({
          version: 1,
          httpApis: {
            vault: {
              name: "Vault",
              description: "A service behind a bearer token.",
              baseUrl: "https://vault.example.com",
              auth: { type: "bearer", token: "env:CANARY_TOKEN" },
              actions: { read: { method: "GET", path: "/secrets/{name}" } },
            },
            keyed: {
              name: "Keyed",
              description: "A service behind an API key header.",
              baseUrl: "https://keyed.example.com",
              auth: {
                type: "headers",
                headers: { "X-Api-Key": "${CANARY_KEY}", "X-Token": "$env:CANARY_TOKEN" },
              },
              actions: { ping: { method: "GET", path: "/ping" } },
            },
          },
          cliTools: {
            deploy: {
              name: "Deploy",
              description: "A command that needs the token in its environment.",
              env: { DEPLOY_TOKEN: "env:CANARY_TOKEN" },
              actions: { run: { command: "deploy", args: ["--token-from-env"] } },
            },
          },
        }),
      });
      const { files, outDir, text, failed } = await compileProject(dir);
      expect(failed, text).toBe(false);
      expect(files.size).toBeGreaterThan(0);
      writeBundle(outDir, files);
      for (const [path, content] of readTree(outDir)) expect(content, path).not.toContain(canary);
      expect(text).not.toContain(canary);
      const manifest = JSON.parse(files.get("manifest.json") as string);
      expect(problems(manifest)).toEqual([]);
      // The references themselves are kept, for the runtime to resolve.
      expect(JSON.stringify(manifest)).toContain('"token":"env:CANARY_TOKEN"');
      expect(JSON.stringify(manifest)).toContain('"X-Api-Key":"${CANARY_KEY}"');
      expect(JSON.stringify(manifest)).toContain('"DEPLOY_TOKEN":"env:CANARY_TOKEN"');
    } finally {
      for (const [name, value] of [
        ["CANARY_TOKEN", saved.token],
        ["CANARY_KEY", saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
