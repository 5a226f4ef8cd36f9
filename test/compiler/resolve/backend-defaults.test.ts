import { describe, expect, it } from "vitest";
import { withDefaults } from "../../../compiler/resolve/backend-defaults.js";
import type { BackendFields } from "../../../compiler/resolve/backend-types.js";
import type { BackendKind } from "../../../compiler/shared/backends.js";

const none = { type: "none" } as const;

/** A minimal valid block of each kind, and every field resolve must fill, with the schema's value. */
const cases: Array<[BackendKind, { given: BackendFields[BackendKind]; want: Record<string, number> }]> = [
  [
    "mcp",
    {
      given: { command: "node", args: ["server.mjs"] },
      want: {
        startupTimeoutMs: 10_000,
        callTimeoutMs: 60_000,
        toolCacheTtlMs: 30_000,
        maxResponseBytes: 200_000,
      },
    },
  ],
  ["mcp", { given: { command: "npx", args: ["-y", "pkg"] }, want: { startupTimeoutMs: 60_000 } }],
  [
    "openapi",
    {
      given: { specPath: "a.yaml", auth: none },
      want: { requestTimeoutMs: 60_000, operationCacheTtlMs: 30_000 },
    },
  ],
  [
    "discovery",
    {
      given: { discoveryPath: "d.json", auth: none },
      want: { requestTimeoutMs: 60_000, operationCacheTtlMs: 30_000 },
    },
  ],
  [
    "graphql",
    {
      given: { endpointUrl: "https://example.test/graphql", auth: none },
      want: { requestTimeoutMs: 60_000, operationCacheTtlMs: 30_000, selectionDepth: 2 },
    },
  ],
  [
    "http",
    {
      given: { baseUrl: "https://example.test", actions: {}, auth: none },
      want: { requestTimeoutMs: 60_000, maxResponseBytes: 200_000 },
    },
  ],
  ["cli", { given: { actions: {} }, want: { timeoutMs: 60_000, maxOutputBytes: 200_000 } }],
];

describe("withDefaults", () => {
  it.each(cases)("%s: every defaulted field is set to the schema's default", (kind, { given, want }) => {
    const resolved = withDefaults(kind, given) as Record<string, unknown>;
    for (const [field, value] of Object.entries(want)) expect(resolved[field], field).toBe(value);
    expect(resolved).toMatchObject(given);
  });

  it.each(cases)("%s: a stated value wins over the default", (kind, { given, want }) => {
    const stated = Object.fromEntries(Object.keys(want).map((field) => [field, 7]));
    const resolved = withDefaults(kind, { ...given, ...stated }) as Record<string, unknown>;
    for (const field of Object.keys(want)) expect(resolved[field], field).toBe(7);
  });

  it("leaves a unit set's cache TTL unset: it passes down only when stated", () => {
    expect(withDefaults("unitSet", { unitsRoot: "team" })).toEqual({ unitsRoot: "team" });
  });

  it("fills each CLI action's output format, keeping a stated one and the block as written", () => {
    const declared: BackendFields["cli"] = {
      actions: { plain: { command: "date" }, data: { command: "jq", output: { type: "json" } } },
    };
    const resolved = withDefaults("cli", declared);
    expect(resolved.actions.plain?.output).toEqual({ type: "text" });
    expect(resolved.actions.data?.output).toEqual({ type: "json" });
    expect(declared.actions.plain).toEqual({ command: "date" });
  });

  it("keeps a CLI action named __proto__ as an action", () => {
    // Parsed documents hold such a key as an own property; filling defaults must not turn it into a prototype.
    const declared = JSON.parse(
      '{ "actions": { "__proto__": { "command": "date" } } }',
    ) as BackendFields["cli"];
    const resolved = withDefaults("cli", declared);
    expect(Object.entries(resolved.actions)).toEqual([
      ["__proto__", { command: "date", output: { type: "text" } }],
    ]);
  });
});
