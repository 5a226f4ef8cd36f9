/**
 * What the sandbox's global scope holds: the reviewed allowlist of global names, and the prelude
 * (sandbox-side JavaScript, `templates/code-mode/prelude.js`) that removes every other global and defines `units` and `console`.
 * The prelude's stubs only shape requests; the host checks every request against the bundle.
 */
import { readTemplate } from "../../shared/templates.js";

/**
 * The sandbox's global names: ECMAScript built-ins QuickJS provides, minus `SharedArrayBuffer`
 * (shared memory gives a script a precise timer), `WeakRef` and `FinalizationRegistry` (they
 * expose garbage-collection timing), plus `units` and `console`. Everything else is deleted before agent code runs; a change here needs review.
 */
export const SANDBOX_GLOBALS: readonly string[] = [
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

/**
 * Sandbox-side JavaScript, evaluated before the script in the same fresh context. The outer arrow
 * is a module scope: it keeps the intrinsics it needs (taken before any script code runs) and
 * evaluates to `install(hostCall, hostLog, allowedJson) → { serialize, describeError, defineUnits }`.
 * `install` deletes every global outside the allowlist and defines `console`; a run then calls
 * `defineUnits(catalogJson)` before its script. `hostCall(text)` sends one JSON request and returns a
 * promise of the JSON answer text (or the answer text itself, when the host refused the call at once,
 * or nothing, when the run is ending); `hostLog(level, text)` records a console line. Both stay
 * reachable only through these closures. Its text is `templates/code-mode/prelude.js`.
 */
export function sandboxPrelude(): string {
  return readTemplate("code-mode/prelude.js");
}
