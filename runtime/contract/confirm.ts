/**
 * Which calls a `confirm` setting confirms with the person, the one rule the compiler (which warns
 * about a name that matches nothing), `unitc inspect` and serving (which asks before the calls) all
 * apply. A unit's `confirm` names its own operations; the serve config's names operations of every
 * served unit as `unit.operation`. Names are whole, case-sensitive, `*` matching any characters.
 * Either setting may say `destructive` instead: operations whose annotations say
 * `destructiveHint: true`, and HTTP DELETE operations. Annotations are the source's hints, not
 * proof: a list names what the hints leave out.
 */
import type { ConfirmSetting, ToolAnnotations } from "./manifest.js";

const patterns = new WeakMap<readonly string[], RegExp[]>();

/** A name of a `confirm` list as an anchored pattern. */
function pattern(name: string): RegExp {
  const parts = name.split("*").map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`);
}

/** The names of `list` that match one of `names` (each list made into patterns once). */
export function confirmNamesMatching(list: readonly string[], names: readonly string[]): string[] {
  let made = patterns.get(list);
  if (!made) {
    made = list.map(pattern);
    patterns.set(list, made);
  }
  return list.filter((_, index) => names.some((name) => made[index]?.test(name)));
}

/** An operation as the policy reads it; `invoke` carries the HTTP method where the kind has one. */
export interface PolicyOperation {
  name: string;
  tsName: string;
  annotations?: ToolAnnotations;
  invoke?: unknown;
}

/** The HTTP method of an operation that has one (HTTP actions, OpenAPI, discovery documents). */
function methodOf(invoke: unknown): string | undefined {
  if (typeof invoke !== "object" || invoke === null) return undefined;
  const method = (invoke as { method?: unknown }).method;
  return typeof method === "string" ? method.toUpperCase() : undefined;
}

/** Why `operation` counts as destructive, or undefined when it does not. */
function destructiveReason(operation: PolicyOperation): string | undefined {
  if (operation.annotations?.destructiveHint === true) return "its annotations mark it destructive";
  if (methodOf(operation.invoke) === "DELETE") return "it is an HTTP DELETE";
  return undefined;
}

function listed(list: readonly string[], names: readonly string[]): boolean {
  return confirmNamesMatching(list, names).length > 0;
}

/**
 * Why a call of `operation` of the unit served as `unitId` needs the person's confirmation, in words
 * for the person; undefined when it needs none. `unit` is the unit's own `confirm`, `serve` the
 * serve config's.
 */
export function confirmReason(
  unitId: string,
  operation: PolicyOperation,
  unit: ConfirmSetting | undefined,
  serve: ConfirmSetting | undefined,
): string | undefined {
  if (unit === "destructive" || serve === "destructive") {
    const reason = destructiveReason(operation);
    if (reason) return reason;
  }
  const names = [operation.name, operation.tsName];
  if (Array.isArray(unit) && listed(unit, names)) return `unit ${unitId} asks to confirm it`;
  const qualified = names.map((name) => `${unitId}.${name}`);
  if (Array.isArray(serve) && listed(serve, qualified)) return "this server's confirm setting names it";
  return undefined;
}
