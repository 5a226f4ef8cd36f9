/**
 * Strings from unit files and schemas reach generated TS only through the literal encoder. A
 * project full of quotes, template holes, comment ends, line separators and code must compile to
 * bundles that type-check, import without side effects and keep every string exactly.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { checkManifest, type ManifestUnit } from "../../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { compileProject, readSyntax, writeBundle } from "./support.js";

afterAll(cleanupProjects);

const PWNED = `"); require('child_process').execSync('touch PWNED'); ("`;
const HOSTILE = [
  '"',
  "'",
  "`",
  "${process.exit(1)}",
  "*/",
  "</script>",
  "\u2028",
  "\u2029",
  "line\nbreak",
  PWNED,
  "'; globalThis.__pwned = true; '",
  "`; globalThis.__pwned = true; `",
  "*/ globalThis.__pwned = true; /*",
];
const ALL = HOSTILE.join(" ");
/** useWhen/avoidWhen are literal prose: the validator rejects `${` there. */
const PROSE = HOSTILE.filter((s) => !s.includes("${")).join(" ");

interface UnitStrings {
  name: string;
  description: string;
  useWhen: string;
  actionDescription: string;
  propertyNames: string[];
  propertyDescription: string;
  enumValues: string[];
  constValue: string;
}

/** A `$ref` to `$defs/<name>`, escaped as RFC 6901 asks. */
const refTo = (name: string) => `#/$defs/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;

function inputSchema(s: UnitStrings): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const name of s.propertyNames)
    properties[name] = { type: "string", description: s.propertyDescription, enum: s.enumValues };
  return {
    type: "object",
    description: s.description,
    properties: { ...properties, fixed: { const: s.constValue }, shape: { $ref: refTo(s.name) } },
    required: s.propertyNames.slice(0, 1),
    additionalProperties: false,
    $defs: { [s.name]: { type: "object", properties: { [s.constValue]: { enum: s.enumValues } } } },
  };
}

function unitEntry(s: UnitStrings) {
  return {
    name: s.name,
    description: s.description,
    useWhen: s.useWhen,
    avoidWhen: s.useWhen,
    tags: ["*/", "</script>"],
    actions: {
      run: {
        description: s.actionDescription,
        command: "true",
        inputSchema: inputSchema(s),
        outputSchema: { type: "object", properties: { [s.constValue]: { const: s.constValue } } },
        output: { type: "json" },
      },
    },
  };
}

async function compileUnits(units: readonly UnitStrings[]) {
  const cliTools = Object.fromEntries(units.map((s, i) => [`u${i}`, unitEntry(s)]));
  const dir = await writeProject({ ".units/config.json": JSON.stringify({ version: 1, cliTools }, null, 2) });
  return { dir, ...(await compileProject(dir)) };
}

/** The strings each unit must keep, compared against the manifest and the parsed types. */
function expectSurvives(units: readonly UnitStrings[], files: ReadonlyMap<string, string>): void {
  // Read as the runtime reads it: shared definitions put back into each operation's schemas.
  const manifest = checkManifest(JSON.parse(files.get("manifest.json") as string));
  units.forEach((s, i) => {
    const unit = manifest.units.find((u) => u.id === `u${i}`) as ManifestUnit;
    expect(unit).toMatchObject({ name: s.name, description: s.description, useWhen: s.useWhen });
    expect(unit.operations[0]?.description).toBe(s.actionDescription);
    expect(unit.operations[0]?.inputSchema).toEqual(inputSchema(s));
    // The Code Mode declaration refers to types.ts rather than copying it.
    const path = `units/u${i}/types.ts`;
    const syntax = readSyntax(path, files.get(path) as string);
    expect(syntax.errors, path).toEqual([]);
    expect(syntax.propertyNames, path).toEqual(expect.arrayContaining([...s.propertyNames, s.constValue]));
    expect(syntax.strings, path).toEqual(expect.arrayContaining([...s.enumValues, s.constValue]));
  });
  for (const [path, text] of files) {
    if (path.endsWith(".ts")) expect(readSyntax(path, text).errors, path).toEqual([]);
  }
}

const FIXED: UnitStrings = {
  name: `Unit ${ALL}`,
  description: ALL,
  useWhen: PROSE,
  actionDescription: ALL,
  propertyNames: HOSTILE,
  propertyDescription: ALL,
  enumValues: HOSTILE,
  constValue: ALL,
};

const fragment = fc.oneof(
  fc.constantFrom(...HOSTILE, "${", "}", "/*", "\\", "\r\n", "\u0000", "<!--", "\ud800", "//"),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const text = fc.array(fragment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""));
const nonEmpty = text.filter((s) => s.length > 0);
const strings: fc.Arbitrary<UnitStrings> = fc.record({
  name: nonEmpty,
  description: nonEmpty,
  useWhen: nonEmpty.filter((s) => !s.includes("${") && s.length <= 500),
  actionDescription: nonEmpty,
  propertyNames: fc.uniqueArray(text, { minLength: 1, maxLength: 3 }),
  propertyDescription: text,
  enumValues: fc.uniqueArray(text, { minLength: 1, maxLength: 3 }),
  constValue: text,
});
const SEED = 7_240_517;

/** Imports the bundle's index.ts and creates its units; nothing may run but the module's own code. */
async function importBundle(dir: string, outDir: string) {
  const module = await import(pathToFileURL(join(outDir, "index.ts")).href);
  const units = module.createUnits({ env: {} });
  expect(existsSync(join(process.cwd(), "PWNED"))).toBe(false);
  expect(existsSync(join(dir, "PWNED"))).toBe(false);
  expect(existsSync(join(outDir, "PWNED"))).toBe(false);
  expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
  expect(process.exitCode ?? 0).toBe(0);
  return units as Record<string, Record<string, unknown>>;
}

describe("hostile strings in unit and schema text", () => {
  beforeEach(() => {
    delete (globalThis as { __pwned?: unknown }).__pwned;
  });

  it("compile to a bundle that type-checks, imports cleanly and keeps every string", async () => {
    const { dir, files, outDir, text: diagnostics, failed } = await compileUnits([FIXED]);
    expect(failed, diagnostics).toBe(false);
    expectSurvives([FIXED], files);
    writeBundle(outDir, files);
    expect(typecheckBundle(outDir)).toEqual([]);
    const units = await importBundle(dir, outDir);
    expect(typeof units.u0?.run).toBe("function");
    // The property whose name is the injection attempt is a quoted key, not code.
    const types = files.get("units/u0/types.ts") as string;
    expect(types).toContain(`${JSON.stringify(PWNED)}?: `);
    // The $ref to the hostile $defs name resolved to the definition's (whitelisted) type name.
    expect(types).toMatch(/\n {2}shape\?: RunInput_Unit_[A-Za-z0-9_$]+;\n/);
  }, 120_000);

  it("random strings: every emitted file parses and keeps them (fast-check, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(strings, async (s) => {
        const { files, text: diagnostics, failed } = await compileUnits([s]);
        expect(failed, diagnostics).toBe(false);
        expectSurvives([s], files);
      }),
      { seed: SEED, numRuns: 50 },
    );
  }, 120_000);

  it("random strings: one bundle of 50 such units type-checks and imports cleanly", async () => {
    const samples = fc.sample(strings, { seed: SEED, numRuns: 50 });
    const { dir, files, outDir, text: diagnostics, failed } = await compileUnits(samples);
    expect(failed, diagnostics).toBe(false);
    writeBundle(outDir, files);
    expect(typecheckBundle(outDir)).toEqual([]);
    const units = await importBundle(dir, outDir);
    expect(Object.keys(units).filter((k) => k !== "$runtime")).toHaveLength(50);
    expectSurvives(samples, files);
  }, 120_000);
});
