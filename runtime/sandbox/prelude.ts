/**
 * What the sandbox's global scope holds: the reviewed allowlist of global names, and the prelude
 * (sandbox-side JavaScript) that removes every other global and defines `units` and `console`.
 * The prelude's stubs only shape requests; the host checks every request against the bundle.
 */

/**
 * The sandbox's global names: ECMAScript built-ins QuickJS provides, minus `SharedArrayBuffer`
 * (S8), `WeakRef` and `FinalizationRegistry` (they expose garbage-collection timing), plus `units`
 * and `console`. Everything else is deleted before agent code runs; a change here needs review.
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
 * reachable only through these closures.
 */
export const PRELUDE = `(() => {
  "use strict";
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const bigints = (key, value) => (typeof value === "bigint" ? String(value) : value);
  const define = (target, key, value) =>
    Object.defineProperty(target, key, { value, enumerable: true, writable: false, configurable: false });

  function callError(error, site) {
    const e = new Error(String(error.message));
    // The stack of the call in the script, so a failure points at the line that made it.
    if (typeof site.stack === "string") e.stack = site.stack;
    e.name = "UnitError";
    e.code = String(error.code);
    if (typeof error.hint === "string") e.hint = error.hint;
    if (Array.isArray(error.problems)) e.problems = error.problems.map(String);
    if (typeof error.status === "number") e.status = error.status;
    return e;
  }

  function makeUnits(hostCall, catalogJson) {
    // Set once the host answers a request with nothing: the run is ending, so no call is serialised again.
    let ending = false;
    async function request(payload, site) {
      if (ending) throw new Error("the run is ending: no more calls");
      const answer = hostCall(stringify(payload));
      if (answer === undefined) {
        ending = true;
        throw new Error("the run is ending: no more calls");
      }
      const reply = parse(await answer);
      if (reply.ok) return reply.value;
      throw callError(reply.error, site);
    }
    const units = {};
    for (const unit of parse(catalogJson)) {
      const client = {};
      for (const operation of unit.operations) {
        define(client, operation, function (input) {
          return request({ kind: "call", unit: unit.id, operation, input }, new Error());
        });
      }
      define(units, unit.id, Object.freeze(client));
    }
    define(units, "search", function search(query, options) {
      const o = options ?? {};
      return request({ kind: "search", query, unit: o.unit, limit: o.limit }, new Error());
    });
    define(units, "describe", function describe(unit, operation) {
      return request({ kind: "describe", unit, operation }, new Error());
    });
    return Object.freeze(units);
  }

  function show(value) {
    try {
      if (typeof value === "string") return value;
      if (value instanceof Error) return String(value.name) + ": " + String(value.message);
      const text = stringify(value, bigints);
      return text === undefined ? String(value) : text;
    } catch {
      try {
        return String(value);
      } catch {
        return "[value]";
      }
    }
  }

  function makeConsole(hostLog) {
    const console = {};
    for (const level of ["log", "info", "warn", "error", "debug"]) {
      define(console, level, function (...args) {
        hostLog(level, args.map(show).join(" "));
      });
    }
    return Object.freeze(console);
  }

  function serialize(value) {
    return stringify(value, bigints);
  }

  function field(error, key) {
    const value = error[key];
    return typeof value === "string" ? value : undefined;
  }

  function describeError(error) {
    try {
      if (typeof error !== "object" || error === null) return stringify({ name: "Thrown", message: show(error) });
      const { name, message } = error;
      const fields = { code: field(error, "code"), hint: field(error, "hint"), stack: field(error, "stack") };
      return stringify({ name: show(name), message: show(message), ...fields });
    } catch {
      return stringify({ name: "Error", message: "the script threw a value that cannot be described" });
    }
  }

  return function install(hostCall, hostLog, allowedJson) {
    const allowed = parse(allowedJson);
    for (const name of Object.getOwnPropertyNames(globalThis)) {
      if (!allowed.includes(name)) Reflect.deleteProperty(globalThis, name);
    }
    define(globalThis, "console", makeConsole(hostLog));
    function defineUnits(catalogJson) {
      define(globalThis, "units", makeUnits(hostCall, catalogJson));
      const left = Object.getOwnPropertyNames(globalThis).filter((name) => !allowed.includes(name));
      if (left.length > 0) throw new Error("globals outside the allowlist: " + left.join(", "));
    }
    return { serialize, describeError, defineUnits };
  };
})()`;
