/**
 * A unit set's `toolCacheTtlMs` reaches each child in the field its kind caches metadata under
 * (`CACHE_TTL_FIELD`, keyed by the backend kind union): a child's own TTL wins, and a kind that caches
 * nothing is left as written. The `@ts-expect-error` lines hold the table closed when this file is
 * type-checked.
 */
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../../compiler/codes/diagnostics.js";
import { CACHE_TTL_FIELD, expandUnitSets } from "../../../../compiler/discover/unit-sets/index.js";
import type { ResolvedProject, ResolvedUnit } from "../../../../compiler/resolve/types.js";
import { validateFiles } from "../../../support/project.js";
import { typeErrorsIn } from "../../../support/type-errors.js";

const { http: _http, ...withoutHttp } = CACHE_TTL_FIELD;
// @ts-expect-error: http is a backend kind, so the table must say it caches nothing
const missing: typeof CACHE_TTL_FIELD = withoutHttp;
// @ts-expect-error: an HTTP API's block has no cache TTL field
const wrongField: typeof CACHE_TTL_FIELD = { ...CACHE_TTL_FIELD, http: "toolCacheTtlMs" };
// @ts-expect-error: an MCP server caches its tools, so its TTL cannot be left out
const dropped: typeof CACHE_TTL_FIELD = { ...CACHE_TTL_FIELD, mcp: null };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const about = { name: "Child", description: "A child." };
const SPEC = json({
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: { "/x": { get: { operationId: "getX", responses: { "200": { description: "ok" } } } } },
});

/** The set's children once expanded: team__<id> → its kind, and its stated and resolved TTL fields. */
async function expandedChildren(): Promise<Map<string, ResolvedUnit>> {
  const { context, text } = await validateFiles({
    ".units/config.json": json({
      version: 1,
      unitSets: { team: { ...about, configPath: "../team/config.json", toolCacheTtlMs: 1000 } },
    }),
    "team/config.json": json({
      version: 1,
      mcpServers: {
        plain: { ...about, command: process.execPath, args: ["-e", ""] },
        own: { ...about, command: process.execPath, args: ["-e", ""], toolCacheTtlMs: 5 },
      },
      openapiEndpoints: {
        api: { ...about, specPath: "api.json", baseUrl: "https://api.example.test", auth: { type: "none" } },
      },
      httpApis: {
        notes: {
          ...about,
          baseUrl: "https://api.example.test",
          auth: { type: "none" },
          actions: { list: { method: "GET", path: "/notes", description: "List." } },
        },
      },
      cliTools: { clock: { ...about, actions: { now: { command: "date" } } } },
    }),
    "team/api.json": SPEC,
  });
  expect(text).toBe("");
  const diagnostics: Diagnostic[] = [];
  const units = await expandUnitSets((context.resolved as ResolvedProject).units, diagnostics);
  expect(diagnostics).toEqual([]);
  return new Map(units.map((unit) => [unit.id, unit]));
}

/** A unit's field, as written and as resolved. */
function ttlOf(unit: ResolvedUnit | undefined, field: string): [unknown, unknown] {
  if (!unit) throw new Error("no such unit");
  return [
    (unit.declared as Record<string, unknown>)[field],
    (unit.backend as Record<string, unknown>)[field],
  ];
}

describe("a unit set's cache TTL", () => {
  it("is typed closed: a kind missing, a wrong field or a dropped cache does not compile", () => {
    expect(typeErrorsIn(import.meta.filename)).toEqual([]);
    expect([Object.hasOwn(missing, "http"), wrongField.http, dropped.mcp]).toEqual([
      false,
      "toolCacheTtlMs",
      null,
    ]);
  });

  it("goes to each child in its kind's field, a child's own winning, and not to kinds that cache nothing", async () => {
    const units = await expandedChildren();
    expect([...units.keys()].sort()).toEqual([
      "team__api",
      "team__clock",
      "team__notes",
      "team__own",
      "team__plain",
    ]);
    expect(ttlOf(units.get("team__plain"), "toolCacheTtlMs")).toEqual([1000, 1000]);
    expect(ttlOf(units.get("team__own"), "toolCacheTtlMs")).toEqual([5, 5]);
    expect(ttlOf(units.get("team__api"), "operationCacheTtlMs")).toEqual([1000, 1000]);
    for (const id of ["team__notes", "team__clock"]) {
      const unit = units.get(id);
      const fields = Object.keys({ ...unit?.declared, ...unit?.backend }).filter((f) =>
        f.endsWith("CacheTtlMs"),
      );
      expect([id, fields]).toEqual([id, []]);
    }
  });
});
