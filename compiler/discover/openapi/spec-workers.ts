/**
 * How discoverOpenapi starts and joins the workers of a large spec: the input checks (see
 * input-checks.ts) and the spec's types (see types-module.ts). The first conversion runs with the
 * checks in the worker and holds what it says; when the worker refused a schema, the spec is
 * converted again with the checks in line and only that conversion speaks, so what the compile says
 * and writes is the same either way.
 */
import type { DiscoverContext, OperationIR, TypesModule, UnitIR } from "../shared/types.js";
import type { SpecRefs } from "../sources/refs.js";
import type { InputChecks } from "./input-checks.js";
import type { OperationSite } from "./operation.js";
import { typesDocument } from "./types-document.js";
import type { SpecTypes, TypesWorker } from "./types-module.js";

/** Said by a conversion whose input checks in a worker refused a schema (see input-checks.ts). */
export const RECHECK = Symbol("recheck");

/** One conversion of the spec, its input schemas checked in a worker when `workerChecks` is set. */
export type SpecConversion = (
  context: DiscoverContext<"openapi">,
  workerChecks: boolean,
) => Promise<UnitIR | undefined | typeof RECHECK>;

/** `convert` with the checks in a worker, then, when the worker refused a schema, in line. */
export async function convertChecked(
  context: DiscoverContext<"openapi">,
  convert: SpecConversion,
): Promise<UnitIR | undefined> {
  // What the first conversion says is held until it is known to stand: converted again, the spec
  // says it all again.
  const held: Array<() => void> = [];
  const holding: DiscoverContext<"openapi"> = {
    ...context,
    report: (...args) => void held.push(() => context.report(...args)),
    reportAt: (...args) => void held.push(() => context.reportAt(...args)),
  };
  let again = false;
  try {
    const unit = await convert(holding, true);
    if (unit !== RECHECK) return unit;
    again = true;
  } finally {
    if (!again) for (const say of held) say();
  }
  const unit = await convert(context, false);
  // Checked in line, nothing asks for a second conversion.
  return unit === RECHECK ? undefined : unit;
}

/** A worker checking input schemas (see input-checks.ts); undefined when none can be started. */
export async function startChecks(): Promise<InputChecks | undefined> {
  // Loaded on demand: its own chunk of the bundle is the file the worker runs.
  const { startInputChecks } = await import("./input-checks.js");
  return startInputChecks();
}

/**
 * From this many operations kept, the spec's types are written after the operations are converted
 * and their input schemas checked, not beside them. Beside them, three threads' heaps add up at
 * once: for Microsoft Graph v1.0 (11,422 operations, 20 MB) openapi-typescript's types worker (its
 * AST, about 300 MB, and what printing it takes), the conversion's IR and parsed spec (370 MB) and
 * the input checks (190 MB) made a peak of 1.4 to 1.6 GB. One after the other, the conversion's
 * thread holds only its IR while the types are written. The work is the same either way; what the
 * overlap saved was wall time on an idle machine, which an API of GitHub REST's size (about 1,100
 * operations, where the three add up to some 600 MB) keeps.
 */
export const TYPES_AFTER_OPERATIONS = 4_000;

/**
 * The threshold the compile reads ({@link TYPES_AFTER_OPERATIONS}): tests lower it to take the large
 * spec's path with a small spec, whose output must be the same as the other path's.
 */
export const specPaths = { typesAfterOperations: TYPES_AFTER_OPERATIONS };

/** Specs from this size (all their files) get their types written in a worker thread. */
export const WORKER_SPEC_BYTES = 1_000_000;

/**
 * A worker thread for the spec's types when the spec is large (`size`: all its files): a worker
 * costs a load of the TypeScript compiler (about half a second), which a small spec's types do not
 * repay. Started before the document it is given is made, so that load overlaps the making.
 */
export async function specTypesWorker(size: number): Promise<TypesWorker | undefined> {
  if (size < WORKER_SPEC_BYTES) return undefined;
  try {
    const { startTypesWorker } = await import("./types-module.js");
    return startTypesWorker();
  } catch {
    // The types are then written in this thread, and any problem is said there.
    return undefined;
  }
}

/**
 * Starts writing the spec's types with openapi-typescript, in `thread` when there is one (see
 * {@link specTypesWorker}); `done` settles with them, or why there are none.
 */
export async function startSpecTypes(
  refs: SpecRefs,
  kept: readonly OperationSite[],
  thread: TypesWorker | undefined,
): Promise<{ done: Promise<SpecTypes | { problem: string }> }> {
  const failed = (error: unknown) => ({ problem: error instanceof Error ? error.message : String(error) });
  try {
    const { openapiTypes } = await import("./types-module.js");
    const operations = kept.map((site) => ({ key: site.key, method: site.method.toLowerCase() }));
    return { done: openapiTypes(typesDocument(refs, operations), thread ?? false).catch(failed) };
  } catch (error) {
    thread?.stop();
    return { done: Promise.resolve(failed(error)) };
  }
}

/**
 * Operations with the spec's types; without them (`fail` says why), operations lose their `types`
 * and emit prints types from the schemas, so the unit still compiles.
 */
export function withSpecTypes(
  operations: OperationIR[],
  types: SpecTypes | { problem: string },
  fail: (problem: string) => void,
): { operations: OperationIR[]; typesModule?: TypesModule } {
  if (operations.length === 0) return { operations };
  if (!("problem" in types))
    return { operations, typesModule: { generator: types.generator, text: types.text } };
  fail(types.problem);
  return { operations: operations.map(({ types: _, ...operation }) => operation) };
}
