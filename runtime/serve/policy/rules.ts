/**
 * Operation rules a serve token can carry: `readOnly` (only operations that say they only read) and
 * allow/deny glob patterns over `unit.operation`. Deny wins over allow; a token without rules may
 * call every operation of its units, as before rules existed. What the rules refuse, the caller
 * neither sees nor calls (`scope.ts` cuts the served catalogue and the Code Mode runtime with
 * {@link permits}).
 */
import { UnitError } from "../../contract/errors.js";
import type { ToolAnnotations } from "../../contract/manifest.js";

/** What a serve token's holder may call among its units' operations; absent: everything. */
export interface OperationRules {
  /** Only operations whose annotations say `readOnlyHint: true`, or HTTP `GET`/`HEAD` ones. */
  readOnly?: true;
  /** Patterns over `unit.operation` (`*` any text, `?` one character); some must match. */
  allow?: string[];
  /** Patterns over `unit.operation`; one matching refuses the operation, whatever `allow` says. */
  deny?: string[];
}

/** What the rules read of an operation (a served catalogue's operation or a manifest's). */
export interface RuledOperation {
  name: string;
  tsName: string;
  annotations?: ToolAnnotations;
  invoke?: { kind: string; method?: unknown };
}

/** Longest pattern accepted (a pattern is typed by an operator, not generated). */
const MAX_PATTERN = 200;
const READ_METHODS = new Set(["GET", "HEAD"]);

function badPattern(pattern: string, why: string): UnitError {
  return new UnitError("SERVE_TOKEN_BAD_PATTERN", `pattern ${JSON.stringify(pattern)} ${why}`, {
    hint: "use a unit ID, a dot and an operation name, with * for any text: github.repos_*, *.delete*",
  });
}

function checkPattern(pattern: string): string {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN) {
    throw badPattern(pattern, `is not 1-${MAX_PATTERN} characters long`);
  }
  if (/[\s\p{Cc}]/u.test(pattern)) throw badPattern(pattern, "has white space or control characters");
  // Without a dot a pattern names a unit or an operation alone and would match nothing.
  if (!pattern.includes(".")) throw badPattern(pattern, "has no dot between unit and operation");
  return pattern;
}

function patterns(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined || list.length === 0) return undefined;
  return [...new Set(list.map(checkPattern))].sort();
}

/**
 * The rules `options` ask for, checked (`SERVE_TOKEN_BAD_PATTERN`) and in a canonical order, or
 * undefined when they ask for nothing.
 */
export function operationRules(options: {
  readOnly?: boolean;
  allow?: readonly string[];
  deny?: readonly string[];
}): OperationRules | undefined {
  const allow = patterns(options.allow);
  const deny = patterns(options.deny);
  const rules: OperationRules = {
    ...(options.readOnly === true ? { readOnly: true as const } : {}),
    ...(allow ? { allow } : {}),
    ...(deny ? { deny } : {}),
  };
  return Object.keys(rules).length > 0 ? rules : undefined;
}

/**
 * `value` as rules when it is well formed, else rules that allow nothing: a stored record whose
 * rules cannot be read must not fall back to allowing everything.
 */
export function readRules(value: unknown): OperationRules | undefined {
  if (value === undefined) return undefined;
  const nothing: OperationRules = { deny: ["*.*"] };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return nothing;
  const record = value as Record<string, unknown>;
  const list = (field: unknown) =>
    Array.isArray(field) && field.every((p) => typeof p === "string") ? (field as string[]) : undefined;
  const allow = record.allow === undefined ? [] : list(record.allow);
  const deny = record.deny === undefined ? [] : list(record.deny);
  if (allow === undefined || deny === undefined || ![undefined, true].includes(record.readOnly as true)) {
    return nothing;
  }
  return {
    ...(record.readOnly === true ? { readOnly: true as const } : {}),
    ...(allow.length > 0 ? { allow } : {}),
    ...(deny.length > 0 ? { deny } : {}),
  };
}

const compiled = new Map<string, RegExp>();

function globOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const body = [...pattern]
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
      .join("");
    regex = new RegExp(`^${body}$`, "su");
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Whether `pattern` matches the operation, by its name or its TypeScript name. */
function matches(pattern: string, unitId: string, operation: RuledOperation): boolean {
  const glob = globOf(pattern);
  return glob.test(`${unitId}.${operation.name}`) || glob.test(`${unitId}.${operation.tsName}`);
}

/** Whether the operation says it only reads: its annotations, or an HTTP `GET`/`HEAD`. */
export function readsOnly(operation: RuledOperation): boolean {
  if (operation.annotations?.readOnlyHint === true) return true;
  const method = operation.invoke?.method;
  return typeof method === "string" && READ_METHODS.has(method.toUpperCase());
}

/** Whether `rules` let the caller see and call `operation` of the unit served as `unitId`. */
export function permits(
  rules: OperationRules | undefined,
  unitId: string,
  operation: RuledOperation,
): boolean {
  if (!rules) return true;
  if (rules.deny?.some((pattern) => matches(pattern, unitId, operation))) return false;
  if (rules.allow && !rules.allow.some((pattern) => matches(pattern, unitId, operation))) return false;
  return rules.readOnly !== true || readsOnly(operation);
}

/** A key telling rules apart, for views made once per scope. */
export function rulesKey(rules: OperationRules | undefined): string {
  if (!rules) return "";
  return JSON.stringify([rules.readOnly === true, rules.allow ?? [], rules.deny ?? []]);
}

/** The rules in a few words, as `unitc serve token list` shows them. */
export function describeRules(rules: OperationRules | undefined): string {
  if (!rules) return "all operations";
  const parts = [
    ...(rules.readOnly ? ["read-only"] : []),
    ...(rules.allow ?? []).map((p) => `allow ${p}`),
    ...(rules.deny ?? []).map((p) => `deny ${p}`),
  ];
  return parts.join(", ");
}

/** The refusal of a call to an operation the caller's rules do not allow. */
export function notAllowed(unitId: string, operation: string): UnitError {
  return new UnitError("OPERATION_NOT_ALLOWED", `${unitId}.${operation} is not allowed for this caller`, {
    unit: unitId,
    hint: "the serve token's rules (read-only, allow, deny) leave it out; search_tools lists what it may call, and the operator can widen the token",
  });
}
