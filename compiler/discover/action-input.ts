/**
 * Input schemas of configured actions. When an action declares none, one is derived from the input
 * its templates read (`{id}` in a path, `$input.x` anywhere), so the typed client still says what
 * to pass. A declared schema is checked against those templates.
 */
import type { JsonSchema } from "../../runtime/manifest.js";
import type { DiscoverContext } from "./types.js";

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

/** The action's input schema: declared, or derived from `required` (path) and `optional` names. */
export function actionInputSchema(
  context: DiscoverContext,
  pointer: string,
  declared: unknown,
  required: readonly string[],
  optional: ReadonlySet<string>,
  open = false,
  embedded: ReadonlySet<string> = new Set(),
): JsonSchema {
  if (declared !== undefined) {
    checkDeclared(context, pointer, declared as Record<string, unknown>, required, optional);
    return declared as JsonSchema;
  }
  const properties: Record<string, JsonSchema> = {};
  const scalar: JsonSchema = { type: ["string", "number", "boolean"] };
  for (const name of required) properties[name] = { type: ["string", "number"] };
  for (const name of embedded) if (!(name in properties)) properties[name] = scalar;
  for (const name of optional) if (!(name in properties)) properties[name] = {};
  const schema: Record<string, unknown> = { type: "object", properties };
  // The whole input is passed on: any property may matter, so the derived schema stays open.
  schema.additionalProperties = open;
  const mandatory = [...new Set([...required, ...embedded])];
  if (mandatory.length > 0) schema.required = mandatory;
  return schema;
}

function checkDeclared(
  context: DiscoverContext,
  pointer: string,
  schema: Record<string, unknown>,
  required: readonly string[],
  optional: ReadonlySet<string>,
): void {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const closed = schema.additionalProperties === false;
  for (const name of required) {
    if (!Object.hasOwn(properties, name)) {
      context.report(
        closed ? "error" : "warning",
        "UNDECLARED_INPUT",
        `the path reads {${name}}, which the inputSchema does not declare`,
        `${pointer}/inputSchema`,
        `add "${name}" to inputSchema.properties and to required`,
      );
    } else if (!requiredNames.has(name)) {
      context.report(
        "warning",
        "OPTIONAL_PATH_INPUT",
        `the path reads {${name}}, which the inputSchema does not require; calls without it fail`,
        `${pointer}/inputSchema`,
        `add "${name}" to inputSchema.required`,
      );
    }
  }
  for (const name of optional) {
    if (Object.hasOwn(properties, name) || required.includes(name)) continue;
    context.report(
      closed ? "error" : "warning",
      "UNDECLARED_INPUT",
      `a template reads $input.${name}, which the inputSchema does not declare`,
      `${pointer}/inputSchema`,
      `add "${name}" to inputSchema.properties`,
    );
  }
}
