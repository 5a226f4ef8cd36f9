/** The sandbox's global scope equals a reviewed allowlist: a change here needs a security review. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { SANDBOX_GLOBALS } from "../../../runtime/sandbox/index.js";
import { type ExampleBundle, startExample } from "./support.js";

/** Reviewed: ECMAScript built-ins QuickJS provides, minus SharedArrayBuffer, WeakRef and FinalizationRegistry. */
const REVIEWED = [
  "AggregateError",
  "Array",
  "ArrayBuffer",
  "BigInt",
  "BigInt64Array",
  "BigUint64Array",
  "Boolean",
  "DataView",
  "Date",
  "Error",
  "EvalError",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "Function",
  "Infinity",
  "Int16Array",
  "Int32Array",
  "Int8Array",
  "InternalError",
  "Iterator",
  "JSON",
  "Map",
  "Math",
  "NaN",
  "Number",
  "Object",
  "Promise",
  "Proxy",
  "RangeError",
  "ReferenceError",
  "Reflect",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "SyntaxError",
  "TypeError",
  "URIError",
  "Uint16Array",
  "Uint32Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "WeakMap",
  "WeakSet",
  "console",
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "escape",
  "eval",
  "globalThis",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
  "undefined",
  "unescape",
  "units",
];

let example: ExampleBundle;
beforeAll(async () => {
  example = await startExample();
});
afterAll(() => example.close());

it("has exactly the reviewed global names", async () => {
  const result = await example.run("return Object.getOwnPropertyNames(globalThis).sort()");
  expect(result).toMatchObject({ ok: true, value: [...REVIEWED].sort() });
  expect([...SANDBOX_GLOBALS].sort()).toEqual([...REVIEWED].sort());
});

it("has no host capability under any name", async () => {
  const names = [
    "process",
    "require",
    "module",
    "fetch",
    "WebAssembly",
    "SharedArrayBuffer",
    "Atomics",
    "setTimeout",
    "setInterval",
    "setImmediate",
    "queueMicrotask",
    "Buffer",
    "XMLHttpRequest",
    "WebSocket",
    "importScripts",
    "postMessage",
    "WeakRef",
    "FinalizationRegistry",
    "std",
    "os",
  ];
  const result = await example.run(
    `return ${JSON.stringify(names)}.filter((n) => typeof (globalThis as any)[n] !== "undefined")`,
  );
  expect(result).toMatchObject({ ok: true, value: [] });
});

it("exposes every Code Mode unit's operations, and search and describe, on a frozen units", async () => {
  const result = await example.run(
    "return [Object.isFrozen(units), Object.keys(units), Object.keys(units.notes), Object.isFrozen(units.notes)]",
  );
  expect(result).toMatchObject({
    ok: true,
    value: [
      true,
      ["files", "notes", "weather__current", "weather__forecast", "search", "describe"],
      ["listNotes", "getNote", "createNote"],
      true,
    ],
  });
});
