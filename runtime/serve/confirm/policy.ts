/**
 * Which calls serving confirms with the person before making them. A unit's `confirm` names its
 * own operations; the serve config's `confirm` names operations of every served unit as
 * `unit.operation`. Either may say `destructive` instead: operations whose annotations say
 * `destructiveHint: true`, and HTTP DELETE operations. Annotations are the source's hints, not
 * proof: a list names what the hints leave out.
 */
import { confirmNamesMatching } from "../../contract/confirm.js";
import type { ConfirmSetting, ToolAnnotations } from "../../contract/manifest.js";

/** An operation as the policy reads it; `invoke` carries the HTTP method where the kind has one. */
export interface PolicyOperation {
  name: string;
  tsName: string;
  annotations?: ToolAnnotations;
  invoke?: unknown;
}

/** The serving person's own settings of confirmation (the serve config's `confirm`, its wait). */
export interface ConfirmOptions {
  /** Operations of every served unit to confirm, as `unit.operation` names, or `destructive`. */
  operations?: ConfirmSetting;
  /** How long the person has to answer; no answer by then declines the call. */
  timeoutMs?: number;
}

/** How long the person has to answer when the serve config says nothing (the schema's default). */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 120_000;

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
