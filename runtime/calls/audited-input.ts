/**
 * The arguments of a call an audit record is open for. The audit log opens a slot around each call
 * it records (and around each operation a Code Mode run calls); the runtime, which knows the unit and
 * its secrets, fills it when the unit opts in to arguments (`audit: { arguments: true }`). Outside a
 * slot, or for a unit that does not opt in, this costs one lookup and keeps nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ManifestUnit } from "../contract/manifest.js";
import type { SecretSource } from "../shared/references.js";
import {
  isStoredReference,
  referencedVariables,
  referencesUnder,
  resolveReference,
  resolveSecret,
} from "../shared/references.js";
import { argumentsByKeys, keptArguments } from "./audit-arguments.js";

/** One audited call's arguments, when its unit keeps them. */
export interface AuditedInput {
  /** Set by the runtime: the arguments to keep, redacted. */
  arguments?: Promise<unknown>;
  /** More secrets to replace besides the unit's own (the vault's values), from the audit log. */
  secrets?: () => Promise<readonly string[]>;
}

/** The slot of the call being audited in this async context. */
export const auditedInput = new AsyncLocalStorage<AuditedInput>();

/** Kept in place of arguments whose secrets could not all be read: nothing unredacted is stored. */
const UNREADABLE = "[not kept: the secrets to redact could not be read]";

const referencesOf = new WeakMap<ManifestUnit, string[]>();

/** The secret references in a unit's connection and its operations' invocations, read once per unit. */
function unitReferences(unit: ManifestUnit): string[] {
  let found = referencesOf.get(unit);
  if (!found) {
    const where = { connection: unit.connection, invoke: unit.operations.map((op) => op.invoke) };
    found = [...new Set(referencesUnder(where).map(([, text]) => text))];
    referencesOf.set(unit, found);
  }
  return found;
}

/** The unit's credentials as resolved now (each variable a template names, too); unset ones are skipped. */
async function unitSecrets(
  unit: ManifestUnit,
  env: Record<string, string | undefined>,
  vault: SecretSource | undefined,
): Promise<string[]> {
  const found: string[] = [];
  for (const text of unitReferences(unit)) {
    for (const name of referencedVariables(text)) {
      const value = env[name];
      if (value !== undefined) found.push(value);
    }
    try {
      found.push(
        isStoredReference(text)
          ? await resolveSecret(text, { env, ...(vault ? { vault } : {}) })
          : resolveReference(text, env),
      );
    } catch {
      // An unset variable or an absent secret: the call fails or goes without it, nothing to replace.
    }
  }
  return found;
}

/**
 * Notes `input` to `unit` in the open slot when the unit keeps its arguments; the first call in a
 * slot is the one its record is about.
 */
export function noteAuditedInput(
  unit: ManifestUnit,
  input: unknown,
  sources: { env: Record<string, string | undefined>; vault?: SecretSource },
): void {
  const slot = auditedInput.getStore();
  if (!slot || slot.arguments || unit.audit?.arguments !== true) return;
  const byKeys = argumentsByKeys(input, unit.audit);
  slot.arguments = Promise.all([unitSecrets(unit, sources.env, sources.vault), slot.secrets?.() ?? []]).then(
    ([own, more]) => keptArguments(byKeys, [...own, ...more]),
    () => UNREADABLE,
  );
}
