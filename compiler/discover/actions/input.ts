/**
 * Input schemas of configured actions. When an action declares none, one is derived from the input
 * its templates read (`{id}` in a path, `$input.x` anywhere), so the typed client still says what
 * to pass. A declared schema is checked against those templates.
 */

import type {
  ActionCommonFields,
  CliAction,
  HttpAction,
} from "../../../runtime/contract/config-types.generated.js";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { pathPlaceholders } from "../../../runtime/invoke/shared/template.js";
import type { DiagnosticCode } from "../../codes/diagnostics.js";
import { joinPointer } from "../../load/pointer.js";
import type { DiscoverContext } from "../shared/types.js";

const INPUT_REF = /\$input\.([A-Za-z0-9_-]+)/g;

/** Top-level input names `$input.x` templates read anywhere inside `value`. */
export function inputReferences(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") for (const match of value.matchAll(INPUT_REF)) found.add(match[1] as string);
  else if (Array.isArray(value)) for (const item of value) inputReferences(item, found);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) inputReferences(item, found);
  return found;
}

/**
 * Top-level input names read inside a longer string (`file=$input.file`): the runtime cannot leave
 * them out, so a derived schema requires them.
 */
export function embeddedReferences(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (!/^\$input(\.[A-Za-z0-9_-]+)*$/.test(value)) {
      for (const match of value.matchAll(INPUT_REF)) found.add(match[1] as string);
    }
  } else if (Array.isArray(value)) for (const item of value) embeddedReferences(item, found);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) embeddedReferences(item, found);
  return found;
}

/** True when some template is exactly `$input` (the whole input is passed on). */
export function usesWholeInput(value: unknown): boolean {
  if (typeof value === "string") return value === "$input";
  if (Array.isArray(value)) return value.some(usesWholeInput);
  if (typeof value === "object" && value !== null) return Object.values(value).some(usesWholeInput);
  return false;
}

/** What input derivation reads of an HTTP action (`path`, `query`, …) or a CLI action (`args`). */
export type ActionFields = ActionCommonFields &
  Partial<Pick<HttpAction, "path" | "query" | "headers" | "jsonBody">> &
  Pick<CliAction, "args">;

/**
 * The action's input schema: declared (its problems reported at the templates), or derived from the
 * path's `{name}`s (required), the names read inside longer strings (required) and the other
 * `$input.x` references (optional).
 */
export function actionInputSchema(
  context: DiscoverContext<"http" | "cli">,
  pointer: string,
  kind: "http" | "cli",
  action: ActionFields,
): JsonSchema {
  if (action.inputSchema !== undefined) {
    for (const problem of declaredInputProblems(kind, action)) {
      const { map, backendPointer } = context.unit.source;
      const at = `${backendPointer}${pointer}${problem.pointer}`;
      // A schema problem points at the inputSchema key; a template's, at the template itself.
      const location = problem.pointer === "/inputSchema" ? map.locateKey(at) : map.locate(at);
      context.reportAt(problem.severity, problem.code, problem.message, location, problem.hint);
    }
    return action.inputSchema;
  }
  const { templated, placeholders: required } = actionTemplates(kind, action);
  const optional = inputReferences(templated);
  const embedded = embeddedReferences(templated);
  const properties: Record<string, JsonSchema> = {};
  const scalar: JsonSchema = { type: ["string", "number", "boolean"] };
  for (const name of required) properties[name] = { type: ["string", "number"] };
  for (const name of embedded) if (!(name in properties)) properties[name] = scalar;
  for (const name of optional) if (!(name in properties)) properties[name] = {};
  const schema: Record<string, unknown> = { type: "object", properties };
  // The whole input is passed on: any property may matter, so the derived schema stays open.
  schema.additionalProperties = usesWholeInput(templated);
  const mandatory = [...new Set([...required, ...embedded])];
  if (mandatory.length > 0) schema.required = mandatory;
  return schema;
}

/** The parts of an action its templates live in, by kind: the path's `{name}`s are required input. */
export function actionTemplates(
  kind: "http" | "cli",
  action: ActionFields,
): { templated: Record<string, unknown>; placeholders: string[] } {
  if (kind === "cli") return { templated: { args: action.args ?? [] }, placeholders: [] };
  const placeholders = pathPlaceholders(String(action.path));
  return {
    templated: { query: action.query, headers: action.headers, jsonBody: action.jsonBody },
    placeholders,
  };
}

/** One input a declared schema misses, at the template (pointer below the action) that reads it. */
export interface InputProblem {
  severity: "error" | "warning";
  code: DiagnosticCode;
  message: string;
  hint: string;
  pointer: string;
}

/**
 * What a declared inputSchema misses of the input the action's templates read. An undeclared input
 * is an error when the schema is closed (the call is refused) and a warning otherwise. `compile`
 * and `validate` both report these.
 */
export function declaredInputProblems(kind: "http" | "cli", action: ActionFields): InputProblem[] {
  const schema = action.inputSchema;
  if (typeof schema !== "object" || schema === null) return [];
  const { templated, placeholders } = actionTemplates(kind, action);
  const declared = schema;
  const properties = objectOr(declared.properties);
  const requiredNames = new Set(Array.isArray(declared.required) ? declared.required.map(String) : []);
  const severity = declared.additionalProperties === false ? "error" : "warning";
  const problems: InputProblem[] = [];
  for (const name of placeholders) {
    if (!Object.hasOwn(properties, name)) {
      problems.push({
        severity,
        code: "UNDECLARED_INPUT",
        message: `the path reads {${name}}, which the inputSchema does not declare`,
        hint: `add "${name}" to inputSchema.properties and to required`,
        pointer: "/path",
      });
    } else if (!requiredNames.has(name)) {
      problems.push({
        severity: "warning",
        code: "OPTIONAL_PATH_INPUT",
        message: `the path reads {${name}}, which the inputSchema does not require; calls without it fail`,
        hint: `add "${name}" to inputSchema.required`,
        pointer: "/inputSchema",
      });
    }
  }
  for (const name of inputReferences(templated)) {
    if (Object.hasOwn(properties, name) || placeholders.includes(name)) continue;
    problems.push({
      severity,
      code: "UNDECLARED_INPUT",
      message: `a template reads $input.${name}, which the inputSchema does not declare`,
      hint: `add "${name}" to inputSchema.properties`,
      pointer: templatePointer(templated, name) ?? "/inputSchema",
    });
  }
  return problems;
}

/** The pointer of the first template string that reads `$input.<name>`. */
function templatePointer(value: unknown, name: string, pointer = ""): string | undefined {
  if (typeof value === "string") {
    for (const match of value.matchAll(INPUT_REF)) if (match[1] === name) return pointer;
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = templatePointer(item, name, joinPointer(pointer, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A schema keyword's value when it is an object, else an empty one (it names nothing then). */
export function objectOr(value: unknown): object {
  return typeof value === "object" && value !== null ? value : {};
}
