/**
 * Unit sets: nested collections compile into the same bundle as `<set>__<child>` units, with the
 * set's search limits and cache TTL applied and recorded; a cycle is reported with its whole chain.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileBundle, FIXTURE, stdioEntry } from "../../../runtime/invoke/mcp/support.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});
beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const notes = {
  name: "Notes",
  description: "Notes service.",
  baseUrl: "http://127.0.0.1:9/api",
  auth: { type: "none" },
  actions: { list: { method: "GET", path: "/notes", description: "List notes." } },
};
const cli = (description: string) => ({ name: "Tools", description, actions: { now: { command: "date" } } });
const set = (fields: Record<string, unknown>) => ({ name: "Set", description: "A unit set.", ...fields });

/** team (config) → tools (units root) → ops (a unit file's singular unitSet) → fixture (MCP). */
const NESTED = {
  ".units/config.json": json({
    version: 1,
    unitSets: {
      team: set({
        configPath: "../sets/team/config.json",
        defaultSearchLimit: 5,
        maxSearchLimit: 10,
        toolCacheTtlMs: 1000,
        tags: ["team"],
      }),
    },
  }),
  "sets/team/config.json": json({
    version: 1,
    httpApis: { notes },
    unitSets: { tools: set({ unitsRoot: "../tools" }) },
  }),
  "sets/tools/clock.md": `---\nname: Clock\ndescription: Tells the time.\ncliTools:\n  actions:\n    now:\n      command: date\n---\n`,
  "sets/tools/ops.md": `---\nname: Ops\ndescription: Operations.\nunitSet:\n  configPath: ../deep/config.json\n  maxSearchLimit: 8\n---\n`,
  "sets/deep/config.json": json({
    version: 1,
    cliTools: { date: cli("Dates.") },
    mcpServers: { fixture: stdioEntry([FIXTURE]) },
  }),
};

describe("a three-level nested unit set", () => {
  let compiled: Awaited<ReturnType<typeof compileBundle>>;
  beforeAll(async () => {
    compiled = await compileBundle(NESTED);
  });

  it("compiles every child into the bundle as <set>__<child>", () => {
    expect(compiled.text).toBe("");
    expect(compiled.manifest.units.map((u) => [u.id, u.kind, u.parent])).toEqual([
      ["team__notes", "http", { id: "team", childId: "notes" }],
      ["team__tools__clock", "cli", { id: "team__tools", childId: "clock" }],
      ["team__tools__ops__date", "cli", { id: "team__tools__ops", childId: "date" }],
      ["team__tools__ops__fixture", "mcp", { id: "team__tools__ops", childId: "fixture" }],
    ]);
    expect(compiled.manifest.units.map((u) => u.tags)).toEqual([["team"], ["team"], ["team"], ["team"]]);
  });

  it("applies and records the sets' limits, the nearest set winning", () => {
    const info = compiled.manifest.units.map((unit) => [unit.id, unit.unitSet]);
    expect(info).toEqual([
      ["team__notes", { path: ["team"], defaultSearchLimit: 5, maxSearchLimit: 10, toolCacheTtlMs: 1000 }],
      [
        "team__tools__clock",
        { path: ["team", "tools"], defaultSearchLimit: 5, maxSearchLimit: 10, toolCacheTtlMs: 1000 },
      ],
      [
        "team__tools__ops__date",
        { path: ["team", "tools", "ops"], defaultSearchLimit: 5, maxSearchLimit: 8, toolCacheTtlMs: 1000 },
      ],
      [
        "team__tools__ops__fixture",
        { path: ["team", "tools", "ops"], defaultSearchLimit: 5, maxSearchLimit: 8, toolCacheTtlMs: 1000 },
      ],
    ]);
    const fixture = compiled.result.context.discovered?.units.find(
      (ir) => ir.unit.id === "team__tools__ops__fixture",
    );
    expect(fixture?.unit.kind === "mcp" && fixture.unit.backend.toolCacheTtlMs).toBe(1000);
  });

  it("calls a unit three sets deep through the generated client", async () => {
    const { createUnits } = await import(join(compiled.outDir, "index.ts"));
    const units = createUnits({ env: { PATH: process.env.PATH } });
    try {
      expect(await units.team__tools__ops__fixture.add({ a: 40, b: 2 })).toEqual({ sum: 42 });
    } finally {
      await units.$runtime.close();
    }
  });
});

