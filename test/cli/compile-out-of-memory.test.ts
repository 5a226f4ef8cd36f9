/**
 * A compile that runs out of memory ends with UNIT_OUT_OF_MEMORY naming the unit it was compiling,
 * never V8's fatal error and native stack trace, and the project's other units still compile: the
 * built CLI, as a real child process, with a 64 MiB heap over a generated spec of 3,000 operations.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuiltCli } from "../support/built-cli.js";
import { cleanupProjects, openapiSpecsProject } from "../support/project.js";

/** An OpenAPI document of `count` operations, each answering an object of 20 described fields. */
function largeSpec(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const properties: Record<string, unknown> = {};
    for (let j = 0; j < 20; j++)
      properties[`field${j}`] = { type: "string", description: `Field ${j} of thing ${i}` };
    const schema = { type: "object", properties };
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { 200: { description: "ok", content: { "application/json": { schema } } } },
      },
    };
  }
  const info = { title: "Large", version: "1" };
  return JSON.stringify({ openapi: "3.0.3", info, servers: [{ url: "https://large.example" }], paths });
}

const SMALL = {
  openapi: "3.0.3",
  info: { title: "Small", version: "1" },
  servers: [{ url: "https://small.example" }],
  paths: { "/ping": { get: { operationId: "ping", responses: { 200: { description: "ok" } } } } },
};

let project: string;

beforeAll(async () => {
  project = await openapiSpecsProject({ small: JSON.stringify(SMALL), large: largeSpec(3000) });
});

afterAll(cleanupProjects);

describe("a compile that runs out of memory", () => {
  it("names the unit with UNIT_OUT_OF_MEMORY, prints no stack trace, and compiles the other units", async () => {
    const env = { PATH: process.env.PATH ?? "", NODE_OPTIONS: "--max-old-space-size=64" };
    const args = ["compile", "--project", project, "--user-config", "none", "--partial"];
    const run = await runBuiltCli(args, env);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.stdout).toMatch(/error UNIT_OUT_OF_MEMORY unit "large" ran out of memory/);
    expect(run.stdout).toContain(
      "hint: compile fewer of its operations with includeOperations / excludeOperations",
    );
    expect(output).not.toMatch(/FATAL ERROR|Native stack trace|heap out of memory|\n\s+at /);
    expect(run.stdout).not.toMatch(/unit "small"/);
    // --partial writes the unit that compiled: the large one did not take it down.
    expect(run.stderr).toMatch(/compiled 1 unit \(1 operation\)/);
    expect(existsSync(join(project, "generated/units/small"))).toBe(true);
    expect(existsSync(join(project, "generated/units/large"))).toBe(false);
    expect(run.code).toBe(1);
  }, 600_000);
});
