/**
 * For a large spec the built CLI checks operations' input schemas against the runtime's validator in
 * a worker thread while it converts them (compiler/discover/openapi/input-checks.ts), and converts
 * the spec again with the checks in line when one is refused. Either way the compile says and writes
 * what the in-line checks of an in-process compile (from the TypeScript sources) do: the same
 * diagnostics (codes, messages, lines, columns) and the same manifest.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuiltCli } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, openapiSpecsProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

const ok = { "200": { description: "ok" } };

/** Operations of each spec besides the few named ones: just over a megabyte of spec. */
const OPERATIONS = 600;

/** `count` described operations. */
function manyPaths(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const properties: Record<string, unknown> = {};
    for (let j = 0; j < 12; j++)
      properties[`field${j}`] = {
        type: "string",
        description: `Field ${j} of thing ${i}, as the API says it`,
      };
    paths[`/things${i}/{id}`] = {
      post: {
        operationId: `postThing${i}`,
        summary: `Post thing ${i}`,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
        responses: ok,
      },
    };
  }
  return paths;
}

const body = (ref: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});

/** A spec of over a megabyte (the built CLI checks it in a worker); with `refusals`, operations whose own schema or a component is refused among them. */
function spec(title: string, refusals: boolean): string {
  const refused = refusals
    ? {
        "/own": {
          get: {
            operationId: "own",
            parameters: [{ name: "q", in: "query", schema: { type: "string", enum: [] } }],
            responses: ok,
          },
        },
        "/bad": { post: { operationId: "bad", requestBody: body("Bad"), responses: ok } },
      }
    : {};
  const schemas = {
    Good: { type: "object", properties: { name: { type: "string" } } },
    ...(refusals ? { Bad: { type: "object", properties: { state: { type: "string", enum: [] } } } } : {}),
  };
  const paths = {
    "/first": { post: { operationId: "first", requestBody: body("Good"), responses: ok } },
    ...refused,
    ...manyPaths(OPERATIONS),
  };
  const info = { title, version: "1" };
  const servers = [{ url: "https://things.example" }];
  return JSON.stringify({ openapi: "3.0.3", info, servers, paths, components: { schemas } }, null, 1);
}

let project: string;

beforeAll(async () => {
  project = await openapiSpecsProject({ clean: spec("Clean", false), refusing: spec("Refusing", true) });
});

afterAll(cleanupProjects);

interface Reported {
  diagnostics: Array<{ code: string; message: string; file?: string; line?: number; column?: number }>;
}

/** Code, message and position of each diagnostic a `--format json` compile printed. */
function said(stdout: string) {
  const { diagnostics } = JSON.parse(stdout) as Reported;
  return diagnostics.map(({ code, message, file, line, column }) => ({ code, message, file, line, column }));
}

describe("input schema checks in a worker", () => {
  it("report and write what the in-line checks do, for a spec that passes and one that refuses", async () => {
    const args = (out: string) => ["compile", "--project", project, "--out", join(project, out)];
    const flags = ["--user-config", "none", "--format", "json"];
    const built = await runBuiltCli(
      [...args("built"), ...flags],
      {
        PATH: process.env.PATH ?? "",
        ...suiteTrust(),
      },
      project,
    );
    const inline = await runUnitc([...args("inline"), ...flags], project);
    expect(built.code).toBe(0);
    expect(inline.code).toBe(0);
    const diagnostics = said(built.stdout);
    expect(diagnostics).toEqual(said(inline.stdout));
    const skipped = diagnostics.filter((d) => d.code === "OPERATION_SKIPPED").map((d) => d.message);
    expect(skipped).toEqual([
      expect.stringMatching(/^GET \/own \("own"\) is left out: its input schema is not valid JSON Schema/),
      expect.stringMatching(/^POST \/bad \("bad"\) is left out: its input schema is not valid JSON Schema/),
    ]);
    const manifest = (out: string) => readFile(join(project, out, "manifest.json"), "utf8");
    expect(await manifest("built")).toBe(await manifest("inline"));
    const { units } = JSON.parse(await manifest("built")) as {
      units: Array<{ id: string; operations: unknown[] }>;
    };
    expect(units.map((u) => [u.id, u.operations.length])).toEqual([
      ["clean", OPERATIONS + 1],
      ["refusing", OPERATIONS + 1],
    ]);
  }, 600_000);
});
