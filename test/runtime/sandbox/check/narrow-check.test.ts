/**
 * A script is type-checked against the declarations of the operations it names only, so a large
 * API's first check does not wait for its whole declarations to load: the findings are the ones the
 * whole declarations give, a script whose operations cannot be read from its text is checked
 * against the whole declarations, and the whole declarations are never loaded for one that names
 * them. Real worker threads and the real TypeScript checker over the committed example bundle.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../../../runtime/index.js";
import { checkScript, checkSlot } from "../../../../runtime/sandbox/check.js";
import {
  narrowDeclarations,
  operationsNamed,
} from "../../../../runtime/sandbox/declarations/narrow-declarations.js";
import { narrowFromFiles } from "../../../../runtime/sandbox/declarations/narrow-from-files.js";
import { declarationsFor } from "../../../../runtime/sandbox/declarations/scoped-declarations.js";
import { loadDeclarations, SandboxPool } from "../../../../runtime/sandbox/index.js";
import { runCodeMode } from "../../../../runtime/sandbox/run.js";
import { bundleDir } from "../support.js";

const pools: SandboxPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function newPool(): SandboxPool {
  const pool = new SandboxPool({ size: 1 });
  pools.push(pool);
  return pool;
}

function full() {
  const declarations = loadDeclarations(bundleDir);
  if (!declarations) throw new Error("the example bundle has no Code Mode declarations");
  return declarations;
}

/** A wrong argument type on line 2 (a number where `title` takes a string), and a right call on line 3. */
const WRONG_ARGUMENT = `const tag = "work";
const made = () => units.notes.createNote({ title: 42, body: "b" });
const listed = () => units["notes"].listNotes({ tag });
return [typeof made, typeof listed]`;

describe("the operations a script names", () => {
  it('are read from units.<unit>.<operation> and units["<unit>"]["<operation>"]', () => {
    expect(operationsNamed(WRONG_ARGUMENT)).toEqual(
      new Map([["notes", new Set(["createNote", "listNotes"])]]),
    );
    expect(operationsNamed(`await units.search("notes");\nreturn units.describe("notes")`)).toEqual(
      new Map(),
    );
    expect(operationsNamed(`const r = x.units.y;\nreturn r`)).toEqual(new Map());
  });

  it("cannot be read when units is reached another way", () => {
    for (const code of [
      "const name = 'notes';\nreturn units[name].listNotes({})",
      "const { notes } = units;\nreturn notes.listNotes({})",
      "const n = units.notes;\nreturn n.listNotes({})",
      "return globalThis.units.notes.listNotes({})",
      "const x: Units.notes.ListNotesInput = {};\nreturn units.notes.listNotes(x)",
      "return units?.notes.listNotes({})",
    ]) {
      expect(operationsNamed(code), code).toBeUndefined();
    }
  });

  it("keep only the named operations and the types they reach in the declarations checked", () => {
    const declarations = full();
    const narrow = narrowDeclarations(declarations, WRONG_ARGUMENT);
    expect(narrow.scope).toBeDefined();
    expect(narrow.combined).toContain("createNote(");
    expect(narrow.combined).toContain("listNotes(");
    expect(narrow.combined).not.toContain("getNote(");
    expect(narrow.combined).not.toContain("weather__current");
    expect(narrow.combined.length).toBeLessThan(declarations.combined.length / 2);
    // The same operations, in any order, share one view.
    const again = `const a = () => units.notes.listNotes({});\nconst b = () => units.notes.createNote({ title: "t", body: "b" });\nreturn 1`;
    expect(narrowDeclarations(declarations, again)).toBe(narrow);
    // An operation the unit lacks, or a unit the bundle lacks: the whole declarations, which say so.
    expect(narrowDeclarations(declarations, "return units.notes.listNotez({})")).toBe(declarations);
    expect(narrowDeclarations(declarations, "return units.nope.listNotes({})")).toBe(declarations);
  });
});

describe("the type check against the operations a script names", () => {
  it("finds an error in an operation's argument types the same way the whole declarations do", async () => {
    const declarations = full();
    const narrow = narrowDeclarations(declarations, WRONG_ARGUMENT);
    const found = await checkScript(newPool(), bundleDir, narrow, WRONG_ARGUMENT).checked;
    const whole = await checkScript(newPool(), bundleDir, declarations, WRONG_ARGUMENT).checked;
    expect(found).toEqual([expect.objectContaining({ severity: "warning", code: "TS2322", line: 2 })]);
    expect(found).toEqual(whole);
  }, 120_000);

  it("reads one operation per unit from the bundle's recorded texts, with the same findings", async () => {
    const code = `const made = () => units.notes.createNote({ title: 42, body: "b" });\nconst now = () => units.weather__current.now({ city: "Oslo" });\nreturn [typeof made, typeof now]`;
    const everything = () => true;
    const narrow = narrowFromFiles(bundleDir, code, everything);
    expect(narrow?.scope).toBeDefined();
    expect([...(narrow?.units.keys() ?? [])].sort()).toEqual(["notes", "weather__current"]);
    expect(narrow?.units.get("notes")).not.toContain("listNotes(");
    // An operation the caller may not call, or two of one unit: left to the whole declarations.
    expect(narrowFromFiles(bundleDir, code, (unit) => unit !== "notes")).toBeUndefined();
    expect(narrowFromFiles(bundleDir, WRONG_ARGUMENT, everything)).toBeUndefined();
    const found = await checkScript(newPool(), bundleDir, narrow, code).checked;
    const whole = await checkScript(newPool(), bundleDir, full(), code).checked;
    expect(found).toEqual([expect.objectContaining({ severity: "warning", code: "TS2322", line: 1 })]);
    expect(found).toEqual(whole);
  }, 120_000);

  it("checks a script with dynamic access against the whole declarations, and finds its error", async () => {
    const code = `const name = "notes";\nconst f = () => units[name].createNote({ title: 42, body: "b" });\nreturn typeof f`;
    expect(narrowDeclarations(full(), code)).toBe(full());
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      const result = await runCodeMode(runtime, { code }, bundleDir, { pool: newPool() });
      expect(result).toMatchObject({ ok: true, value: "function" });
      expect(result.diagnostics).toEqual([expect.objectContaining({ code: "TS2322", line: 2 })]);
    } finally {
      await runtime.close();
    }
  }, 120_000);

  it("reports a first run's type error at its line without loading the whole declarations", async () => {
    const pool = newPool();
    const declarations = full();
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      // A text of its own: the host keeps the answers of scripts checked before (another pool's too).
      const code = `${WRONG_ARGUMENT};`;
      const result = await runCodeMode(runtime, { code }, bundleDir, { pool });
      expect(result).toMatchObject({ ok: true, value: ["function", "function"] });
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ severity: "warning", code: "TS2322", line: 2 }),
      ]);
      // The checker holds the declarations of the two operations named, not the whole bundle's.
      const whole = declarationsFor(declarations, runtime.manifest) ?? declarations;
      const narrow = narrowDeclarations(whole, code);
      expect(pool.checks.isLoaded(checkSlot(bundleDir, narrow), narrow.version)).toBe(true);
      expect(pool.checks.isLoaded(checkSlot(bundleDir, whole), whole.version)).toBe(false);
    } finally {
      await runtime.close();
    }
  }, 120_000);
});
