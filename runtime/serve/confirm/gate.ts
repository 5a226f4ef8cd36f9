/**
 * Where confirmation sits in the call path. A session's context is wrapped per `tools/call` (and
 * `unitc/call`) request: its `call` asks the person first when the policy says so, and its `runCode`
 * hands the run a confirmer that the Code Mode runtime consults before each unit call the script
 * makes (the worker's call comes back to the main thread, which asks through the same request and
 * waits within the script's time limit). Only an accepted confirmation lets the call through.
 */

import type { CallOptions, UnitRuntime } from "../../calls/create-runtime.js";
import { runtimeView } from "../../calls/runtime-view.js";
import { confirmReason, type PolicyOperation } from "../../contract/confirm.js";
import type { ConfirmSetting, JsonSchema, Manifest, ManifestUnit } from "../../contract/manifest.js";
import { schemaProblems } from "../../shared/input-problems.js";
import type { ServedUnit } from "../shared/catalog.js";
import { askPerson, type Elicitor } from "./ask.js";
import { type ConfirmOptions, DEFAULT_CONFIRM_TIMEOUT_MS } from "./policy.js";

/** A unit as confirmation reads it: its served ID, name, own `confirm` and operations. */
interface ConfirmUnit {
  id: string;
  name?: string;
  confirm?: ConfirmSetting;
  operations: ReadonlyArray<PolicyOperation & { inputSchema?: unknown }>;
}

/** Asks before a Code Mode call of `operation` of `unit` (a unit of the run's manifest) when it needs it. */
export type CodeModeConfirm = (
  unit: ManifestUnit,
  operation: string,
  input: unknown,
  signal?: AbortSignal,
) => Promise<void>;

/** Resolves when the call may be made; throws `CONFIRMATION_DECLINED` or `CONFIRMATION_UNAVAILABLE`. */
async function confirmCall(
  unit: ConfirmUnit,
  name: string,
  input: unknown,
  signal: AbortSignal | undefined,
  elicitor: Elicitor,
  options: ConfirmOptions | undefined,
): Promise<void> {
  // The runtime's own lookup: the first operation whose source or TS name it is. Any other rule could
  // confirm one operation while the runtime calls another.
  const operation = unit.operations.find((op) => op.name === name || op.tsName === name);
  // An unknown operation fails in the call itself, with the runtime's own answer.
  if (!operation) return;
  const reason = confirmReason(unit.id, operation, unit.confirm, options?.operations);
  if (reason === undefined) return;
  // A call that would fail on its input is not put to the person: it fails as it would unconfirmed.
  const schema = operation.inputSchema;
  if (typeof schema === "object" && schema !== null) {
    if ((await schemaProblems(schema as JsonSchema, input ?? {})).length > 0) return;
  }
  const question = {
    unitId: unit.id,
    ...(unit.name !== undefined ? { unitName: unit.name } : {}),
    operation: operation.name,
    reason,
    input: input ?? {},
  };
  await askPerson(elicitor, question, options?.timeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS, signal);
}

/** What a session context offers that confirmation wraps (the serve context's shape). */
interface Confirmable {
  call(
    unit: ServedUnit,
    operation: string,
    input: unknown,
    signal?: AbortSignal,
    projectRoot?: string,
  ): Promise<unknown>;
  manifestUnit(unit: ServedUnit): ManifestUnit | undefined;
  runCode(input: object, units?: readonly string[], projectRoot?: string): Promise<unknown>;
}

/**
 * `context` for one request whose client `elicitor` asks: calls that need the person's confirmation
 * wait for it, Code Mode runs carry a confirmer. Everything else is `context`'s own.
 */
export function confirmingContext<C extends Confirmable>(
  context: C,
  elicitor: Elicitor,
  options: ConfirmOptions | undefined,
): C {
  // The wrapper inherits every other member of `context`, whatever it is.
  const wrapped = Object.create(context) as C;
  wrapped.call = async (unit, operation, input, signal, projectRoot) => {
    // A unit of this instance's bundles is read from its manifest (its `confirm`, HTTP methods); an
    // upstream's from the catalogue, whose instance confirms by its own settings as well.
    const own = context.manifestUnit(unit);
    const confirmUnit: ConfirmUnit = {
      id: unit.id,
      name: unit.unit.name,
      ...(own?.confirm !== undefined ? { confirm: own.confirm } : {}),
      operations: own?.operations ?? unit.unit.operations,
    };
    await confirmCall(confirmUnit, operation, input, signal, elicitor, options);
    return context.call(unit, operation, input, signal, projectRoot);
  };
  const confirm: CodeModeConfirm = (unit, operation, input, signal) =>
    confirmCall(unit, operation, input, signal, elicitor, options);
  wrapped.runCode = (input, units, projectRoot) => context.runCode({ ...input, confirm }, units, projectRoot);
  return wrapped;
}

const unitMaps = new WeakMap<Manifest, Map<string, ManifestUnit>>();

function unitOf(manifest: Manifest, unitId: string): ManifestUnit | undefined {
  let units = unitMaps.get(manifest);
  if (!units) {
    units = new Map(manifest.units.map((unit) => [unit.id, unit]));
    unitMaps.set(manifest, units);
  }
  return units.get(unitId);
}

/** `runtime` asking `confirm` before every call it makes (itself without a confirmer). */
export function confirmingRuntime(runtime: UnitRuntime, confirm: CodeModeConfirm | undefined): UnitRuntime {
  if (!confirm) return runtime;
  const confirmed = async (unitId: string, name: string, input: unknown, options?: CallOptions) => {
    const unit = unitOf(runtime.manifest, unitId);
    if (unit) await confirm(unit, name, input, options?.signal);
  };
  return runtimeView(runtime, {
    invoke: async (unitId, name, input, options) => {
      await confirmed(unitId, name, input, options);
      return runtime.invoke(unitId, name, input, options);
    },
    call: async (unitId, name, input, options) => {
      await confirmed(unitId, name, input, options);
      return runtime.call(unitId, name, input, options);
    },
  });
}
