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
import { head } from "../../shared/redact.js";
import { jsonDepth, MAX_JSON_DEPTH, shownJson, shownText, unsafeKeys } from "../../shared/shown-text.js";
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

/** What the withhold check applies: the secrets to look for, and whether the caps on schemas apply. */
export interface WithholdOptions {
  /** The unit's resolved secret values (none for a spec document's operations). */
  secrets: readonly string[];
  /** The caps a downstream's listing gets (depth, size, a `__proto__` property); spec units skip them. */
  caps: boolean;
}

function schemaProblem(which: string, schema: unknown, options: WithholdOptions): string | undefined {
  if (schema === undefined) return undefined;
  if (options.caps) {
    if (jsonDepth(schema) > MAX_JSON_DEPTH)
      return `its ${which} schema nests deeper than ${MAX_JSON_DEPTH} levels`;
    const bytes = Buffer.byteLength(JSON.stringify(schema) ?? "", "utf8");
    if (bytes > MAX_SCHEMA_BYTES) {
      return `its ${which} schema is ${bytes} bytes of JSON, over the ${MAX_SCHEMA_BYTES}-byte cap`;
    }
    if (namesProto(schema)) {
      return `its ${which} schema names a property "__proto__", which JSON tools drop or turn into a prototype`;
    }
  }
  const [key] = unsafeKeys(schema, options.secrets);
  if (key === undefined) return undefined;
  return `its ${which} schema has a property name holding ${hidden(options)} (${JSON.stringify(head(key, 80))} once cleaned)`;
}

/** What shown text would remove or redact, in words. */
const hidden = (options: WithholdOptions) =>
  options.secrets.length > 0 ? "invisible characters or a secret" : "invisible characters";

/**
 * Why an operation or listed tool cannot be shown as it is, or undefined when it can: its name, or a
 * property name in its schemas, would have to change to be shown (names are never rewritten
 * silently), or, with `caps`, a schema is too deep, too large or names `__proto__`. The compiler's
 * spec units and the MCP listings (compiler and drift check) share this one check.
 */
export function withheldReason(
  name: string,
  schemas: { input?: unknown; output?: unknown },
  options: WithholdOptions,
): string | undefined {
  if (shownText(name, options.secrets) !== name) return `its name holds ${hidden(options)}`;
  return schemaProblem("input", schemas.input, options) ?? schemaProblem("output", schemas.output, options);
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
  const schemas = { input: tool.inputSchema, output: tool.outputSchema };
  const problem = withheldReason(tool.name, schemas, { secrets, caps: true });
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
