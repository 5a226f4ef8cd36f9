/**
 * Property tests: random edits of valid unit files and configs (from examples/basic/.units/) never
 * make loading, validating or resolving throw. They only yield diagnostics, each with a code, a
 * severity, a message and, when it names a file, a line and column of at least 1. Seeds are fixed so
 * a failure reproduces; the run count keeps the file fast.
 */
import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Diagnostic, formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { validate } from "../../../compiler/index.js";
import type { LoadedDocument, LoadedProject } from "../../../compiler/load/documents.js";
import { parseConfigText, parseUnitText } from "../../../compiler/load/load-files.js";
import { resolveProject } from "../../../compiler/resolve/index.js";
import { validateProject } from "../../../compiler/validate/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

const SEED = 20_260_423;
const RUNS = 200;

/** Characters and tokens that mean something to YAML or JSON. */
const SPECIAL = [
  ":",
  ": ",
  "-",
  "- ",
  "{",
  "}",
  "[",
  "]",
  ",",
  "&a ",
  "*a",
  "!!",
  "!!js/function ",
  "!custom ",
  '"',
  "'",
  "\t",
  "---",
  "\n---\n",
  "...",
  "\n",
  "#",
  "|",
  ">",
  "? ",
  "<<: *a",
  "__proto__: ",
  "constructor:",
  "${X}",
  "%YAML 1.2\n",
  "\\",
  "\u0000",
  "\uFEFF",
  "\r\n",
  "9007199254740993",
  "null",
];

type Mutation =
  | { kind: "delete"; at: number; length: number }
  | { kind: "insert" | "replace"; at: number; text: string }
  | { kind: "swapLines"; a: number; b: number }
  | { kind: "duplicateLine"; a: number };

const textArb = fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 6 }));
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constantFrom("insert" as const, "replace" as const), at: fc.nat(), text: textArb }),
  fc.record({ kind: fc.constant("swapLines" as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant("duplicateLine" as const), a: fc.nat() }),
);
const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 6 });

/** Applies edits in order; positions wrap around the current text. */
function mutate(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    if (m.kind === "swapLines" || m.kind === "duplicateLine") {
      const lines = out.split("\n");
      const a = m.a % lines.length;
      if (m.kind === "duplicateLine") lines.splice(a, 0, lines[a] ?? "");
      else {
        const b = m.b % lines.length;
        [lines[a], lines[b]] = [lines[b] ?? "", lines[a] ?? ""];
      }
      out = lines.join("\n");
      continue;
    }
    const at = m.at % (out.length + 1);
    if (m.kind === "delete") out = out.slice(0, at) + out.slice(at + m.length);
    else if (m.kind === "insert") out = out.slice(0, at) + m.text + out.slice(at);
    else out = out.slice(0, at) + m.text + out.slice(at + m.text.length);
  }
  return out;
}

/** Every diagnostic is well formed; formatting them works. */
function expectWellFormed(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(["error", "warning", "info"]).toContain(d.severity);
    expect(typeof d.message).toBe("string");
    expect(d.message.length).toBeGreaterThan(0);
    if (d.file !== undefined) {
      expect(Number.isInteger(d.line) && (d.line as number) >= 1, `line of ${d.code}`).toBe(true);
      expect(Number.isInteger(d.column) && (d.column as number) >= 1, `column of ${d.code}`).toBe(true);
    }
  }
  expect(typeof formatDiagnostics(diagnostics)).toBe("string");
}

/** Runs validate and resolve over in-memory documents, as the pipeline does after loading. */
function checkDocuments(config: LoadedDocument | undefined, units: LoadedDocument[]): Diagnostic[] {
  const project: LoadedProject = {
    projectDir: "/project",
    project: {
      scope: "project",
      unitsRoot: "/project/.units",
      ...(config?.kind === "config" ? { config } : {}),
      units: units.filter((u) => u.kind === "unit"),
    },
    diagnostics: [],
  };
  const validated = validateProject(project);
  const resolved = resolveProject(project, validated.valid);
  return [...validated.diagnostics, ...resolved.diagnostics];
}

const sources: Record<string, string> = {};

beforeAll(async () => {
  const root = new URL("../../../examples/basic/.units/", import.meta.url);
  for (const name of ["config.json", "files.md", "weather/UNIT.md"])
    sources[name] = await readFile(new URL(name, root), "utf8");
});
afterAll(cleanupProjects);

describe("random edits of valid inputs only yield diagnostics", () => {
  it.each(["files.md", "weather/UNIT.md"])("unit file %s", (name) => {
    const id = name === "files.md" ? "files" : "weather";
    fc.assert(
      fc.property(mutationsArb, (mutations) => {
        const text = mutate(sources[name] as string, mutations);
        const parsed = parseUnitText(text, `/project/.units/${name}`, id, "project");
        expectWellFormed(parsed.diagnostics);
        if (parsed.document) expectWellFormed(checkDocuments(undefined, [parsed.document]));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("config.json", () => {
    fc.assert(
      fc.property(mutationsArb, (mutations) => {
        const text = mutate(sources["config.json"] as string, mutations);
        const parsed = parseConfigText(text, "/project/.units/config.json", "project");
        expectWellFormed(parsed.diagnostics);
        if (parsed.document) expectWellFormed(checkDocuments(parsed.document, []));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a whole project on disk, through validate()", async () => {
    await fc.assert(
      fc.asyncProperty(mutationsArb, mutationsArb, async (unitEdits, configEdits) => {
        const dir = await writeProject({
          ".units/config.json": mutate(sources["config.json"] as string, configEdits),
          ".units/files.md": mutate(sources["files.md"] as string, unitEdits),
          ".units/weather/UNIT.md": sources["weather/UNIT.md"] as string,
        });
        const context = await validate({ projectDir: dir, userConfigFile: false });
        expectWellFormed(context.diagnostics);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it("the mutations really change the inputs", () => {
    // Guards the generator: if edits were no-ops, the properties above would prove nothing.
    const samples = fc.sample(mutationsArb, { seed: SEED, numRuns: 50 });
    const changed = samples.filter((m) => mutate(sources["files.md"] as string, m) !== sources["files.md"]);
    expect(changed.length).toBeGreaterThan(40);
    expect(mutate("a\nb\nc", [{ kind: "swapLines", a: 0, b: 2 }])).toBe("c\nb\na");
    expect(mutate("abc", [{ kind: "insert", at: 1, text: "{" }])).toBe("a{bc");
  });
});
