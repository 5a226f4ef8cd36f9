/**
 * The bearer token HTTP clients must present: taken from an environment reference (`env:NAME`,
 * default `env:UNITC_SERVE_TOKEN` when that variable is set), or generated once into the remote
 * state folder (`serve-token`, mode 0600), whose path, never the token, is shown on stderr that one
 * time.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isSecretReference, MissingVariableError, resolveReference } from "../../shared/references.js";
import { ServeSetupError } from "../shared/setup-error.js";

export const DEFAULT_TOKEN_VARIABLE = "UNITC_SERVE_TOKEN";
export const TOKEN_FILE = "serve-token";
/** Shortest token accepted from the environment. */
const MIN_TOKEN_CHARS = 16;

export interface TokenOptions {
  /** A secret reference naming where the token is (`env:NAME`); never a literal token. */
  reference?: string;
  env: Record<string, string | undefined>;
  /** The remote state folder a generated token is kept in. */
  statePath: string;
  log: (line: string) => void;
}

export interface ServeToken {
  token: string;
  /** Where it came from, for the startup line (never the token itself). */
  source: string;
}

function fromReference(reference: string, env: Record<string, string | undefined>): ServeToken {
  if (!isSecretReference(reference)) {
    throw new ServeSetupError(
      "TOKEN_NOT_A_REFERENCE",
      "the serve token must be given as a reference such as env:NAME, not as its value",
      "put the token in an environment variable and pass --token env:NAME",
    );
  }
  try {
    const token = resolveReference(reference, env);
    if (token.length < MIN_TOKEN_CHARS) {
      throw new ServeSetupError(
        "TOKEN_TOO_SHORT",
        `the serve token from ${reference} is shorter than ${MIN_TOKEN_CHARS} characters`,
        "use a long random value, for example: openssl rand -base64 32",
      );
    }
    return { token, source: reference };
  } catch (error) {
    if (!(error instanceof MissingVariableError)) throw error;
    throw new ServeSetupError(
      "MISSING_ENV",
      `the serve token needs environment variable ${error.variable}, which is not set`,
      `set ${error.variable}, or leave --token out to use a generated token`,
    );
  }
}

function fromFile(statePath: string, log: (line: string) => void): ServeToken {
  const file = join(statePath, TOKEN_FILE);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat) {
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(file, 0o600);
      log(`${file} was readable by others; its mode is now 0600`);
    }
    return { token: readFileSync(file, "utf8").trim(), source: file };
  }
  mkdirSync(statePath, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString("base64url");
  writeFileSync(file, `${token}\n`, { mode: 0o600, flag: "wx" });
  // Only where it is: stderr of a service goes to its logs, and the token gives full access.
  log(`generated a bearer token for HTTP clients in ${file} (mode 0600); clients send its contents`);
  return { token, source: file };
}

/** The token to require, from the reference, the default variable, or the state folder. */
export function resolveServeToken(options: TokenOptions): ServeToken {
  if (options.reference !== undefined) return fromReference(options.reference, options.env);
  if (options.env[DEFAULT_TOKEN_VARIABLE]) return fromReference(`env:${DEFAULT_TOKEN_VARIABLE}`, options.env);
  return fromFile(options.statePath, options.log);
}
