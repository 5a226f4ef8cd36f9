(() => {
  "use strict";
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const getPrototypeOf = Object.getPrototypeOf;
  const create = Object.create;
  const freeze = Object.freeze;
  const isArray = Array.isArray;
  const ProxyOf = Proxy;
  const getOf = Reflect.get;
  const hasOf = Reflect.has;
  const ObjectPrototype = Object.prototype;
  const join = Array.prototype.join;
  const includes = Array.prototype.includes;
  const ErrorOf = Error;
  const StringOf = String;
  const internalErrors = InternalError.prototype;
  const weakGet = WeakMap.prototype.get;
  const weakSet = WeakMap.prototype.set;
  /** The errors made here from a failed call's answer, with the host's code, message and hint. */
  const hostErrors = new WeakMap();
  const bigints = (key, value) => (typeof value === "bigint" ? StringOf(value) : value);
  /**
   * Set once one of the built-ins below threw null. Out of memory inside one call of a built-in,
   * QuickJS may fail to make even its own error and throw null; unwinding then frees the memory
   * before the run ends, so the throw is noted here as it passes, to be reported as out of memory.
   */
  let builtinOutOfMemory = false;
  // Built-ins that can fill the heap in one call and run no script code of their own.
  const oneCall = [[String.prototype, ["split", "repeat", "padStart", "padEnd", "concat"]],
    [Array.prototype, ["join", "concat", "fill", "slice", "flat"]]];
  for (const [target, names] of oneCall) for (const name of names) {
    const original = target[name];
    const watched = { [name](...args) {
      try { return apply(original, this, args); }
      catch (error) { if (error === null) builtinOutOfMemory = true; throw error; }
    } }[name];
    defineProperty(target, name, { value: watched, writable: true, enumerable: false, configurable: true });
  }
  // QuickJS has no Symbol.dispose or Symbol.asyncDispose, which the transpiled form of `using`
  // and `await using` looks up: the registered symbols of those names stand in for them.
  for (const name of ["dispose", "asyncDispose"]) if (Symbol[name] === undefined)
    defineProperty(Symbol, name, { value: Symbol.for("Symbol." + name), writable: false, enumerable: false, configurable: false });
  const define = (target, key, value) =>
    defineProperty(target, key, { value, enumerable: true, writable: false, configurable: false });
  // As an assignment would, without running a setter the script put on a prototype.
  const set = (target, key, value) =>
    defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

  function callError(error, site) {
    const e = new ErrorOf(StringOf(error.message));
    // The stack of the call in the script, so a failure points at the line that made it.
    if (typeof site.stack === "string") set(e, "stack", site.stack);
    set(e, "name", "UnitError");
    set(e, "code", StringOf(error.code));
    const host = create(null);
    host.code = e.code;
    host.message = e.message;
    if (typeof error.hint === "string") {
      set(e, "hint", error.hint);
      host.hint = error.hint;
    }
    if (isArray(error.problems)) {
      const problems = [];
      for (let i = 0; i < error.problems.length; i++) set(problems, i, StringOf(error.problems[i]));
      set(e, "problems", problems);
    }
    if (typeof error.status === "number") {
      set(e, "status", error.status);
      host.status = error.status;
    }
    if (typeof error.excerpt === "string") {
      set(e, "excerpt", StringOf(error.excerpt));
      host.excerpt = StringOf(error.excerpt);
    }
    apply(weakSet, hostErrors, [e, host]);
    return e;
  }

  /** A request as an object without a prototype: a toJSON the script put on Object.prototype is not called. */
  function bare(kind, pairs) {
    const out = create(null);
    out.kind = kind;
    for (let i = 0; i < pairs.length; i += 2) out[pairs[i]] = pairs[i + 1];
    return out;
  }

  function makeUnits(hostCall, catalogJson) {
    // Set once the host answers a request with nothing: the run is ending, so no call is serialised again.
    let ending = false;
    async function request(payload, site) {
      if (ending) throw new ErrorOf("the run is ending: no more calls");
      const answer = hostCall(stringify(payload));
      if (answer === undefined) {
        ending = true;
        throw new ErrorOf("the run is ending: no more calls");
      }
      const reply = parse(await answer);
      if (reply.ok) return reply.value;
      throw callError(reply.error, site);
    }
    const units = {};
    const here = [];
    for (const unit of parse(catalogJson)) {
      if (unit.exposure === undefined) here[here.length] = unit.id;
      if (unit.exposure !== undefined) {
        // A unit served another way: reading it says so, instead of leaving undefined to fail later.
        const why =
          'unit "' + unit.id + '" is not exposed to Code Mode (its exposure is ' + unit.exposure +
          "); call it through its MCP tools, or set its exposure to include code_mode";
        defineProperty(units, unit.id, {
          get() {
            throw new ErrorOf(why);
          },
          enumerable: false,
          configurable: false,
        });
        continue;
      }
      const client = {};
      const caller = (operation) => function (input) {
        return request(bare("call", ["unit", unit.id, "operation", operation, "input", input]), new ErrorOf());
      };
      for (const operation of unit.operations) define(client, operation, caller(operation));
      freeze(client);
      const withheld = unit.withheld;
      if (withheld === undefined) {
        define(units, unit.id, client);
        continue;
      }
      // An operation the caller's rules hide is neither listed nor `in` the client, but a call to it
      // is asked of the host, which says it is not allowed, instead of failing as a TypeError.
      define(units, unit.id, new ProxyOf(client, {
        get(target, key, receiver) {
          if (typeof key === "string" && !hasOf(target, key) && apply(includes, withheld, [key])) {
            return caller(key);
          }
          return getOf(target, key, receiver);
        },
      }));
    }
    define(units, "search", function search(query, options) {
      const o = options ?? {};
      return request(bare("search", ["query", query, "unit", o.unit, "limit", o.limit]), new ErrorOf());
    });
    define(units, "describe", function describe(unit, operation) {
      return request(bare("describe", ["unit", unit, "operation", operation]), new ErrorOf());
    });
    freeze(units);
    // Reading a unit that is not here (a typo, or one outside the caller's scope) throws the host's
    // UNKNOWN_UNIT at once, instead of leaving undefined to fail as a TypeError at the next dot. The
    // names every object answers (toString, then, toJSON) and symbols read as before.
    const hint = "units here: " + (here.length > 0 ? apply(join, here, [", "]) : "none") +
      "; units.search finds operations";
    return new ProxyOf(units, {
      get(target, key, receiver) {
        if (typeof key === "string" && !hasOf(target, key) && !(key in ObjectPrototype) &&
            key !== "then" && key !== "toJSON") {
          throw callError({ code: "UNKNOWN_UNIT", message: "no unit " + stringify(key) + " in Code Mode", hint },
            new ErrorOf());
        }
        return getOf(target, key, receiver);
      },
    });
  }

  function show(value) {
    try {
      if (typeof value === "string") return value;
      if (value instanceof ErrorOf) return StringOf(value.name) + ": " + StringOf(value.message);
      const text = stringify(value, bigints);
      return text === undefined ? StringOf(value) : text;
    } catch {
      try {
        return StringOf(value);
      } catch {
        return "[value]";
      }
    }
  }

  function makeConsole(hostLog) {
    const console = {};
    for (const level of ["log", "info", "warn", "error", "debug"]) {
      define(console, level, function (...args) {
        let line = "";
        for (let i = 0; i < args.length; i++) line += (i === 0 ? "" : " ") + show(args[i]);
        hostLog(level, line);
      });
    }
    return freeze(console);
  }

  function serialize(value) {
    return stringify(value, bigints);
  }

  /**
   * A thrown value as JSON text {name, message, stack?, internal?, host?}, in objects without a
   * prototype (so nothing the script put on Object.prototype shows). Only an error made here from a
   * failed call carries host fields: a code the script set itself is not read.
   */
  function describeError(error) {
    try {
      const out = create(null);
      if (error === null && builtinOutOfMemory) {
        out.name = "InternalError";
        out.message = "out of memory";
        out.internal = true;
        return stringify(out);
      }
      if ((typeof error !== "object" && typeof error !== "function") || error === null) {
        out.name = "Thrown";
        out.message = show(error);
        return stringify(out);
      }
      const host = apply(weakGet, hostErrors, [error]);
      if (host !== undefined) out.host = host;
      if (getPrototypeOf(error) === internalErrors) out.internal = true;
      const { name, message, stack } = error;
      out.name = typeof name === "string" ? name : "Thrown";
      out.message = typeof message === "string" ? message : show(error);
      if (typeof stack === "string") out.stack = stack;
      return stringify(out);
    } catch {
      const out = create(null);
      out.name = "Error";
      out.message = "the script threw a value that cannot be described";
      return stringify(out);
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
})()