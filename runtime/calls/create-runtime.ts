/** The in-process runtime: look up an operation, validate the input, invoke it. */

import { UnitError } from "../contract/errors.js";
import {
  checkManifest,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
  readManifest,
} from "../contract/manifest.js";
import { invokerFor } from "../invoke/index.js";
import type { ForwardMethod } from "../invoke/mcp/types.js";
import { type RuntimeServices, servicesOf } from "../invoke/shared/services.js";
import type { InvokeResult, Invoker } from "../invoke/shared/types.js";
import { flushTelemetry } from "../observe/export.js";
import { callLabels, startTelemetryQuietly } from "../observe/runtime-hooks.js";
import { observeCall } from "../observe/spans.js";
import { nearestHint } from "../shared/did-you-mean.js";
import { schemaProblems } from "../shared/input-problems.js";
import { type RuntimeEvent, RuntimeResources } from "../shared/resources.js";
import { type UserServingSettings, withUserSettings } from "../shared/user-settings.js";
import { noteAuditedInput } from "./audited-input.js";
import { boundFolder } from "./project-root.js";
import { type RuntimeStorageOptions, runtimeStorage } from "./runtime-storage.js";

/** A runtime's bundle and options; its services (env, vault, OAuth, fetch, resolver) are {@link RuntimeServices}. */
export interface RuntimeOptions extends RuntimeStorageOptions, RuntimeServices {
  /** A manifest already in memory; relative paths in it resolve against `baseDir`. */
  manifest?: Manifest;
  /** Or the path of `manifest.json`. */
  manifestPath?: string | URL;
  /** Folder relative paths in the manifest resolve against (default: the manifest's folder or cwd). */
  baseDir?: string;
  /**
   * The process makes a call and exits (`unitc call`): HTTP requests go over node:http on a
   * connection each, under the same outbound checks, instead of loading the pooled HTTP client
   * (undici), which is a good part of such a process's time. Leave it off for anything long-lived.
   */
  oneShot?: boolean;
  /** Notices about backends: an MCP server started, crashed, or changed its tools since compile. */
  onEvent?: (event: RuntimeEvent) => void;
  /**
   * Invokers for `invoke.kind`s the runtime does not have (tests and benchmarks call an in-process
   * function this way); a built-in kind is never replaced.
   */
  invokers?: Readonly<Record<string, Invoker>>;
  /**
   * The long-lived resources (MCP sessions) to use; default a fresh set. The serving host passes its
   * own, to hand unchanged units' sessions over when it swaps bundles.
   */
  resources?: RuntimeResources;
  /** The serving person's `options.exposure` and search limits, laid over the bundle's (`user-settings.ts`). */
  user?: UserServingSettings;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The project root the caller's session supplies: a unit bound to a project runs there, and
   * without one fails with `PROJECT_ROOT_REQUIRED`; other units ignore it.
   */
  projectRoot?: string;
}

