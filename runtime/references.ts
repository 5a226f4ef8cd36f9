/**
 * Secret references. A secret-bearing value is never written inline: it is `env:NAME`, or a string
 * holding `${NAME}` / `$env:NAME` placeholders (for example `Bearer ${API_TOKEN}`), resolved from the
 * environment when a request is made.
 */

const ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";
const WHOLE_ENV = new RegExp(`^env:(${ENV_NAME})$`);
const PLACEHOLDER = new RegExp(`\\$\\{(${ENV_NAME})\\}|\\$env:(${ENV_NAME})`, "g");

/** True when `value` is a well-formed secret reference (no literal secret). */
export function isSecretReference(value: string): boolean {
  if (WHOLE_ENV.test(value)) return true;
  return referencedVariables(value).length > 0 && !/\$\{(?![A-Za-z_][A-Za-z0-9_]*\})/.test(value);
}

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

/** Resolves a reference or template against `env`; throws {@link MissingVariableError} when unset. */
export function resolveReference(value: string, env: Record<string, string | undefined>): string {
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
