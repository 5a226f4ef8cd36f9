/**
 * The sandbox red-team patterns (escapes through constructors, prototypes, errors, proxies, timers, imports and the bridge), plus ported vm2
 * payloads. Each script tries to reach the host and, if it got there, would write the sentinel
 * file and set the host global `__pwned`; `pwn(x)` returns "ESCAPED" only when `x` is Node's process.
 */
import type { CodeModeResult } from "../../../runtime/sandbox/index.js";

export interface RedTeamCase {
  id: string;
  pattern: string;
  code: string;
  timeoutMs?: number;
  /** What the run must come back with: an error code, or a check of the value. */
  expect: { error: string | string[] } | { value: (value: unknown) => boolean };
}

/** Defines `pwn` in each script: the actions an escaped script would take. */
export function pwnPrelude(file: string): string {
  return `const FILE = ${JSON.stringify(file)};
function pwn(p: any): string {
  try { p.mainModule.require("fs").writeFileSync(FILE, "pwned"); } catch {}
  try { p.getBuiltinModule("fs").writeFileSync(FILE, "pwned"); } catch {}
  try { p.constructor.constructor("return globalThis")().__pwned = true; } catch {}
  try { return typeof p.pid === "number" ? "ESCAPED" : "contained"; } catch { return "contained"; }
}
`;
}

const same = (expected: unknown) => (value: unknown) => JSON.stringify(value) === JSON.stringify(expected);
const MISSING = 'units.notes.getNote({ id: "missing" })';