/** A loaded bundle, ready to call. */
export interface UnitRuntime {
  readonly manifest: Manifest;
  /** The `manifest.json` it was read from (absolute); its folder holds the Code Mode declarations. */
  readonly manifestPath?: string;
  /** The unit and operation, or a `UNKNOWN_UNIT` / `UNKNOWN_OPERATION` error. */
  operation(unitId: string, name: string): { unit: ManifestUnit; operation: ManifestOperation };
  /** Calls an operation and returns the full result, including whether it was truncated. */
  invoke(unitId: string, name: string, input?: unknown, options?: CallOptions): Promise<InvokeResult>;
  /** Calls an operation and returns its value; failures are thrown as `UnitError`. */
  call<T = unknown>(unitId: string, name: string, input?: unknown, options?: CallOptions): Promise<T>;
  /**
   * Forwards `resources/read` or `prompts/get` to an MCP unit's downstream server (its tools' session);
   * a unit of another kind is `UNSUPPORTED_BACKEND`.
   */
  forward(
    unitId: string,
    method: ForwardMethod,
    params: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<unknown>;
  /** Closes long-lived connections and ends the processes they started (MCP servers). */
  close(): Promise<void>;
  /**
   * Only on a view cut by a caller's operation rules: the TS names of `unitId`'s operations it hides,
   * so Code Mode asks the host about a call to one (and gets its refusal) instead of failing blindly.
   */
  withheld?(unitId: string): readonly string[];
}

function load(options: RuntimeOptions): { manifest: Manifest; baseDir: string; manifestPath?: string } {
  if (options.manifest) {
    const manifest = withUserSettings(checkManifest(options.manifest), options.user);
    return { manifest, baseDir: options.baseDir ?? process.cwd() };
  }
  if (options.manifestPath === undefined) {
    throw new UnitError("MANIFEST_INVALID", "createRuntime needs a manifest or a manifestPath");
  }
  const loaded = readManifest(options.manifestPath);
  return {
    manifest: withUserSettings(loaded.manifest, options.user),
    baseDir: options.baseDir ?? loaded.baseDir,
    manifestPath: loaded.file,
  };
}

/** `UnitRuntime.operation` over a bundle's units. */
function operationLookup(units: Map<string, ManifestUnit>): UnitRuntime["operation"] {
  // Per unit, operations by source name and by TS name (first declared wins), built on first use.
  const byName = new Map<ManifestUnit, Map<string, ManifestOperation>>();
  const operationsOf = (unit: ManifestUnit) => {
    let table = byName.get(unit);
    if (!table) {
      table = new Map();
      for (const op of unit.operations) {
        if (!table.has(op.name)) table.set(op.name, op);
        if (!table.has(op.tsName)) table.set(op.tsName, op);
      }
      byName.set(unit, table);
    }
    return table;
  };

  return (unitId: string, name: string) => {
    const unit = units.get(unitId);
    if (!unit) {
      throw new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} in this bundle`, {
        hint: nearestHint("units", unitId, [...units.keys()]),
      });
    }
    const found = operationsOf(unit).get(name);
    if (!found) {
      throw new UnitError("UNKNOWN_OPERATION", `unit ${unitId} has no operation ${JSON.stringify(name)}`, {
        unit: unitId,
        // A big unit has thousands of operations: the nearest few, not a list of all.
        hint: nearestHint(
          "operations",
          name,
          unit.operations.map((o) => o.tsName),
        ),
      });
    }
    return { unit, operation: found };
  };
}

/** Throws `INPUT_INVALID`, naming every problem, when `input` does not match the operation's schema. */
async function checkInput(unitId: string, operation: ManifestOperation, input: unknown): Promise<void> {
  const problems = await schemaProblems(operation.inputSchema, input);
  if (problems.length > 0) {
    throw new UnitError(
      "INPUT_INVALID",
      `invalid input for ${unitId}.${operation.tsName}: ${problems.join("; ")}`,
      {
        unit: unitId,
        operation: operation.name,
        problems,
        hint: "match the operation's input type (units.describe shows it)",
      },
    );
  }
}

/** What a forward to an MCP unit's server takes from its runtime. */
interface ForwardReach {
  env: Record<string, string | undefined>;
  baseDir: string;
  resources: RuntimeResources;
  options: RuntimeOptions;
}

/** `UnitRuntime.forward`: over the session of the unit's tools; a unit not MCP is `UNSUPPORTED_BACKEND`. */
async function forwardTo(
  unit: ManifestUnit | undefined,
  unitId: string,
  method: ForwardMethod,
  params: Record<string, unknown>,
  callOptions: CallOptions,
  reach: ForwardReach,
): Promise<unknown> {
  const { env, baseDir, resources, options } = reach;
  if (!unit) throw new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} in this bundle`);
  if (unit.connection.kind !== "mcp") {
    throw new UnitError("UNSUPPORTED_BACKEND", `unit ${unitId} is not an MCP server: it has no ${method}`);
  }
  const projectRoot = boundFolder(unit, callOptions.projectRoot);
  const { sessionOf } = await import("../invoke/mcp/index.js");
  const session = await sessionOf({
    unit,
    ...(projectRoot !== undefined ? { projectRoot } : {}),
    env,
    baseDir,
    resources,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  return session.forward(method, params, callOptions.signal);
}

/** Creates a runtime over a compiled bundle's manifest. */
export function createRuntime(options: RuntimeOptions): UnitRuntime {
  const { manifest, baseDir, manifestPath } = load(options);
  startTelemetryQuietly();
  const units = new Map(manifest.units.map((u) => [u.id, u]));
  const env = options.env ?? process.env;
  const resources = options.resources ?? new RuntimeResources(options.onEvent);
  // Opened only at the first vault: reference or OAuth token, so most runtimes never touch storage.
  const storage = options.vault ? undefined : runtimeStorage(options, env, options.fetch);
  const vault = options.vault ?? storage?.vault;
  const oauth = options.oauth ?? storage?.oauth;
  // Every call gets the services whole, the defaults filled in.
  const services = { ...servicesOf(options), env, ...(vault ? { vault } : {}), ...(oauth ? { oauth } : {}) };
  const operation = operationLookup(units);

  const invokeChecked = async (unitId: string, name: string, input: unknown, callOptions: CallOptions) => {
    const target = operation(unitId, name);
    noteAuditedInput(target.unit, input, services);
    await checkInput(unitId, target.operation, input);
    const projectRoot = boundFolder(target.unit, callOptions.projectRoot);
    const invoker = invokerFor(target.operation.invoke, options.invokers);
    return invoker(input, {
      ...target,
      ...(projectRoot !== undefined ? { projectRoot } : {}),
      ...services,
      baseDir,
      ...(callOptions.signal ? { signal: callOptions.signal } : {}),
      ...(options.oneShot ? { oneShot: true } : {}),
      resources,
    });
  };
  const invoke = (unitId: string, name: string, input: unknown = {}, callOptions: CallOptions = {}) =>
    observeCall(callLabels(units, unitId, name), () => invokeChecked(unitId, name, input, callOptions));

  return {
    manifest,
    ...(manifestPath !== undefined ? { manifestPath } : {}),
    operation,
    invoke,
    async call<T>(unitId: string, name: string, input?: unknown, callOptions?: CallOptions): Promise<T> {
      return (await invoke(unitId, name, input, callOptions)).value as T;
    },
    forward(unitId, method, params, callOptions = {}) {
      return forwardTo(units.get(unitId), unitId, method, params, callOptions, {
        env,
        baseDir,
        resources,
        options,
      });
    },
    async close() {
      await resources.close();
      await storage?.close();
      await flushTelemetry();
    },
  };
}
