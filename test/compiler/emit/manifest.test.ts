import { describe, expect, it } from "vitest";
import type { UnitIR } from "../../../compiler/discover/shared/types.js";
import { buildManifest } from "../../../compiler/emit/manifest.js";
import { planUnits } from "../../../compiler/emit/plan.js";
import type { ResolvedSettings } from "../../../compiler/resolve/types.js";
import type { CliInvoke, ManifestUnit } from "../../../runtime/contract/manifest.js";

const OUT = "/work/project/generated";
const limits = { defaultSearchLimit: 20, maxSearchLimit: 50 };
const settings = { ...limits, bundleSearchLimits: limits } as ResolvedSettings;

function cliInvoke(cwd: string): CliInvoke {
  return {
    kind: "cli",
    command: "ls",
    args: [],
    env: {},
    cwd,
    timeoutMs: 1,
    maxOutputBytes: 1,
    output: "text",
  };
}

/** The manifest entry of one unit built from `ir` (the unit's config fields filled in). */
function manifestOf(ir: Partial<UnitIR> & { backend?: Record<string, unknown> }): ManifestUnit {
  const unit = {
    id: "u",
    name: "U",
    description: "d",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    backend: ir.backend ?? {},
    kind: "cli",
    declared: ir.backend ?? {},
    ...((ir.unit ?? {}) as object),
  };
  const full = {
    connection: { kind: "cli" },
    operations: [],
    sourceHash: "sha256:0",
    ...ir,
    unit,
  } as unknown as UnitIR;
  return buildManifest(planUnits([full]), settings, OUT).units[0] as ManifestUnit;
}

describe("buildManifest", () => {
  it.each<[string, { declared: Record<string, unknown>; resolved: string; want: string }]>([
    ["unit-level relative cwd", { declared: { cwd: ".." }, resolved: "/work/project", want: ".." }],
    [
      "action-level relative cwd",
      {
        declared: { actions: { run: { cwd: "tools" } } },
        resolved: "/work/project/.units/tools",
        want: "../.units/tools",
      },
    ],
    [
      "default cwd (the declaring folder)",
      { declared: {}, resolved: "/work/project/.units", want: "../.units" },
    ],
    ["cwd equal to the output folder", { declared: { cwd: "../generated" }, resolved: OUT, want: "." }],
    [
      "absolute cwd stays absolute",
      { declared: { cwd: "/srv/data" }, resolved: "/srv/data", want: "/srv/data" },
    ],
    [
      "absolute action cwd wins over a relative unit cwd",
      { declared: { cwd: "..", actions: { run: { cwd: "/srv" } } }, resolved: "/srv", want: "/srv" },
    ],
  ])("CLI %s", (_name, { declared, resolved, want }) => {
    const unit = manifestOf({
      backend: declared,
      operations: [{ name: "run", description: "r", inputSchema: true, invoke: cliInvoke(resolved) }],
    });
    expect(unit.operations[0]?.invoke).toMatchObject({ kind: "cli", cwd: want });
  });

  it.each<[string, { declared: Record<string, unknown>; cwd: string; want: string }]>([
    [
      "relative",
      { declared: { cwd: "server" }, cwd: "/work/project/.units/server", want: "../.units/server" },
    ],
    ["absolute", { declared: { cwd: "/opt/server" }, cwd: "/opt/server", want: "/opt/server" }],
  ])("MCP stdio cwd, %s", (_name, { declared, cwd, want }) => {
    const connection = {
      kind: "mcp",
      transport: "stdio",
      command: "srv",
      cwd,
      startupTimeoutMs: 1,
      callTimeoutMs: 1,
    };
    const unit = manifestOf({ backend: declared, connection: connection as UnitIR["connection"] });
    expect(unit.connection).toEqual({ ...connection, cwd: want });
  });

  it("writes fields in the order runtime/contract/manifest.ts declares them, extras included", () => {
    const unit = manifestOf({
      unit: {
        useWhen: "w",
        parent: { id: "p", childId: "c" },
        runtime: { features: ["docker"], resources: { class: "large" } },
      } as never,
      manifestExtras: {
        unitSet: { path: ["team"] },
        prompts: [{ name: "p" }],
        resources: [{ uri: "file:///a", name: "a" }],
      },
      operations: [
        {
          name: "run",
          description: "r",
          inputSchema: true,
          annotations: { readOnlyHint: true },
          outputSchema: { type: "string" },
          invoke: cliInvoke("/srv"),
        },
      ],
      backend: { cwd: "/srv" },
    });
    expect(Object.keys(unit)).toEqual([
      "id",
      "kind",
      "name",
      "description",
      "tags",
      "exposure",
      "shadowing",
      "useWhen",
      "parent",
      "resources",
      "prompts",
      "unitSet",
      "runtime",
      "connection",
      "operations",
      "sourceHash",
    ]);
    expect(Object.keys(unit.operations[0] ?? {})).toEqual([
      "name",
      "tsName",
      "description",
      "inputSchema",
      "outputSchema",
      "annotations",
      "invoke",
      "schemaHash",
    ]);
  });

  it("records the declared runtime features and resource class as written, and nothing when none is declared", () => {
    const runtime = { features: ["docker", "browser"], resources: { class: "heavy" } };
    expect(manifestOf({ unit: { runtime } as never }).runtime).toEqual(runtime);
    expect("runtime" in manifestOf({})).toBe(false);
  });

  it("hashes schemas canonically: key order does not matter, content does", () => {
    const hash = (inputSchema: Record<string, unknown>) =>
      manifestOf({
        operations: [{ name: "run", description: "r", inputSchema, invoke: cliInvoke("/srv") }],
        backend: { cwd: "/srv" },
      }).operations[0]?.schemaHash;
    const a = hash({ type: "object", properties: { x: { type: "string" } } });
    expect(a).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(hash({ properties: { x: { type: "string" } }, type: "object" })).toBe(a);
    expect(hash({ type: "object", properties: { x: { type: "number" } } })).not.toBe(a);
  });
});
