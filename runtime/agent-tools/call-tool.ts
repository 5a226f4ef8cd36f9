/**
 * The `call` tool of the `search` exposure: calls any operation `search_tools` found, by its unit and
 * operation name, so a unit too large to list as tools is still reachable through two tools.
 */
import { UnitError } from "../contract/errors.js";
import type { ServeContext } from "../serve/sessions/context.js";
import { callOperation, type OperationOutcome } from "../serve/sessions/results.js";
import { someUnits } from "../serve/sessions/search-tool.js";
import type { ServedUnit } from "../serve/shared/catalog.js";

/** The name of the tool. */
export const CALL_TOOL = "call";

/** What the model sees of the `call` tool. */
export function callToolShape(units: readonly ServedUnit[]) {
  return {
    name: CALL_TOOL,
    description:
      `Call one operation that search_tools found (${units.length} units here): pass the hit's unit and ` +
      "operation, and args matching its signature. The answer is the operation's result.",
    inputSchema: {
      type: "object",
      properties: {
        unit: { type: "string", description: "The unit of a search_tools hit" },
        operation: { type: "string", description: "The operation of a search_tools hit" },
        args: { type: "object", description: "The operation's input, as its signature types it" },
      },
      required: ["unit", "operation"],
      additionalProperties: false,
    },
  };
}

/** Answers a `call` call: the operation's outcome, with its declared output schema checked. */
export async function callByName(
  context: ServeContext,
  raw: unknown,
  signal?: AbortSignal,
  projectRoot?: string,
): Promise<OperationOutcome> {
  const args = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const snapshot = context.snapshot();
  if (typeof args.unit !== "string" || typeof args.operation !== "string") {
    return {
      ok: false,
      failure: {
        code: "ARGS_INVALID",
        message: "call takes a unit and an operation, both strings",
        hint: 'pass a search_tools hit\'s unit and operation, e.g. {"unit":"github","operation":"repos_get","args":{…}}',
      },
    };
  }
  const unit = snapshot.byId.get(args.unit);
  if (!unit) {
    const error = new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(args.unit)} is served here`, {
      hint: `search with search_tools first; units: ${someUnits(snapshot.units)}`,
    });
    return { ok: false, failure: { code: error.code, message: error.message, hint: error.details.hint } };
  }
  const name = args.operation;
  // The declared output schema is checked as a direct tool's is; an unknown name fails in the runtime.
  const operation = unit.unit.operations.find((op) => op.name === name || op.tsName === name) ?? { name };
  return callOperation(context, unit, operation, args.args ?? {}, signal, projectRoot);
}
