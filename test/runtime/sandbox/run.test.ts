/**
 * Code Mode runs against the committed examples/basic bundle: real HTTP calls to the example's
 * service, real CLI actions, real QuickJS workers and the real type check.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareCodeMode } from "../../../runtime/sandbox/prepare.js";
import { bundleDir, type ExampleBundle, startExample } from "./support.js";

let example: ExampleBundle;
beforeAll(async () => {
  // The type checker loaded, as serving does at start: the first run's types are checked too.
  await prepareCodeMode(bundleDir);
  example = await startExample();
});
afterAll(() => example.close());

const CHAIN = `
interface Row { id: string; title: string; words: number }
const notes = await units.notes.listNotes();
const rows: Row[] = [];
for (const note of notes.filter((n) => n.tags.includes("work") || n.tags.includes("home"))) {
  const full = await units.notes.getNote({ id: note.id });
  rows.push({ id: full.id, title: full.title, words: full.body.split(/\\s+/).length });
}
const [weather, listing, counted] = await Promise.all([
  units.weather__current.now({ city: "paris" }),
  units.files.listFiles({ folder: ".units" }),
  units.files.wordCount({ file: "server.mjs" }),
]);
console.info("joined", rows.length, "notes");
return {
  notes: rows.map((r) => \`\${r.id}:\${r.title}:\${r.words}\`),
  paris: \`\${weather.temperature}°C \${weather.conditions}\`,
  unitFiles: listing.split("\\n").filter(Boolean).sort(),
  serverLines: Number(counted.trim().split(/\\s+/)[0]) > 50,
};
`;

describe("runCodeMode over the example bundle", () => {
  it("chains an HTTP unit and a CLI unit, filters and joins, and returns a compact value", async () => {
    const result = await example.run(CHAIN);
    expect(result).toMatchObject({
      ok: true,
      value: {
        notes: ["n1:Shopping:3", "n2:Standup:3"],
        paris: "14°C light rain",
        unitFiles: ["config.json", "files.md", "weather"],
        serverLines: true,
      },
      logs: [{ level: "info", message: "joined 2 notes" }],
      diagnostics: [],
    });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it("returns the value of a final expression, and nothing for a script without one", async () => {
    const last = await example.run("const n = await units.notes.listNotes();\nn.map((x) => x.id).join(',')");
    expect(last).toMatchObject({ ok: true, value: "n1,n2" });
    const none = await example.run("const n = await units.notes.listNotes();\nif (n.length > 5) return 1;");
    expect(none.ok).toBe(true);
    expect("value" in none).toBe(false);
  });

  it("runs plain JavaScript and TypeScript-only syntax alike", async () => {
    const js = await example.run("function twice(x) { return x * 2 }\nreturn twice(21)");
    expect(js).toMatchObject({ ok: true, value: 42, diagnostics: [] });
    const ts = await example.run(
      "enum Mode { A = 'a' }\ntype P<T> = { v: T };\nconst p = { v: 1 } satisfies P<number>;\nreturn [Mode.A, p.v as number]",
    );
    expect(ts).toMatchObject({ ok: true, value: ["a", 1], diagnostics: [] });
  });

  it("shows a failed call's status and the API's own error body, caught or not", async () => {
    const caught = await example.run(`
      try {
        await units.notes.getNote({ id: "missing" });
      } catch (e: any) {
        return { code: e.code, status: e.status, excerpt: e.excerpt };
      }`);
    expect(caught).toMatchObject({
      ok: true,
      value: { code: "HTTP_STATUS", status: 404, excerpt: expect.stringContaining("no note missing") },
    });
    const thrown = await example.run('return await units.notes.getNote({ id: "missing" })');
    expect(thrown).toMatchObject({
      ok: false,
      error: { code: "HTTP_STATUS", status: 404, excerpt: expect.stringContaining("no note missing") },
    });
  });

  it("captures console output with its level", async () => {
    const result = await example.run(
      'console.log("a", 1, { b: [2] }); console.warn("w"); console.error(new Error("e")); console.debug(null); return 0',
    );
    expect(result.logs).toEqual([
      { level: "log", message: 'a 1 {"b":[2]}' },
      { level: "warn", message: "w" },
      { level: "error", message: "Error: e" },
      { level: "debug", message: "null" },
    ]);
  });

  it("finds operations with units.search, ranked, with call signatures", async () => {
    const result = await example.run('return await units.search("current weather in a city", { limit: 2 })');
    expect(result.ok).toBe(true);
    const hits = (result as { value: Array<Record<string, string>> }).value;
    expect(hits[0]).toEqual({
      unit: "weather__current",
      operation: "now",
      signature:
        'units.weather__current.now(input: { city: string; units?: "metric" | "imperial" }): Promise<{ city: string; temperature: number; conditions: string }>',
      description: "Current temperature and conditions in a city.",
    });
    const scoped = await example.run(
      'return (await units.search("list", { unit: "files" })).map((h) => h.operation)',
    );
    expect(scoped).toMatchObject({ ok: true, value: ["listFiles"] });
    const tooMany = await example.run('return await units.search("notes", { limit: 51 })');
    expect(tooMany).toMatchObject({ ok: false, error: { code: "LIMIT_TOO_HIGH" } });
  });

  it("shows declarations with units.describe: a whole unit, or one operation", async () => {
    const unit = await example.run('return await units.describe("notes")');
    expect(unit.ok && (unit.value as string)).toContain(
      "createNote(input: CreateNoteInput): Promise<CreateNoteOutput>;",
    );
    const one = await example.run('return await units.describe("notes", "getNote")');
    expect(one).toMatchObject({
      ok: true,
      value: `declare namespace Units.notes {
  /** Input of getNote. */
  type GetNoteInput = {
    id: string;
  };
  /** Result of getNote. */
  type GetNoteOutput = {
    id: string;
    title: string;
    body: string;
    tags: Array<string>;
  };
  interface Client {
    /** Read one note by ID. */
    getNote(input: GetNoteInput): Promise<GetNoteOutput>;
  }
}
`,
    });
    const unknown = await example.run('return await units.describe("notes", "deleteNote")');
    expect(unknown).toMatchObject({ ok: false, error: { code: "UNKNOWN_OPERATION" } });
  });

  it("warns about a wrong argument type, naming the field, and the host refuses the call", async () => {
    const result = await example.run(
      'await units.notes.createNote({ title: 42, body: "x" });\nreturn "sent"',
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "INPUT_INVALID",
        message: "invalid input for notes.createNote: input.title must be string",
      },
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        code: "TS2322",
        message: "title: Type 'number' is not assignable to type 'string'.",
        line: 1,
        column: 32,
        lineText: 'await units.notes.createNote({ title: 42, body: "x" });',
        notes: [
          "The expected type comes from property 'title' which is declared here on type 'CreateNoteInput'",
        ],
      },
    ]);
  });

  it("blocks a script with a syntax error before anything runs", async () => {
    const before = await example.runtime.call<unknown[]>("notes", "listNotes");
    const result = await example.run(
      'await units.notes.createNote({ title: "t", body: "b" });\nconst x = ;\n',
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: "SYNTAX_ERROR", message: "Expression expected.", line: 2, column: 11 },
      diagnostics: [{ severity: "error", code: "TS1109", line: 2, column: 11 }],
    });
    expect(await example.runtime.call<unknown[]>("notes", "listNotes")).toHaveLength(before.length);
    const stray = await example.run("return 1 });");
    expect(stray).toMatchObject({ ok: false, error: { code: "SYNTAX_ERROR", line: 1, column: 11 } });
    // Valid once wrapped, but only because the brace closes the wrapper: refused all the same.
    const unbalanced = await example.run("return 1 }; {");
    expect(unbalanced).toMatchObject({
      ok: false,
      error: {
        code: "SYNTAX_ERROR",
        message: "this closing brace has no opening brace in the script",
        line: 1,
        column: 10,
      },
    });
  });

  it("places a runtime error at the script's own line, types and all", async () => {
    const code =
      "interface A {\n  x: number;\n}\ntype B = A | null;\nconst b: B = null as B;\nconst y = b!.x;\nreturn y";
    const result = await example.run(code);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "SCRIPT_ERROR", message: "TypeError: cannot read property 'x' of null", line: 6 },
    });
  });

  it("places a runtime error of plain JavaScript, run as written, at its line and column", async () => {
    const result = await example.run(
      "const notes = await units.notes.listNotes();\nconst first = null;\n  first.title",
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "SCRIPT_ERROR",
        message: "TypeError: cannot read property 'title' of null",
        line: 3,
        column: 8,
      },
    });
    expect(await example.run("const a = 1;\n  a +\n  2")).toMatchObject({ ok: true, value: 3 });
  });

  it("refuses a script the engine cannot compile as a syntax error, before anything runs", async () => {
    const before = await example.runtime.call<unknown[]>("notes", "listNotes");
    const result = await example.run(
      'await units.notes.createNote({ title: "t", body: "b" });\nlet a = 1;\nlet a = 2;\nreturn a',
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: "SYNTAX_ERROR", message: "invalid redefinition of lexical identifier", line: 3 },
    });
    expect(await example.runtime.call<unknown[]>("notes", "listNotes")).toHaveLength(before.length);
  });

  it("hands a failed call to the script as an Error with code and status", async () => {
    const caught = await example.run(`
