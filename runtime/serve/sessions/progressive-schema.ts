/**
 * The progressive tool of a unit, `<id>`: one tool that lists, searches, describes and calls the
 * unit's operations, so an agent sees one short entry per unit until it needs more. This file holds
 * its definition and the check of its arguments; `progressive.ts` answers the calls.
 */
import type { Tool } from "@modelcontextprotocol/server";
import { MAX_QUERY_LENGTH } from "../../search/query-limits.js";
import { cleanText, type ServedUnit, unitIcons } from "../shared/catalog.js";
import type { ToolFailure } from "./results.js";

export const PROGRESSIVE_OPERATIONS = ["list", "search", "describe", "call"] as const;
export type ProgressiveOperation = (typeof PROGRESSIVE_OPERATIONS)[number];
const FIELDS = ["operation", "query", "name", "args", "limit", "cursor"];

export interface ProgressiveArgs {
  operation: ProgressiveOperation;
  query?: string;
  name?: string;
  args?: Record<string, unknown>;
  limit?: number;
  cursor?: string;
}

function count(n: number): string {
  return `${n} operation${n === 1 ? "" : "s"}`;
}

/** The progressive tool named `name` for `served`. */
export function progressiveTool(name: string, served: ServedUnit): Tool {
  const unit = served.unit;
  const when = [
    unit.useWhen ? ` Use when: ${unit.useWhen}` : "",
    unit.avoidWhen ? ` Avoid when: ${unit.avoidWhen}` : "",
  ].join("");
  return {
    name,
    description: cleanText(
      `${unit.name}: ${unit.description}${when} (${count(unit.operations.length)}: ` +
        `{"operation":"list"} lists them, "search" finds one by words, "describe" shows its input, ` +
        `"call" runs it with args.)`,
    ),
    inputSchema: {
      type: "object",
      properties: {
        operation: { type: "string", enum: [...PROGRESSIVE_OPERATIONS], description: "What to do" },
        query: {
          type: "string",
          minLength: 1,
          maxLength: MAX_QUERY_LENGTH,
          description: "search: what you want to do, in a few words",
        },
        name: { type: "string", minLength: 1, description: "describe, call: the operation's name" },
        args: { type: "object", description: "call: the operation's input" },
        limit: { type: "integer", minimum: 1, description: "list, search: most entries to return" },
        cursor: { type: "string", description: "list: the nextCursor of the previous page" },
      },
      required: ["operation"],
      additionalProperties: false,
    },
    ...unitIcons(unit),
  };
}

function invalid(unitTool: string, message: string, hint: string): ToolFailure {
  return {
    code: "ARGS_INVALID",
    message,
    hint: `${hint}; for example {"operation":"list"} or {"operation":"describe","name":"<operation>"} (tool ${unitTool})`,
  };
}

/** The arguments of a progressive call, checked; extra fields and wrong types are refused. */
export function checkProgressiveArgs(unitTool: string, raw: unknown): ProgressiveArgs | ToolFailure {
  const args = (raw ?? {}) as Record<string, unknown>;
  if (typeof args !== "object" || Array.isArray(args)) {
    return invalid(unitTool, "the arguments must be an object", "pass an object with an operation field");
  }
  const extra = Object.keys(args).filter((key) => !FIELDS.includes(key));
  if (extra.length > 0) {
    return invalid(
      unitTool,
      `unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(", ")}`,
      `accepted fields: ${FIELDS.join(", ")}; an operation's own input goes inside args`,
    );
  }
  const operation = args.operation as ProgressiveOperation;
  if (!PROGRESSIVE_OPERATIONS.includes(operation)) {
    return invalid(
      unitTool,
      `operation must be one of ${PROGRESSIVE_OPERATIONS.join(", ")}; got ${JSON.stringify(args.operation ?? null)}`,
      "set operation",
    );
  }
  for (const field of ["query", "name", "cursor"] as const) {
    if (args[field] !== undefined && (typeof args[field] !== "string" || args[field] === "")) {
      return invalid(unitTool, `${field} must be a non-empty string`, `fix ${field}`);
    }
  }
  if (
    args.args !== undefined &&
    (typeof args.args !== "object" || args.args === null || Array.isArray(args.args))
  ) {
    return invalid(unitTool, "args must be an object holding the operation's input", "wrap the input in {}");
  }
  if (args.limit !== undefined && (!Number.isInteger(args.limit) || (args.limit as number) < 1)) {
    return invalid(unitTool, "limit must be a whole number of at least 1", "fix limit");
  }
  return args as unknown as ProgressiveArgs;
}

/** True when a check gave a failure rather than arguments. */
export function isFailure(value: ProgressiveArgs | ToolFailure): value is ToolFailure {
  return "code" in value && "message" in value;
}