describe("unit set problems", () => {
  it("reports a cycle with the whole chain; the units on the way still compile", async () => {
    const compiled = await compileBundle({
      ".units/config.json": json({
        version: 1,
        unitSets: { a: set({ configPath: "../sets/a/config.json" }) },
      }),
      "sets/a/config.json": json({ version: 1, unitSets: { b: set({ configPath: "../b/config.json" }) } }),
      "sets/b/config.json": json({
        version: 1,
        httpApis: { notes },
        unitSets: { c: set({ configPath: "../c/config.json" }) },
      }),
      "sets/c/config.json": json({ version: 1, unitSets: { a: set({ configPath: "../a/config.json" }) } }),
    });
    expect(compiled.text).toBe(
      [
        "sets/c/config.json:4:5 error UNIT_SET_CYCLE unit set cycle: a → b → c → a",
        "  hint: a unit set cannot contain itself, directly or through other sets: remove or repoint this entry",
      ].join("\n"),
    );
    expect(compiled.manifest.units.map((u) => u.id)).toEqual(["a__b__notes"]);
  });

  it("stops sets nested more than 16 levels deep", async () => {
    const names = "abcdefghijklmnopq".split("");
    const files: Record<string, string> = {
      ".units/config.json": json({
        version: 1,
        unitSets: { a: set({ configPath: "../sets/a/config.json" }) },
      }),
    };
    names.forEach((name, index) => {
      const next = names[index + 1] ?? "z";
      files[`sets/${name}/config.json`] = json({
        version: 1,
        unitSets: { [next]: set({ configPath: `../${next}/config.json` }) },
      });
    });
    const compiled = await compileBundle(files);
    expect(compiled.text).toContain(
      'error UNIT_SET_TOO_DEEP unit set "a__b__c__d__e__f__g__h__i__j__k__l__m__n__o__p__q"',
    );
  });

  it("reports a set that leads back to the project's own units", async () => {
    const compiled = await compileBundle({
      ".units/config.json": json({
        version: 1,
        httpApis: { notes },
        unitSets: { self: set({ unitsRoot: "." }) },
      }),
    });
    expect(compiled.text).toBe(
      [
        ".units/config.json:21:5 error UNIT_SET_CYCLE unit set cycle: .units → self → .units",
        "  hint: a unit set cannot contain itself, directly or through other sets: remove or repoint this entry",
      ].join("\n"),
    );
    expect(compiled.manifest.units.map((u) => u.id)).toEqual(["notes"]);
  });

  it("allows two sets naming the same collection, and reports a clashing handle", async () => {
    const compiled = await compileBundle({
      ".units/config.json": json({
        version: 1,
        httpApis: { x__notes: notes },
        unitSets: { x: set({ unitsRoot: "../shared" }), y: set({ unitsRoot: "../shared" }) },
      }),
      "shared/config.json": json({ version: 1, httpApis: { notes } }),
    });
    expect(compiled.text).toBe(
      [
        'shared/config.json:4:5 error HANDLE_COLLISION unit ID "x__notes" is already declared at ../.units/config.json:4:5',
        "  hint: a unit set's child is <set>__<child>: rename the set, the child or the other unit",
      ].join("\n"),
    );
    expect(compiled.manifest.units.map((u) => u.id)).toEqual(["x__notes", "y__notes"]);
  });

  it("reports a set whose paths do not exist, and warns about one that names no units", async () => {
    const compiled = await compileBundle({
      ".units/config.json": json({
        version: 1,
        unitSets: {
          empty: set({ unitsRoot: "../empty" }),
          gone: set({ unitsRoot: "../nothing" }),
          missing: set({ configPath: "../none.json" }),
        },
      }),
      "empty/.keep": "",
    });
    expect(compiled.text).toBe(
      [
        '.units/config.json:4:5 warning UNIT_SET_EMPTY unit set "empty" names no units: ../empty holds no config.json and no unit files',
        "  hint: check configPath and unitsRoot",
        '.units/config.json:12:7 error UNIT_SET_NOT_FOUND unit set "gone": unitsRoot ../nothing is not an existing folder',
        "  hint: fix unitsRoot; it is relative to this file",
        '.units/config.json:17:7 error UNIT_SET_NOT_FOUND unit set "missing": configPath ../none.json is not an existing file',
        "  hint: fix configPath; it is relative to this file",
      ].join("\n"),
    );
  });
});
