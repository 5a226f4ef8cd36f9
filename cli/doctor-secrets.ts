/**
 * The doctor's secrets check: every reference a unit's calls resolve (its connection's auth, headers
 * and environment, and each operation's request) is resolved now, the same way a call would, so a
 * missing variable, vault entry or key file is found before the first call fails. Only names and
 * fields are shown, never a value.
 */
import type { Manifest } from "../runtime/contract/manifest.js";
import { unitReferences } from "../runtime/serve/shared/unset-env.js";
import {
  parseReference,
  referencedVariables,
  resolveSecret,
  type SecretSource,
} from "../runtime/shared/references.js";
import type { DoctorCheck } from "./doctor-checks.js";

/** Why `reference` in `field` would not resolve for a call, with its fix; undefined when it would. */
async function problem(
  field: string,
  reference: string,
  env: Record<string, string | undefined>,
  vault: SecretSource | undefined,
): Promise<{ detail: string; fix: string } | undefined> {
  const kind = parseReference(reference)?.kind;
  if (kind === undefined || kind === "env") {
    const unset = referencedVariables(reference).filter((name) => env[name] === undefined);
    if (unset.length === 0) return undefined;
    return {
      detail: `${field}: environment variable ${unset.join(", ")} ${unset.length > 1 ? "are" : "is"} not set`,
      fix: `export ${unset[0]}=… (in the environment unitc serve runs in)`,
    };
  }
  if (kind === "vault" && !vault) {
    return {
      detail: `${field}: the store is not reachable to read ${reference}`,
      fix: "unitc storage status",
    };
  }
  try {
    await resolveSecret(reference, { env, ...(vault ? { vault } : {}), field });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = (error as { hint?: unknown }).hint;
    const name = parseReference(reference)?.target ?? "";
    const fix =
      kind === "vault" ? `unitc secret set ${name}` : typeof hint === "string" ? hint : "fix the reference";
    return { detail: message, fix };
  }
}

/** One line per unit whose calls resolve secret references: ok, or the first problem and its fix. */
export async function secretChecks(
  manifest: Manifest | undefined,
  env: Record<string, string | undefined>,
  vault: SecretSource | undefined,
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const unit of manifest?.units ?? []) {
    const references = unitReferences(unit);
    if (references.length === 0) continue;
    const problems = [];
    for (const [field, reference] of references) {
      const found = await problem(field, reference, env, vault);
      if (found) problems.push(found);
    }
    const first = problems[0];
    checks.push(
      first
        ? {
            check: `secrets ${unit.id}`,
            ok: false,
            detail: problems.length > 1 ? `${first.detail} (and ${problems.length - 1} more)` : first.detail,
            fix: first.fix,
          }
        : {
            check: `secrets ${unit.id}`,
            ok: true,
            detail:
              references.length === 1 ? "1 reference resolves" : `${references.length} references resolve`,
          },
    );
  }
  return checks.sort((a, b) => (a.check < b.check ? -1 : a.check > b.check ? 1 : 0));
}
