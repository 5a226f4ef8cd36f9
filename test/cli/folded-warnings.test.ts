/**
 * A spec that repeats one flaw hundreds of times (Stripe's GET operations with bodies) must not bury
 * the rest of the output: in text, the warnings of one code in one file beyond a few print as the first
 * few and a line counting the rest; `--format json` keeps every one, and errors always print whole.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterEach(cleanupProjects);

/** An OpenAPI description whose `count` GET operations each describe a body (OPENAPI_PARTIAL each). */
function specWithGetBodies(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    paths[`/things${i}`] = {
      get: {
        operationId: `getThing${i}`,
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: { "200": { description: "ok" } },
      },
    };
  }
  return JSON.stringify({ openapi: "3.0.3", info: { title: "T", version: "1" }, paths }, null, 2);
}

function project(count: number) {
  return writeProject({
    "spec.json": specWithGetBodies(count),
    ".units/things.md": `---
name: Things
description: Things service.
openapiEndpoint:
  specPath: ../spec.json
  baseUrl: http://127.0.0.1:9
  auth: { type: none }
---
`,
  });
}

const args = (dir: string, ...more: string[]) => [
  "compile",
  "--project",
  dir,
  "--user-config",
  "none",
  ...more,
];
const shown = (text: string) => text.match(/warning OPENAPI_PARTIAL/g)?.length ?? 0;

describe("many warnings of one code in one file", () => {
  it("print as the first three and a line counting the rest, in text", async () => {
    const dir = await project(9);
    const run = await runUnitc(args(dir), dir);
    expect(run.code, run.stderr).toBe(0);
    expect(shown(run.stdout)).toBe(3);
    expect(run.stdout).toMatch(
      /spec\.json: 6 more OPENAPI_PARTIAL warnings like the 3 above \(every one: --format json\)/,
    );
  });

  it("are all kept by --format json", async () => {
    const dir = await project(9);
    const run = await runUnitc(args(dir, "--format", "json"), dir);
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string }> };
    expect(report.diagnostics.filter((d) => d.code === "OPENAPI_PARTIAL")).toHaveLength(9);
  });

  it("print whole when there are only a few", async () => {
    const dir = await project(5);
    const run = await runUnitc(args(dir), dir);
    expect(shown(run.stdout)).toBe(5);
    expect(run.stdout).not.toContain("more OPENAPI_PARTIAL");
  });
});
