/**
 * Reads a call's stored references (`file:/abs/path`, `vault:NAME`) before the request is built:
 * they are read asynchronously (a file, the store), while building a request resolves references
 * synchronously from the environment and the map read here. Each is read at call time, so a secret
 * changed with `unitc secret set` is used by the next call; none is ever written to the manifest.
 */
import { UnitError } from "../../contract/errors.js";
import type { AuthConfig } from "../../contract/manifest.js";
import { isStoredReference, resolveSecret, type StoredSecrets } from "../../shared/references.js";
import type { InvokeContext } from "../shared/types.js";
import { isCredentialHeader } from "./header-rules.js";

/** The references in a unit's auth and an action's credential headers, with the field each is in. */
export function authReferences(
  auth: AuthConfig | undefined,
  headers?: Record<string, string>,
): [string, string][] {
  const found: [string, string][] = [];
  if (auth?.type === "bearer") found.push(["auth.token", auth.token]);
  if (auth?.type === "headers") {
    for (const [name, value] of Object.entries(auth.headers)) found.push([`auth.headers.${name}`, value]);
  }
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (isCredentialHeader(name)) found.push([`headers.${name}`, value]);
  }
  return found;
}

/** Reads every stored reference among `references`; a `SECRET_UNAVAILABLE` error naming the field otherwise. */
export async function readStoredSecrets(
  references: readonly [string, string][],
  context: Pick<InvokeContext, "env" | "vault" | "unit">,
): Promise<StoredSecrets> {
  const stored = new Map<string, string>();
  for (const [field, reference] of references) {
    if (!isStoredReference(reference) || stored.has(reference)) continue;
    try {
      const value = await resolveSecret(reference, {
        env: context.env,
        ...(context.vault ? { vault: context.vault } : {}),
        field: `${field} of unit ${context.unit.id}`,
      });
      stored.set(reference, value);
    } catch (error) {
      // Reference, vault and store errors name fields, secrets' names and locations, never a value.
      // A store that cannot open is a UnitError already (STORAGE_UNAVAILABLE): its hint is kept.
      const hint = error instanceof UnitError ? error.details.hint : (error as { hint?: unknown }).hint;
      throw new UnitError("SECRET_UNAVAILABLE", error instanceof Error ? error.message : String(error), {
        hint: typeof hint === "string" ? hint : "check storage with unitc storage status",
        unit: context.unit.id,
      });
    }
  }
  return stored;
}