export const RED_TEAM_CASES: RedTeamCase[] = [
  {
    id: "R1",
    pattern: "this.constructor.constructor('return process')()",
    code: "return pwn(this.constructor.constructor('return process')());",
    expect: { error: "SCRIPT_ERROR" },
  },
  {
    id: "R1b",
    pattern: "globalThis.__proto__.constructor.constructor('return this')()",
    code: "const g = (globalThis as any).__proto__.constructor.constructor('return this')();\nreturn [typeof g.process, pwn(g)];",
    expect: { value: same(["undefined", "contained"]) },
  },
  {
    id: "R2",
    pattern: "a host error from a wrongly called bridge function, walked to its constructor",
    code: "try { await (units.notes.getNote as any).call(null, Symbol()); } catch (e: any) {\n  return [e.code, pwn(e.constructor.constructor('return this')().process ?? {})];\n}",
    expect: { value: same(["INPUT_INVALID", "contained"]) },
  },
  {
    id: "R3",
    pattern: "borrowed __proto__ getter applied to bridge functions and results",
    code: "const get = ({} as any).__lookupGetter__('__proto__');\nconst list = await units.notes.listNotes();\nreturn [get.call(units.notes.listNotes) === Function.prototype, get.call(list) === Array.prototype, pwn(get.call(units.search).constructor('return this')())];",
    expect: { value: same([true, true, "contained"]) },
  },
  {
    id: "R4",
    pattern: "Promise species hijack on a bridge promise",
    code: "let leak = 'none';\nconst p: any = units.notes.listNotes();\np.constructor = { [Symbol.species]: class { constructor(ex: any) { ex((x: any) => x, (err: any) => { leak = pwn(err.constructor.constructor('return process')()); }); } } };\np.then();\nawait p;\nreturn leak;",
    expect: { value: (v) => v === "none" || v === "contained" },
  },
  {
    id: "R5",
    pattern: "stack overflow caught at every level (realm skew)",
    code: "function f(): any { try { return f(); } catch (e) { return e; } }\nconst e = f();\nreturn [e.name, pwn(e.constructor.constructor('return this')())];",
    expect: { value: same(["InternalError", "contained"]) },
  },
  {
    id: "R6",
    pattern: "error generation primitive: e.name = Symbol(); e.stack",
    code: "const e: any = new Error('x');\ne.name = Symbol('s');\ntry { String(e.stack); } catch (x: any) { return pwn(x.constructor.constructor('return this')()); }\nthrow e;",
    expect: { error: "SCRIPT_ERROR" },
  },
  {
    id: "R7",
    pattern: "Error.prepareStackTrace and CallSite getThis/getFunction",
    code: `(Error as any).prepareStackTrace = (_e: unknown, frames: any[]) => frames.map((f) => pwn(f.getThis?.() ?? f.getFunction?.()));\ntry { await ${MISSING}; } catch (e: any) { return [String(e.stack).includes("ESCAPED"), typeof (Error as any).captureStackTrace]; }`,
    expect: { value: same([false, "undefined"]) },
  },
  {
    id: "R8",
    pattern: "await using with throw null: SuppressedError carrying a host error",
    code: `const seen: unknown[] = [typeof (globalThis as any).DisposableStack];\ntry {\n  await using _d = { [(Symbol as any).asyncDispose ?? Symbol.for("Symbol.asyncDispose")]: async () => { throw null; } };\n  await ${MISSING};\n} catch (e: any) {\n  seen.push(e?.name, pwn(e?.error ?? {}), pwn(e?.suppressed ?? {}), typeof e?.suppressed?.code);\n}\nreturn seen;`,
    expect: { value: same(["undefined", "SuppressedError", "contained", "contained", "string"]) },
  },
  {
    id: "R9",
    pattern: "AggregateError.errors and Error.cause from failed calls",
    code: `const agg: any = await Promise.any([${MISSING}, units.notes.getNote({ id: "gone" })]).catch((e) => e);\nconst e: any = await ${MISSING}.catch((x) => x);\nreturn [agg.name, agg.errors.map((x: any) => [x.code, Object.getPrototypeOf(x) === Error.prototype]), "cause" in e, Object.values(e).every((v) => ["string", "number"].includes(typeof v))];`,
    expect: {
      value: same([
        "AggregateError",
        [
          ["HTTP_STATUS", true],
          ["HTTP_STATUS", true],
        ],
        false,
        true,
      ]),
    },
  },
  {
    id: "R10",
    pattern: "util.inspect custom hook and proxies handed to console and the result",
    code: "const o = { [Symbol.for('nodejs.util.inspect.custom')]: () => pwn(globalThis), toJSON: () => 'plain' };\nconsole.log(o, new Proxy({}, { get: () => () => pwn(globalThis) }));\nreturn o;",
    expect: { value: same("plain") },
  },
  {
    id: "R11",
    pattern: "WebAssembly (JSTag, JSPI) is not there",
    code: "return [typeof (globalThis as any).WebAssembly, typeof (globalThis as any).WebAssembly?.JSTag];",
    expect: { value: same(["undefined", "undefined"]) },
  },
  {
    id: "R12",
    pattern: "async generator yield* and .return(thenable) whose then throws",
    code: "async function* inner() { yield 1; }\nasync function* outer() { yield* inner(); }\nconst it = outer();\nawait it.next();\nconst bad = { then() { throw pwn(this); } };\nreturn await it.return(bad as any).then((r) => r, (e) => String(e));",
    expect: { value: same("contained") },
  },
  {
    id: "R13",
    pattern: "Array species self-return and a setter on Array.prototype[0] capturing bridge data",
    code: "let first: unknown;\nObject.defineProperty(Array.prototype, '0', { set(v) { first ??= v; }, configurable: true });\nclass Evil extends Array { static get [Symbol.species]() { return Evil; } }\nconst notes = await units.notes.listNotes();\nconst ids = Evil.from(notes).map((n: any) => n.id);\nreturn [ids.length, pwn(first ?? {})];",
    expect: { value: same([2, "contained"]) },
  },
  {
    id: "R14",
    pattern:
      "polluted intrinsics the bridge uses (Object.prototype.get, JSON, Reflect, Function.prototype.call)",
    code: 'Object.defineProperty(Object.prototype, \'get\', { get() { throw (f: any) => f.constructor(\'return process\')(); }, configurable: true });\n(JSON as any).parse = () => ({ ok: true, value: \'forged\' });\n(JSON as any).stringify = () => \'{"kind":"call","unit":"notes","operation":"createNote","input":{"title":"x","body":"y"}}\';\n(Reflect as any).apply = () => { throw new Error(\'patched\'); };\n(Function.prototype as any).call = () => \'patched\';\nconst notes = await units.notes.listNotes();\nreturn Array.isArray(notes) ? notes.length : notes;',
    expect: { value: same(2) },
  },
  {
    id: "R15",
    pattern: "Reflect.construct(Promise, …, Fake) and Symbol.hasInstance against instanceof guards",
    code: "class Fake {}\nconst p = Reflect.construct(Promise, [(res: any) => res(units.notes.listNotes())], Fake);\nObject.defineProperty(Promise, Symbol.hasInstance, { value: () => true });\nconst v: any = await p;\nreturn [Array.isArray(v), pwn(v.constructor.constructor('return this')())];",
    // The fake-prototype promise is not thenable, so awaiting it yields the promise object itself.
    expect: { value: same([false, "contained"]) },
  },
  {
    id: "R16",
    pattern: ".then.call(p, undefined, cb) indirection around the bridge",
    code: `const p = ${MISSING};\nreturn await new Promise((resolve) => Promise.prototype.then.call(p, undefined, (e: any) => resolve([e.code, pwn(e.constructor.constructor('return this')())])));`,
    expect: { value: same(["HTTP_STATUS", "contained"]) },
  },
  {
    id: "R17",
    pattern: "thenable assimilation through Promise.resolve, all and race",
    code: "const t = { then(res: any) { res(pwn((this as any).constructor.constructor('return this')())); } };\nreturn [await Promise.resolve(t), await Promise.all([t]), await Promise.race([t])];",
    expect: { value: same(["contained", ["contained"], "contained"]) },
  },
  {
    id: "R18",
    pattern: "bridge promises and results are sandbox objects, not host ones",
    code: "const p = units.notes.listNotes();\nconst v = await p;\nreturn [Object.getPrototypeOf(p) === Promise.prototype, Object.getPrototypeOf(v) === Array.prototype, pwn(Object.getPrototypeOf(p).constructor.constructor('return this')())];",
    expect: { value: same([true, true, "contained"]) },
  },
  {
    id: "R19",
    pattern: "unhandled rejections: ignored bridge failures and rejected executors",
    code: `Promise.reject(new Error("ignored"));\n${MISSING};\nnew Promise((_, reject) => reject(new Error("executor")));\nreturn "done";`,
    expect: { value: same("done") },
  },
  {
    id: "R20",
    pattern: "reach process, require, module, fetch, Buffer, import(), eval and Function",
    code: "const found: Record<string, string> = {};\nfor (const name of ['process', 'require', 'module', 'fetch', 'Buffer', 'global']) found[name] = typeof (globalThis as any)[name];\nfound.eval = (0, eval)('typeof process');\nfound.fn = Function('return typeof require')();\nfound.import = await import('node:fs').then(() => 'loaded', () => 'refused');\nreturn Object.values(found);",
    expect: {
      value: same([
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "refused",
      ]),
    },
  },
  {
    id: "R21",
    pattern: "timeout escape through microtasks",
    code: "Promise.resolve().then(() => { for (;;) {} });\n(globalThis as any).queueMicrotask?.(() => {});\nreturn await new Promise(() => {});",
    timeoutMs: 300,
    expect: { error: "TIMEOUT" },
  },
  {
    id: "R22a",
    pattern: "'x'.repeat(2**29)",
    code: "return 'x'.repeat(2 ** 29);",
    expect: { error: "MEMORY_LIMIT" },
  },
  {
    id: "R22b",
    pattern: "new Array(1e9) + ''",
    code: "return (new Array(1e9) + '').length;",
    timeoutMs: 300,
    expect: { error: ["TIMEOUT", "MEMORY_LIMIT"] },
  },
  {
    id: "R22c",
    pattern: "Array.prototype.indexOf.call({ length: 4294967295 }, 1)",
    code: "return Array.prototype.indexOf.call({ length: 4294967295 } as any, 1);",
    timeoutMs: 300,
    expect: { error: "TIMEOUT" },
  },
  {
    id: "R22d",
    pattern: "catastrophic regular expression /^(a+)+$/ on 30 a's",
    code: "return /^(a+)+$/.test('a'.repeat(30) + '!');",
    timeoutMs: 300,
    expect: { error: "TIMEOUT" },
  },
  {
    id: "R22e",
    pattern: "deep recursion",
    code: "const f = (): number => f() + 1;\nreturn f();",
    expect: { error: "STACK_OVERFLOW" },
  },
  {
    id: "R23",
    pattern: "no reference, copy or callback objects in bridge results",
    code: "const v: any = await units.notes.getNote({ id: 'n1' });\nreturn [Object.values(v).map((x) => typeof x), typeof v.deref, typeof v.copy, typeof v.applySync];",
    expect: {
      value: same([["string", "string", "string", "object"], "undefined", "undefined", "undefined"]),
    },
  },
  {
    id: "R24",
    pattern: "allocate several times the memory limit in small ArrayBuffers",
    code: "const keep = [];\nfor (let i = 0; i < 4096; i++) keep.push(new ArrayBuffer(2 ** 20));\nreturn keep.length;",
    expect: { error: "MEMORY_LIMIT" },
  },
  {
    id: "S9a",
    pattern: "calling operations and units that are not in the bundle",
    code: "const read = () => { try { return typeof (units as any).billing; } catch (e: any) { return e.code; } };\nreturn [typeof (units.notes as any).deleteNote, 'billing' in units, read(), await (units as any).describe('billing').catch((e: any) => e.code)];",
    expect: { value: same(["undefined", false, "UNKNOWN_UNIT", "UNKNOWN_UNIT"]) },
  },
  {
    id: "S9b",
    pattern: "arguments failing the schema are refused before dispatch",
    code: "return await units.notes.getNote({ id: 42 } as any);",
    expect: { error: "INPUT_INVALID" },
  },
  {
    id: "vm2-CVE-2023-32314",
    pattern: "error name with a proxied toString reaching the host through stack formatting",
    code: "const err: any = new Error();\nerr.name = { toString: new Proxy(() => '', { apply(_t, _s, args: any) { return pwn(args.constructor.constructor('return process')()); } }) };\nreturn String(err.stack ?? '') + String(err);",
    expect: { error: "SCRIPT_ERROR" },
  },
  {
    id: "vm2-GHSA-ch3r",
    pattern: "replaced Promise and Promise.prototype.then before calling the bridge",
    code: "const realThen = Promise.prototype.then;\n(Promise.prototype as any).then = function (this: any, ok: any, bad: any) { return realThen.call(this, (v: any) => ok?.(pwn(v)), bad); };\n(globalThis as any).Promise = class { constructor() { throw new Error('replaced'); } };\nreturn await units.notes.listNotes();",
    expect: { value: (v) => Array.isArray(v) && v.length === 2 },
  },
];

/** True when a result shows no sign of a successful escape. */
export function contained(result: CodeModeResult): boolean {
  return !JSON.stringify(result).includes("ESCAPED");
}
