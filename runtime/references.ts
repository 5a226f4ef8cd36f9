/**
 * Secret references. A secret-bearing value is never written inline: it is `env:NAME`, or a string
 * holding `${NAME}` / `$env:NAME` placeholders (for example `Bearer ${API_TOKEN}`), resolved from the
 * environment when a request is made; or a whole `file:/abs/path` or `vault:NAME` (a stored
 * reference), which the invoker reads before the call (see invoke/stored-secrets.ts).
 */
import { UnitError } from "./errors.js";
import { parseReference } from "./storage/references.js";

const ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";
const WHOLE_ENV = new RegExp(`^env:(${ENV_NAME})$`);
const PLACEHOLDER = new RegExp(`\\$\\{(${ENV_NAME})\\}|\\$env:(${ENV_NAME})`, "g");

/** True when `value` is a well-formed secret reference (no literal secret). */
export function isSecretReference(value: string): boolean {
  if (WHOLE_ENV.test(value)) return true;
  return referencedVariables(value).length > 0 && !/\$\{(?![A-Za-z_][A-Za-z0-9_]*\})/.test(value);
}

/** True when `value` is a whole `file:/abs/path` or `vault:NAME` reference. */
export function isStoredReference(value: string): boolean {
  const kind = parseReference(value)?.kind;
  return kind === "file" || kind === "vault";
}

/** Stored references already read for one call, by reference text. */
export type StoredSecrets = ReadonlyMap<string, string>;

/** The environment variable names a reference or template names, in order of appearance. */
export function referencedVariables(value: string): string[] {
  const whole = WHOLE_ENV.exec(value);
  if (whole?.[1]) return [whole[1]];
  return [...value.matchAll(PLACEHOLDER)].map((m) => (m[1] ?? m[2]) as string);
}

/** Thrown by {@link resolveReference} when a variable is unset: names the variable, never a value. */
export class MissingVariableError extends Error {
  readonly code = "MISSING_ENV";
  readonly variable: string;
  constructor(variable: string) {
    super(`environment variable ${variable} is not set`);
    this.variable = variable;
  }
}

/**
 * Resolves a reference or template against `env` (and `stored`, for `file:` and `vault:`); throws
 * {@link MissingVariableError} when a variable is unset.
 */
export function resolveReference(
  value: string,
  env: Record<string, string | undefined>,
  stored?: StoredSecrets,
): string {
  if (isStoredReference(value)) {
    const found = stored?.get(value);
    // Never fall through: the reference text itself must not be sent as the secret.
    if (found === undefined) {
      throw new UnitError("SECRET_UNAVAILABLE", `${value.split(":")[0]}: references are not read here`, {
        hint: "use an env:NAME reference in this field",
      });
    }
    return found;
  }
  const lookup = (name: string): string => {
    const found = env[name];
    if (found === undefined) throw new MissingVariableError(name);
    return found;
  };
  const whole = WHOLE_ENV.exec(value);
  if (whole?.[1]) return lookup(whole[1]);
  return value.replace(PLACEHOLDER, (_match, braced: string | undefined, prefixed: string | undefined) =>
    lookup((braced ?? prefixed) as string),
  );
}
