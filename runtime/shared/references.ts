/**
 * The one module for secret references. A secret-bearing value is never written inline. Request
 * templates hold `env:NAME`, or `${NAME}` / `$env:NAME` placeholders (for example
 * `Bearer ${API_TOKEN}`), resolved from the environment when a request is made. Whole-value fields
 * also take `file:/abs/path` (a file only its owner may read or write) and `vault:NAME` (a sealed
 * secret in the store); storage's own fields (`connection`, `credentials`, `vaultKey`, `publishKey`)
 * allow `env:` and `file:` only, since the vault needs the store open before it can answer. An
 * invoker reads a call's `file:` and `vault:` references before the call (see
 * invoke/stored-secrets.ts).
 */
import { readFile, stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import type { CataloguedCode } from "../contract/codes/index.js";
import { UnitError } from "../contract/errors.js";

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

/** Every string under `value` (in objects and arrays, at any depth) with the dotted field it sits in. */
function fieldStrings(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldStrings(item, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => fieldStrings(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/** The secret references (`env:`, placeholders, `file:`, `vault:`) under `value`, each with its field. */
export function referencesUnder(value: unknown, path = ""): [string, string][] {
  return fieldStrings(value, path).filter(([, text]) => isSecretReference(text) || isStoredReference(text));
}

/** Thrown by {@link resolveReference} when a variable is unset: names the variable, never a value. */
export class MissingVariableError extends Error {
  readonly code: CataloguedCode<"MISSING_ENV"> = "MISSING_ENV";
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

/** The kinds of reference. */
export type ReferenceKind = "env" | "file" | "vault";

/** Why a reference did not resolve; names the field, variable, path or secret, never a value. */
export class SecretReferenceError extends Error {
  constructor(
    readonly code: CataloguedCode<
      | "REFERENCE_LITERAL"
      | "REFERENCE_NOT_ALLOWED"
      | "MISSING_ENV"
      | "FILE_NOT_PRIVATE"
      | "FILE_UNREADABLE"
      | "VAULT_UNAVAILABLE"
      | "VAULT_MISSING"
    >,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "SecretReferenceError";
  }
}

/** What a `vault:` reference reads from. */
export interface SecretSource {
  get(name: string): Promise<{ value: string } | undefined>;
}

/** Where references resolve, and which kinds a field allows (all by default). */
export interface ReferenceContext {
  env: Record<string, string | undefined>;
  vault?: SecretSource;
  allow?: readonly ReferenceKind[];
  /** The config field being resolved, for messages (for example `storage.connection`). */
  field?: string;
}

const PATTERNS: Record<ReferenceKind, RegExp> = {
  env: WHOLE_ENV,
  file: /^file:(\/.*)$/,
  vault: /^vault:([A-Za-z0-9._:@-]+(?:\/[A-Za-z0-9._:@-]+)*)$/,
};

/** The reference's kind and target, or undefined when `value` is no reference (a literal). */
export function parseReference(value: string): { kind: ReferenceKind; target: string } | undefined {
  for (const kind of Object.keys(PATTERNS) as ReferenceKind[]) {
    const match = PATTERNS[kind].exec(value);
    if (match?.[1] && (kind !== "file" || isAbsolute(match[1]))) return { kind, target: match[1] };
  }
  return undefined;
}

/** Resolves `value` to the secret it names; a {@link SecretReferenceError} otherwise. */
export async function resolveSecret(value: string, context: ReferenceContext): Promise<string> {
  const field = context.field ?? "the field";
  const allow = context.allow ?? (["env", "file", "vault"] as const);
  const written = allow.map((kind) => (kind === "file" ? "file:/abs/path" : `${kind}:NAME`)).join(", ");
  const parsed = parseReference(value);
  if (parsed === undefined) {
    throw new SecretReferenceError(
      "REFERENCE_LITERAL",
      `${field} holds a literal value; it must be a reference`,
      `write ${written}`,
    );
  }
  if (!allow.includes(parsed.kind)) {
    throw new SecretReferenceError(
      "REFERENCE_NOT_ALLOWED",
      `${field} does not take ${parsed.kind}: references`,
      `write ${written}`,
    );
  }
  if (parsed.kind === "env") return fromEnv(parsed.target, context.env, field);
  if (parsed.kind === "file") return fromFile(parsed.target, field);
  return fromVault(parsed.target, context.vault, field);
}

function fromEnv(name: string, env: Record<string, string | undefined>, field: string): string {
  const found = env[name];
  if (found === undefined) {
    throw new SecretReferenceError(
      "MISSING_ENV",
      `environment variable ${name} (for ${field}) is not set`,
      `set ${name} in the environment`,
    );
  }
  return found;
}

/** Reads a secret file after checking that only its owner can read or write it. */
async function fromFile(path: string, field: string): Promise<string> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new SecretReferenceError(
      "FILE_UNREADABLE",
      `${path} (for ${field}) cannot be read (${why})`,
      "check the path",
    );
  }
  if ((mode & 0o077) !== 0) {
    throw new SecretReferenceError(
      "FILE_NOT_PRIVATE",
      `${path} (for ${field}) is readable or writable by others (mode ${(mode & 0o777).toString(8)})`,
      `make it owner-only: chmod 600 ${path}`,
    );
  }
  const text = await readFile(path, "utf8");
  // Editors and `echo` end a file with a newline that is not part of the secret.
  return text.replace(/\r?\n$/, "");
}

async function fromVault(name: string, vault: SecretSource | undefined, field: string): Promise<string> {
  if (vault === undefined) {
    throw new SecretReferenceError(
      "VAULT_UNAVAILABLE",
      `${field} names vault:${name}, but no storage is configured`,
      `configure storage in the user config, then unitc secret set ${name}`,
    );
  }
  const found = await vault.get(name);
  if (found === undefined) {
    throw new SecretReferenceError(
      "VAULT_MISSING",
      `vault secret ${name} (for ${field}) is not set`,
      `run unitc secret set ${name}`,
    );
  }
  return found.value;
}
