/**
 * MCP tool names: `search_tools`, `code_mode`, progressive `<id>`, direct `<id>__<op>`. Every name
 * fits `^[a-zA-Z0-9_-]{1,64}$`; a longer or unfit name is cut and given a stable hash suffix, and a
 * name already taken gets a suffix hashed from what the tool is, so two tools never share a name.
 */
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME = 64;
export const SEARCH_TOOL = "search_tools";
export const CODE_MODE_TOOL = "code_mode";
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;
const HASH_CHARS = 8;

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, HASH_CHARS);
}

const sanitize = (text: string) => text.replace(/[^a-zA-Z0-9_-]/g, "_");
/** Most characters of the operation part kept in a shortened direct tool name. */
const MAX_OPERATION_PART = 32;

/**
 * A cut and sanitised name with a hash of `hashOf`: the operation part is kept (up to 32 characters)
 * and the unit part shortened, so a long unit ID does not hide which operation a tool calls.
 */
function withSuffix(unit: string, operation: string | undefined, hashOf: string): string {
  const suffix = `_${shortHash(hashOf)}`;
  if (operation === undefined) return `${sanitize(unit).slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
  const op = sanitize(operation).slice(0, MAX_OPERATION_PART);
  return `${sanitize(unit).slice(0, MAX_TOOL_NAME - suffix.length - op.length - 2)}__${op}${suffix}`;
}

/** `<unit>__<operation>` (or `<unit>`) when it is a valid tool name, else a shortened form with a hash. */
export function fitToolName(unit: string, operation?: string): string {
  const desired = operation === undefined ? unit : `${unit}__${operation}`;
  return VALID.test(desired) ? desired : withSuffix(unit, operation, desired);
}

/** The part of a direct tool name naming the operation: its source name when that fits, else its TS name. */
export function operationPart(operation: { name: string; tsName: string }): string {
  return /^[a-zA-Z0-9_-]+$/.test(operation.name) ? operation.name : operation.tsName.replace(/\$/g, "_");
}

/** Hands out names in a fixed order; the same inputs in the same order always get the same names. */
export class ToolNames {
  private readonly taken = new Set<string>([SEARCH_TOOL, CODE_MODE_TOOL]);

  /** A free name for the tool `identity`, close to `<unit>__<operation>` (or `<unit>`). */
  allocate(identity: string, unit: string, operation?: string): string {
    let name = fitToolName(unit, operation);
    for (let attempt = 0; this.taken.has(name); attempt += 1) {
      name = withSuffix(unit, operation, attempt === 0 ? identity : `${identity}\u0000${attempt}`);
    }
    this.taken.add(name);
    return name;
  }
}