try {
  await units.notes.getNote({ id: "missing" });
  return "no error";
} catch (e: any) {
  return { isError: e instanceof Error, name: e.name, code: e.code, status: e.status, hasCause: "cause" in e };
}`);
    expect(caught).toMatchObject({
      ok: true,
      value: { isError: true, name: "UnitError", code: "HTTP_STATUS", status: 404, hasCause: false },
    });
    const uncaught = await example.run('await units.notes.getNote({ id: "missing" })');
    expect(uncaught).toMatchObject({ ok: false, error: { code: "HTTP_STATUS", line: 1 } });
  });

  it("hands back results as sandbox values, never host objects", async () => {
    const result = await example.run(`
const notes = await units.notes.listNotes();
return [Object.getPrototypeOf(notes) === Array.prototype, Object.getPrototypeOf(notes[0]) === Object.prototype,
  notes instanceof Array, typeof units.notes.listNotes().then]`);
    expect(result).toMatchObject({ ok: true, value: [true, true, true, "function"] });
  });

  it("reports what cannot be returned or awaited", async () => {
    const cyclic = await example.run("const a: any = {}; a.self = a; return a");
    expect(cyclic).toMatchObject({ ok: false, error: { code: "RESULT_NOT_JSON" } });
    const big = await example.run("return { n: 10n ** 20n }");
    expect(big).toMatchObject({ ok: true, value: { n: "100000000000000000000" } });
    const stuck = await example.run("await new Promise(() => {}); return 1");
    expect(stuck).toMatchObject({ ok: false, error: { code: "NEVER_SETTLED" } });
  });

  it("checks its own arguments", async () => {
    expect(await example.run("")).toMatchObject({ ok: false, error: { code: "ARGS_INVALID" } });
    expect(await example.run("return 1", { timeoutMs: 120_001 })).toMatchObject({
      ok: false,
      error: { code: "ARGS_INVALID", message: "timeoutMs 120001 is above the maximum of 120000" },
    });
    expect(await example.run("x".repeat(256 * 1024 + 1))).toMatchObject({
      ok: false,
      error: { code: "CODE_TOO_LARGE" },
    });
  });

  it("with UNITC_TIMINGS=1, breaks a run down into stages, the host's part of its calls among them", async () => {
    vi.stubEnv("UNITC_TIMINGS", "1");
    try {
      const result = await example.run(
        "await units.notes.listNotes();\nreturn (await units.notes.listNotes()).length",
      );
      expect(result).toMatchObject({ ok: true, value: 2 });
      const timings = result.timings ?? {};
      expect(timings.calls).toBe(2);
      expect(timings.bridge).toBeGreaterThan(0);
      expect(timings.bridge).toBeLessThanOrEqual(timings.engine as number);
      for (const stage of ["syntax", "engine", "engine.install", "engine.drive", "engine.hops", "total"])
        expect(typeof timings[stage], stage).toBe("number");
      // The engine's stages and its hops between the threads add up to the engine stage.
      const inner = ["context", "install", "evaluate", "drive", "serialize", "hops"]
        .map((stage) => timings[`engine.${stage}`] ?? 0)
        .reduce((sum, ms) => sum + ms, 0);
      expect(inner).toBeCloseTo(timings.engine as number, 6);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
