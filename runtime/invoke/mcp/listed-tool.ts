/**
 * What is kept of a tool a downstream lists, before it becomes an operation (`tool-schema.ts`). The
 * compiler keeps this form (in the build cache too), and the runtime's drift check computes it from
 * the live listing with the same resolved secrets, so both compare like with like. Every string is
 * shown text (`shown-text.ts`: no invisible characters, the unit's secrets redacted). A tool is
 * withheld, with the reason, when its name or a key in its schemas would have to change to be shown
 * safely (a silently renamed property would send the downstream arguments it does not know), or when
 * a schema is larger or deeper than anyone should read: every `tools/list` would carry it, and a
 * permissive stand-in would give up checking the input before it is sent.
 */
import { head } from "../../redact.js";
import { jsonDepth, MAX_JSON_DEPTH, shownJson, shownText, unsafeKeys } from "../../shown-text.js";
import type { ListedTool } from "./tool-schema.js";

/** Largest input or output schema kept, in bytes of JSON. */
export const MAX_SCHEMA_BYTES = 65_536;

/** A tool as kept, or the reason it is withheld (with its name as shown text). */
export type KeptTool = { tool: ListedTool } | { name: string; withheld: string };

/**
 * Whether a schema names a property `__proto__`, as a key or in `required`. JSON parsers and the MCP
 * SDK's validation drop or reinterpret that key, so the property vanishes while `required` keeps it:
 * the tool could never be called as declared.
 */
function namesProto(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== "object" || item === null) continue;
    if (Object.hasOwn(item, "__proto__")) return true;
    const required = (item as { required?: unknown }).required;
    if (Array.isArray(required) && required.includes("__proto__")) return true;
    stack.push(...Object.values(item));
  }
  return false;
}

function schemaProblem(which: string, schema: unknown, secrets: readonly string[]): string | undefined {
  if (schema === undefined) return undefined;
  if (jsonDepth(schema) > MAX_JSON_DEPTH)
    return `its ${which} schema nests deeper than ${MAX_JSON_DEPTH} levels`;
  const bytes = Buffer.byteLength(JSON.stringify(schema) ?? "", "utf8");
  if (bytes > MAX_SCHEMA_BYTES) {
    return `its ${which} schema is ${bytes} bytes of JSON, over the ${MAX_SCHEMA_BYTES}-byte cap`;
  }
  if (namesProto(schema)) {
    return `its ${which} schema names a property "__proto__", which JSON tools drop or turn into a prototype`;
  }
  const [key] = unsafeKeys(schema, secrets);
  if (key === undefined) return undefined;
  return `its ${which} schema has a property name holding invisible characters or a secret (${JSON.stringify(head(key, 80))} once cleaned)`;
}

/** Only the top-level plain values of the annotations: the hints and the title are all that is read. */
function flatAnnotations(
  annotations: unknown,
  secrets: readonly string[],
): Record<string, unknown> | undefined {
  if (typeof annotations !== "object" || annotations === null || Array.isArray(annotations)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(annotations)) {
    if (typeof value === "string") kept[key] = shownText(value, secrets);
    else if (typeof value === "boolean" || typeof value === "number") kept[key] = value;
  }
  return kept;
}

/** The tool as kept, or why it is withheld; `secrets` are the unit's resolved secret values. */
export function keepListedTool(tool: ListedTool, secrets: readonly string[]): KeptTool {
  const name = shownText(tool.name, secrets);
  if (name !== tool.name) return { name, withheld: "its name holds invisible characters or a secret" };
  const problem =
    schemaProblem("input", tool.inputSchema, secrets) ?? schemaProblem("output", tool.outputSchema, secrets);
  if (problem !== undefined) return { name, withheld: problem };
  const kept: ListedTool = { name };
  if (typeof tool.title === "string") kept.title = shownText(tool.title, secrets);
  if (typeof tool.description === "string") kept.description = shownText(tool.description, secrets);
  if (tool.inputSchema !== undefined) kept.inputSchema = shownJson(tool.inputSchema, secrets);
  if (tool.outputSchema !== undefined) kept.outputSchema = shownJson(tool.outputSchema, secrets);
  const annotations = flatAnnotations(tool.annotations, secrets);
  if (annotations !== undefined) kept.annotations = annotations;
  return { tool: kept };
}
