/**
 * Which environment variables a bundle's units refer to (auth, a stdio server's or a CLI action's
 * declared `env`) that are not set. Serve says so when it starts, naming units and variables, never
 * values; those units still fail each call with `MISSING_ENV`, and every other unit is served.
 */
import type { Manifest, ManifestUnit } from "../manifest.js";
import { isSecretReference, referencedVariables } from "../references.js";

/** A unit and the unset variables it needs, in first-seen order. */
export interface UnsetVariables {
  unit: string;
  variables: string[];
}

/** The references among the string values of an object (one level, and one more for `headers`). */
function references(values: unknown): string[] {
  if (typeof values !== "object" || values === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string" && isSecretReference(value)) found.push(value);
    else if (key === "headers") found.push(...references(value));
  }
  return found;
}

function unitReferences(unit: ManifestUnit): string[] {
  const connection = unit.connection as { auth?: unknown; env?: unknown };
  const found = [...references(connection.auth), ...references(connection.env)];
  for (const operation of unit.operations) {
    const invoke = operation.invoke as { kind: string; env?: unknown };
    if (invoke.kind === "cli") found.push(...references(invoke.env));
  }
  return found;
}

/** Every unit whose references name variables unset in `env`, sorted by unit ID. */
export function unsetVariables(
  manifest: Manifest,
  env: Record<string, string | undefined>,
): UnsetVariables[] {
  const result: UnsetVariables[] = [];
  for (const unit of manifest.units) {
    const names = unitReferences(unit).flatMap(referencedVariables);
    const variables = [...new Set(names.filter((name) => env[name] === undefined))];
    if (variables.length > 0) result.push({ unit: unit.id, variables });
  }
  return result.sort((a, b) => a.unit.localeCompare(b.unit));
}

/** One line for a unit with unset variables. */
export function unsetVariablesLine({ unit, variables }: UnsetVariables): string {
  const one = variables.length === 1;
  return `unit ${unit} needs environment variable${one ? "" : "s"} ${variables.join(", ")}, which ${one ? "is" : "are"} not set: its calls fail with MISSING_ENV until ${one ? "it is" : "they are"}`;
}
