/** discoverCliActions, seen through compile(): derived input schemas, defaults and their overrides. */
import { afterAll, describe, expect, it } from "vitest";
import type { CliInvoke } from "../../../../runtime/contract/manifest.js";
import { cleanupProjects, discover, unitFile } from "../support.js";

afterAll(cleanupProjects);

describe("derived input schemas", () => {
  it.each<[string, { args?: string[]; want: unknown }]>([
    ["no args: no input", { want: { type: "object", properties: {}, additionalProperties: false } }],
    [
      "literal args: no input",
      { args: ["-l", "--", "."], want: { type: "object", properties: {}, additionalProperties: false } },
    ],
    [
      "whole-element templates are optional; embedded ones are required scalars",
      {
        args: ["$input.folder", "--name=$input.name", "$input.paths"],
        want: {
          type: "object",
          properties: { name: { type: ["string", "number", "boolean"] }, folder: {}, paths: {} },
          additionalProperties: false,
          required: ["name"],
        },
      },
    ],
    [
      "a dotted path names its first segment",
      {
        args: ["$input.options.depth"],
        want: { type: "object", properties: { options: {} }, additionalProperties: false },
      },
    ],
    [
      "the whole input keeps the schema open",
      { args: ["--json", "$input"], want: { type: "object", properties: {}, additionalProperties: true } },
    ],
  ])("%s", async (_name, { args, want }) => {
    const action = { command: "tool", ...(args ? { args } : {}) };
    const { operation, text } = await discover({
      ".units/config.json": JSON.stringify({
        version: 1,
        cliTools: { tools: { name: "Tools", description: "d", actions: { run: action } } },
      }),
    });
    expect(text).toBe("");
    expect(operation("tools", "run").inputSchema).toEqual(want);
  });

  it("an undeclared template input is an error with a closed schema", async () => {
    const { text } = await discover(
      unitFile(
        "tools",
        `
name: Tools
description: d
cliTools:
  actions:
    run:
      command: tool
      args: [$input.folder]
      inputSchema: { type: object, properties: {}, additionalProperties: false }
`,
      ),
    );
    expect(text).toBe(
      ".units/tools.md:8:14 error UNDECLARED_INPUT a template reads $input.folder, which the inputSchema does not declare\n" +
        '  hint: add "folder" to inputSchema.properties',
    );
  });
});

const DEFAULTS_UNIT = unitFile(
  "tools",
  `
name: Tools
description: Defaults and overrides.
cliTools:
  cwd: ../work
  env: { SHARED: unit, LEVEL: unit }
  timeoutMs: 5000
  maxOutputBytes: 1000
  actions:
    inherits:
      command: ls
    overrides:
      description: Everything set on the action.
      command: /bin/ls
      args: ["-1"]
      cwd: /srv/data
      env: { LEVEL: action, OWN: "1" }
      timeoutMs: 100
      maxOutputBytes: 10
      output: { type: json }
`,
);

describe("invoke defaults and overrides", () => {
  it("applies the unitc defaults when neither unit nor action sets a value", async () => {
    const { operation, text } = await discover({
      ".units/config.json": JSON.stringify({
        version: 1,
        cliTools: { plain: { name: "Plain", description: "d", actions: { run: { command: "date" } } } },
      }),
    });
    expect(text).toBe("");
    const run = operation("plain", "run");
    expect(run.description).toBe("Runs date");
    // cwd "." is the folder of the declaring file, written relative to the output folder.
    expect(run.invoke).toEqual({
      kind: "cli",
      command: "date",
      args: [],
      env: {},
      cwd: "../.units",
      timeoutMs: 60000,
      maxOutputBytes: 200000,
      output: "text",
    } satisfies CliInvoke);
  });

  it.each<[string, { action: string; want: Partial<CliInvoke> }]>([
    [
      "unit-level cwd, env, timeout and output cap are the action's defaults",
      {
        action: "inherits",
        want: {
          cwd: "../work",
          env: { SHARED: "unit", LEVEL: "unit" },
          timeoutMs: 5000,
          maxOutputBytes: 1000,
          output: "text",
        },
      },
    ],
    [
      "action-level values win; env is merged key by key; an absolute cwd stays absolute",
      {
        action: "overrides",
        want: {
          cwd: "/srv/data",
          env: { SHARED: "unit", LEVEL: "action", OWN: "1" },
          timeoutMs: 100,
          maxOutputBytes: 10,
          output: "json",
        },
      },
    ],
  ])("%s", async (_name, { action, want }) => {
    const { operation, text } = await discover(DEFAULTS_UNIT);
    expect(text).toBe("");
    expect(operation("tools", action).invoke).toMatchObject(want);
  });
});
