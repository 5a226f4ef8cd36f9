/**
 * The host side of the sandbox bridge. Each request arrives as JSON text from the sandbox and is
 * treated as untrusted data: the unit must be exposed in Code Mode, the operation must be one of
 * its operations, and the input is validated by the runtime before anything is called. Answers go
 * back as JSON text; a failure carries only its code, message, hint and problem lines.
 */

import type { UnitRuntime } from "../calls/create-runtime.js";
import type { UnitErrorCode } from "../contract/codes/index.js";
import { isUnitError, UnitError } from "../contract/errors.js";
import {
  hasCodeMode,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
} from "../contract/manifest.js";
import { unitAccessor } from "../contract/signature.js";
import { activeContext, inContext } from "../observe/spans.js";
import { SearchIndex } from "../search/index.js";
import { queryProblem } from "../search/query-limits.js";
import { type BundleDeclarations, describeDeclaration } from "./declarations/declarations.js";
import { withWholeDescription } from "./declarations/whole-description.js";
import { MAX_CONCURRENT_CALLS } from "./shared/limits.js";

/** True when the unit is reachable from Code Mode. */
export function inCodeMode(unit: ManifestUnit): boolean {
  return hasCodeMode(unit.exposure);
}

/** One hit of `units.search`, as declared by `Units.SearchHit`. */
export interface CodeModeSearchHit {
  unit: string;
  operation: string;
  signature: string;
  description: string;
}

const indexes = new WeakMap<Manifest, SearchIndex>();
/** The Code Mode units of a manifest by ID, made once per manifest rather than once per run. */
const codeModeUnits = new WeakMap<Manifest, Map<string, ManifestUnit>>();

function unitsOf(manifest: Manifest): Map<string, ManifestUnit> {
  let units = codeModeUnits.get(manifest);
  if (!units) {
    units = new Map(manifest.units.filter(inCodeMode).map((u) => [u.id, u]));
    codeModeUnits.set(manifest, units);
  }
  return units;
}
/** A unit's operations by TS name (the first declared wins), made once per manifest unit. */
const byTsName = new WeakMap<ManifestUnit, Map<string, ManifestOperation>>();

function operationOf(unit: ManifestUnit, tsName: unknown): ManifestOperation | undefined {
  let operations = byTsName.get(unit);
  if (!operations) {
    operations = new Map();
    for (const op of unit.operations) if (!operations.has(op.tsName)) operations.set(op.tsName, op);
    byTsName.set(unit, operations);
  }
  return typeof tsName === "string" ? operations.get(tsName) : undefined;
}

function searchIndex(manifest: Manifest): SearchIndex {
  let index = indexes.get(manifest);
  if (!index) {
    index = SearchIndex.build({ units: manifest.units.filter(inCodeMode) });
    indexes.set(manifest, index);
  }
  return index;
}

type Request = Record<string, unknown>;

/**
 * Throws the runtime's own refusal of an operation its manifest leaves out, when it has one: a
 * runtime cut down by a caller's operation rules says the operation is not allowed.
 */
function refusalOf(runtime: UnitRuntime, unitId: string, operation: unknown): void {
  if (typeof operation !== "string") return;
  try {
    runtime.operation(unitId, operation);
  } catch (error) {
    if (isUnitError(error) && error.code === "OPERATION_NOT_ALLOWED") throw error;
  }
}

