/**
 * Which environment variables a bundle's units refer to (auth, headers, a stdio server's or a CLI
 * action's declared `env`) that are not set. Serve says so when it starts, naming units and
 * variables, never values; those units still fail each call with `MISSING_ENV`, and every other unit
 * is served. `unitc doctor` resolves the same references (cli/doctor-secrets.ts).
 */
import type { Manifest, ManifestUnit } from "../../contract/manifest.js";
import { referencedVariables, referencesUnder } from "../../shared/references.js";

/** A unit and the unset variables it needs, in first-seen order. */
export interface UnsetVariables {
  unit: string;
  variables: string[];
}

/**
 * The secret references a unit's calls resolve, with the field each is in: anywhere in its
 * connection (auth, headers, a server's or action's `env`) and in each operation's request.
 */
export function unitReferences(unit: ManifestUnit): [string, string][] {
  return [
    ...referencesUnder(unit.connection),
    ...unit.operations.flatMap((op) => referencesUnder(op.invoke, op.name)),
  ];
}

/** Every unit whose references name variables unset in `env`, sorted by unit ID. */
export function unsetVariables(
  manifest: Manifest,
  env: Record<string, string | undefined>,
): UnsetVariables[] {
  const result: UnsetVariables[] = [];
  for (const unit of manifest.units) {
    const names = unitReferences(unit).flatMap(([, reference]) => referencedVariables(reference));
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
