/**
 * A QuickJS context ready for one run: a runtime and context of its own, the prelude evaluated,
 * every global outside the allowlist deleted and `console` defined. Evaluating the prelude is most
 * of what a short run costs, so engine workers prepare the next context while idle; a run then only
 * defines `units` for its catalogue and evaluates the script. Each context serves exactly one run.
 */
import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
  VmFunctionImplementation,
} from "quickjs-emscripten-core";
import { PRELUDE, SANDBOX_GLOBALS } from "./prelude.js";

/** What the two host functions the prelude holds do; set by the run that takes the context. */
export interface HostFunctions {
  call: VmFunctionImplementation<QuickJSHandle>;
  log: VmFunctionImplementation<QuickJSHandle>;
}

/** The prelude's functions, as handles. */
export interface PreludeApi {
  /** `serialize(value)` → JSON text of a result. */
  serialize: QuickJSHandle;
  /** `describeError(error)` → JSON text `{name, message, stack?, internal?, host?: {code, message, hint?}}`. */
  describeError: QuickJSHandle;
  /** `defineUnits(catalogJson)` defines `units` and checks the globals against the allowlist. */
  defineUnits: QuickJSHandle;
}

export interface FreshContext {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  api: PreludeApi;
  /** The catalogue (JSON) `units` is defined for, once it is. */
  readonly catalog: string | undefined;
  /**
   * Defines `units` for `catalog` (JSON), once per context: a worker does it for its last run's
   * catalogue while it waits, so the next run of the same bundle finds `units` already there.
   */
  defineUnits(catalog: string): void;
  /** Routes the prelude's host functions to the run that takes this context. */
  attach(functions: HostFunctions): void;
  /** Frees every handle, the context and the runtime. */
  dispose(): void;
}

/** Makes a fresh runtime and context and installs the prelude in it. */
export function freshContext(quickjs: QuickJSWASMModule): FreshContext {
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  const handles: QuickJSHandle[] = [];
  const keep = (handle: QuickJSHandle) => {
    handles.push(handle);
    return handle;
  };
  let owner: HostFunctions | undefined;
  const dispose = () => {
    for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
  };
  try {
    const factory = keep(context.unwrapResult(context.evalCode(PRELUDE, "prelude.js")));
    const args = [
      // Until a run takes the context nothing can call these: no script code has run in it.
      context.newFunction("call", function (...args) {
        return owner?.call.apply(this, args);
      }),
      context.newFunction("log", function (...args) {
        return owner?.log.apply(this, args);
      }),
      context.newString(JSON.stringify(SANDBOX_GLOBALS)),
    ].map(keep);
    const api = keep(context.unwrapResult(context.callFunction(factory, context.undefined, ...args)));
    const property = (name: string) => keep(context.getProp(api, name));
    const defineUnits = property("defineUnits");
    let catalog: string | undefined;
    return {
      runtime,
      context,
      api: {
        serialize: property("serialize"),
        describeError: property("describeError"),
        defineUnits,
      },
      get catalog() {
        return catalog;
      },
      defineUnits(json) {
        if (catalog !== undefined) throw new Error("units are defined once per context");
        const text = keep(context.newString(json));
        keep(context.unwrapResult(context.callFunction(defineUnits, context.undefined, text)));
        catalog = json;
      },
      attach(functions) {
        if (owner) throw new Error("a fresh context serves one run");
        owner = functions;
      },
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}