/** A bridge-level refusal with its own code (the runtime's `UnitError` codes cover calls). */
class BridgeFailure extends Error {
  constructor(
    readonly code: UnitErrorCode,
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

function invalid(message: string, hint: string): BridgeFailure {
  return new BridgeFailure("ARGS_INVALID", message, hint);
}

/** The bridge of one run. */
export class Bridge {
  private readonly units: ReadonlyMap<string, ManifestUnit>;
  private readonly controller = new AbortController();
  private active = 0;
  /** The run's trace context: calls arrive from the worker's message events, outside it. */
  private readonly trace = activeContext();

  constructor(
    private readonly runtime: UnitRuntime,
    /** Read for `units.describe` only, so a run that describes nothing never loads them. */
    private readonly declarations: () => BundleDeclarations | undefined,
  ) {
    this.units = unitsOf(runtime.manifest);
  }

  /**
   * Answers one request; never rejects. The engine worker sends at most {@link MAX_CONCURRENT_CALLS}
   * at once and holds the rest; one past that is refused, not queued, so nothing piles up here.
   */
  async handle(text: string): Promise<string> {
    if (this.active >= MAX_CONCURRENT_CALLS) {
      const message = `a run may have at most ${MAX_CONCURRENT_CALLS} calls in flight`;
      return JSON.stringify({ ok: false, error: { code: "CALL_LIMIT", message } });
    }
    this.active += 1;
    try {
      const value = await inContext(this.trace, () => this.dispatch(parse(text)));
      return JSON.stringify({ ok: true, value }) ?? '{"ok":true}';
    } catch (error) {
      return JSON.stringify({ ok: false, error: failure(error) });
    } finally {
      this.active -= 1;
    }
  }

  /**
   * Cancels the calls still running (the run has ended). With none running there is nothing to
   * cancel, and an abort (its DOMException and listeners) would cost a tenth of a millisecond a run.
   */
  close(): void {
    if (this.active > 0) this.controller.abort();
  }

  private dispatch(request: Request): Promise<unknown> | unknown {
    switch (request.kind) {
      case "call":
        return this.call(request);
      case "search":
        return this.search(request);
      case "describe":
        return this.describe(request);
      default:
        throw invalid(
          "unknown bridge request",
          "use units.<unit>.<operation>, units.search or units.describe",
        );
    }
  }

  private unit(id: unknown): ManifestUnit {
    const unit = typeof id === "string" ? this.units.get(id) : undefined;
    if (unit) return unit;
    throw new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(id) ?? "undefined"} in Code Mode`, {
      hint: `units here: ${[...this.units.keys()].join(", ") || "none"}; units.search finds operations`,
    });
  }

  private async call(request: Request): Promise<unknown> {
    const unit = this.unit(request.unit);
    const operation = operationOf(unit, request.operation);
    if (!operation) {
      refusalOf(this.runtime, unit.id, request.operation);
      throw new UnitError(
        "UNKNOWN_OPERATION",
        `unit ${unit.id} has no operation ${JSON.stringify(request.operation)}`,
        {
          unit: unit.id,
          hint: `its operations: ${unit.operations.map((op) => op.tsName).join(", ")}`,
        },
      );
    }
    const result = await this.runtime.invoke(unit.id, operation.name, request.input, {
      signal: this.controller.signal,
    });
    return result.value;
  }

  private search(request: Request): CodeModeSearchHit[] {
    const { defaultSearchLimit, maxSearchLimit } = this.runtime.manifest.settings;
    if (typeof request.query !== "string" || request.query.trim() === "") {
      throw invalid("search needs a query string", 'say what you want to do: units.search("send an email")');
    }
    const tooLong = queryProblem(request.query);
    if (tooLong) throw new BridgeFailure(tooLong.code, tooLong.message, tooLong.hint);
    const only = request.unit === undefined ? undefined : this.unit(request.unit).id;
    const limit = request.limit ?? defaultSearchLimit;
    if (!Number.isInteger(limit) || (limit as number) < 1) {
      throw invalid("limit must be a whole number of at least 1", "leave limit out for the default");
    }
    if ((limit as number) > maxSearchLimit) {
      const hint = `ask for at most ${maxSearchLimit} hits, or narrow the query`;
      throw new BridgeFailure(
        "LIMIT_TOO_HIGH",
        `limit ${limit} is above the maximum of ${maxSearchLimit}`,
        hint,
      );
    }
    const accept = only === undefined ? undefined : (unit: string) => unit === only;
    return searchIndex(this.runtime.manifest)
      .query(request.query, limit as number, accept)
      .map((hit) => ({
        unit: hit.unit,
        operation: hit.tsName,
        signature: `${unitAccessor(hit.unit)}.${hit.signature}`,
        description: hit.summary,
      }));
  }

  private describe(request: Request): string {
    const unit = this.unit(request.unit);
    if (request.operation !== undefined && typeof request.operation !== "string") {
      throw invalid("describe's operation is a string", 'for example units.describe("notes", "getNote")');
    }
    const operation = request.operation as string | undefined;
    const text = describeDeclaration(this.declarations(), unit, operation);
    const op = operation === undefined ? undefined : unit.operations.find((o) => o.tsName === operation);
    if (text !== undefined) return op === undefined ? text : withWholeDescription(text, op);
    throw new UnitError(
      "UNKNOWN_OPERATION",
      `unit ${unit.id} has no operation ${JSON.stringify(request.operation)}`,
      {
        unit: unit.id,
        hint: `its operations: ${unit.operations.map((op) => op.tsName).join(", ")}`,
      },
    );
  }
}

function parse(text: string): Request {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(
      "the bridge request is not JSON",
      "pass JSON values (objects, arrays, strings, numbers) to units",
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid("the bridge request is not an object", "call units.<unit>.<operation>(input)");
  }
  return value as Request;
}

/** A failure as the sandbox sees it: strings and numbers only, never a host object. */
function failure(error: unknown): Record<string, unknown> {
  if (isUnitError(error)) {
    const { hint, problems, status, excerpt } = error.details;
    return {
      code: error.code,
      message: error.message,
      ...(hint ? { hint } : {}),
      ...(problems ? { problems: problems.map(String) } : {}),
      ...(typeof status === "number" ? { status } : {}),
      // Already bounded and redacted by the invoker: the API's own words on what went wrong.
      ...(typeof excerpt === "string" ? { excerpt } : {}),
    };
  }
  if (error instanceof BridgeFailure) return { code: error.code, message: error.message, hint: error.hint };
  const message = error instanceof Error ? error.message : String(error);
  return { code: "CALL_FAILED", message: `the call failed: ${message}` };
}
