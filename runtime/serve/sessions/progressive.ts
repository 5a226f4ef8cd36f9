/**
 * Answers calls of a progressive tool: `list` (paged), `search` (within the unit), `describe` (the
 * full input and output schemas, required and accepted args, a call template) and `call`. Mistakes
 * come back as `isError` results whose hints say how to repair the call.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { operationSignature, unitAccessor } from "../../contract/signature.js";
import { MAX_QUERY_LENGTH, queryProblem } from "../../search/query-limits.js";
import type { CatalogOperation, ServedUnit } from "../shared/catalog.js";
import type { ServeContext, Snapshot } from "./context.js";
import { checkProgressiveArgs, isFailure, type ProgressiveArgs } from "./progressive-schema.js";
import { failureOf, failureResult, type ToolFailure, valueResult } from "./results.js";
import { checkLimit, limitsFor, noHitHint, renderHit } from "./search-tool.js";
import { operationKey } from "./tools.js";

type Schema = { properties?: Record<string, unknown>; required?: string[] };

function schemaOf(operation: CatalogOperation): Schema {
  const schema = operation.inputSchema;
  return typeof schema === "object" && schema !== null ? (schema as Schema) : {};
}

/** A placeholder value for a schema in a call template. */
function placeholder(schema: unknown): unknown {
  const s = (typeof schema === "object" && schema !== null ? schema : {}) as Record<string, unknown>;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "integer" || type === "number") return 0;
  if (type === "boolean") return false;
  if (type === "array") return [];
  if (type === "object" || s.properties) return template(s as Schema);
  return `<${type === "string" ? "string" : "value"}>`;
}

function template(schema: Schema): Record<string, unknown> {
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.fromEntries(required.map((name) => [name, placeholder(schema.properties?.[name])]));
}

/** What an agent needs to repair a call: required and accepted args and a call template. */
function repairDetails(operation: CatalogOperation) {
  const schema = schemaOf(operation);
  return {
    required: Array.isArray(schema.required) ? schema.required : [],
    accepted: Object.keys(schema.properties ?? {}),
    call: { operation: "call", name: operation.tsName, args: template(schema) },
  };
}

function findOperation(snapshot: Snapshot, served: ServedUnit, name: string): CatalogOperation | ToolFailure {
  const operations = served.unit.operations;
  const found =
    operations.find((op) => op.name === name || op.tsName === name) ??
    operations.find((op) => op.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const refused = snapshot.refusal?.(served.id, name);
  if (refused) return failureOf(refused);
  // Only suggestions: a long name is cut rather than refused.
  const near = snapshot.search
    .query(name.slice(0, MAX_QUERY_LENGTH), 3, served)
    .map(({ hit }) => hit.operation);
  const guess = near.length > 0 ? `did you mean ${near.join(", ")}? ` : "";
  return {
    code: "UNKNOWN_OPERATION",
    message: `unit ${served.id} has no operation ${JSON.stringify(name)}`,
    hint: `${guess}{"operation":"list"} shows its operations, {"operation":"search","query":"…"} finds one`,
  };
}

function list(snapshot: Snapshot, served: ServedUnit, args: ProgressiveArgs): CallToolResult {
  const limits = limitsFor(snapshot, served);
  const limit = checkLimit(args.limit, limits.maxSearchLimit, limits);
  if (typeof limit !== "number") return failureResult(limit);
  const start =
    args.cursor === undefined ? 0 : Number(Buffer.from(args.cursor, "base64url").toString("utf8"));
  const operations = served.unit.operations;
  if (!Number.isInteger(start) || start < 0 || start > operations.length) {
    return failureResult({
      code: "ARGS_INVALID",
      message: "cursor is not one this tool handed out",
      hint: 'pass the nextCursor of the previous page, or leave cursor out to start at the top: {"operation":"list"}',
    });
  }
  // One name per operation, the one its signature calls it by (search hits use it too).
  const page = operations.slice(start, start + limit).map((op) => ({
    name: op.tsName,
    description: op.description.split(/\r?\n/, 1)[0] ?? "",
    signature: `${unitAccessor(served.id)}.${operationSignature(op)}`,
  }));
  const next =
    start + limit < operations.length ? Buffer.from(String(start + limit)).toString("base64url") : undefined;
  return valueResult({
    unit: served.id,
    total: operations.length,
    operations: page,
    ...(next ? { nextCursor: next } : {}),
  });
}

function search(snapshot: Snapshot, served: ServedUnit, args: ProgressiveArgs): CallToolResult {
  if (!args.query) {
    return failureResult({
      code: "ARGS_INVALID",
      message: "search needs a query",
      hint: 'for example {"operation":"search","query":"create an invoice"}',
    });
  }
  const tooLong = queryProblem(args.query);
  if (tooLong) return failureResult(tooLong);
  const limits = limitsFor(snapshot, served);
  const limit = checkLimit(args.limit, limits.defaultSearchLimit, limits);
  if (typeof limit !== "number") return failureResult(limit);
  const hits = snapshot.search
    .query(args.query, limit, served)
    .map(({ hit, unit }) => renderHit(hit, unit, snapshot.table));
  return valueResult({
    query: args.query,
    hits,
    ...(hits.length === 0 ? { hint: noHitHint(snapshot, served) } : {}),
  });
}

function describe(snapshot: Snapshot, served: ServedUnit, operation: CatalogOperation): CallToolResult {
  const tool = snapshot.table.direct.get(operationKey(served.id, operation.name));
  return valueResult({
    unit: served.id,
    name: operation.tsName,
    description: operation.description,
    signature: `${unitAccessor(served.id)}.${operationSignature(operation)}`,
    inputSchema: operation.inputSchema,
    ...(operation.outputSchema !== undefined ? { outputSchema: operation.outputSchema } : {}),
    ...(operation.annotations ? { annotations: operation.annotations } : {}),
    ...(tool ? { tool } : {}),
    ...repairDetails(operation),
  });
}

async function call(
  context: ServeContext,
  served: ServedUnit,
  operation: CatalogOperation,
  args: ProgressiveArgs,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  try {
    const outcome = await context.call(served, operation.name, args.args ?? {}, signal);
    return valueResult(outcome.value, outcome.truncated);
  } catch (error) {
    const failure = failureOf(error);
    if (failure.code !== "INPUT_INVALID") return failureResult(failure);
    const details = repairDetails(operation);
    const required = details.required.join(", ") || "none";
    return failureResult({
      ...failure,
      ...details,
      hint: `required args: ${required}; accepted: ${details.accepted.join(", ") || "none"}; template: ${JSON.stringify(details.call)}`,
    });
  }
}

/** Answers one call of the progressive tool `toolName` of `served`. */
export async function callProgressive(
  context: ServeContext,
  snapshot: Snapshot,
  toolName: string,
  served: ServedUnit,
  raw: unknown,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const args = checkProgressiveArgs(toolName, raw);
  if (isFailure(args)) return failureResult(args);
  if (args.operation === "list") return list(snapshot, served, args);
  if (args.operation === "search") return search(snapshot, served, args);
  if (!args.name) {
    return failureResult({
      code: "ARGS_INVALID",
      message: `${args.operation} needs the name of an operation`,
      hint: `for example {"operation":"${args.operation}","name":"<operation>"}; {"operation":"list"} shows the names`,
    });
  }
  const operation = findOperation(snapshot, served, args.name);
  if ("code" in operation && "message" in operation) return failureResult(operation as ToolFailure);
  const found = operation as CatalogOperation;
  return args.operation === "describe"
    ? describe(snapshot, served, found)
    : call(context, served, found, args, signal);
}
