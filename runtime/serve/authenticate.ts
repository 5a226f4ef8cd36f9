/**
 * The one authentication step of HTTP serving: `authenticate(req)` gives the principal a request
 * acts for, or the problem to answer with. The operators' serve token is compared first (in constant
 * time), then an OAuth access token when an issuer is configured. A problem becomes 401 (no or a bad
 * token), 403 (a scope missing) or 503 (the issuer unreachable), each with its `WWW-Authenticate`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError, tokenProblem } from "./http-guard.js";
import type { OAuthResource } from "./oauth-resource.js";
import type { Principal } from "./principal.js";

/** Why a request is not authenticated. */
export interface AuthProblem {
  kind: "missing" | "invalid" | "insufficient_scope" | "unavailable";
  description?: string;
}

export type Authenticate = (req: IncomingMessage) => Promise<Principal | AuthProblem>;

export interface AuthenticateOptions {
  /** The operators' serve token; undefined when unauthenticated serving was allowed. */
  token?: string;
  /** The protected resource, when OAuth tokens are accepted. */
  oauth?: OAuthResource;
}

const OPERATOR: Principal = { id: "operator", via: "token" };
const ANONYMOUS: Principal = { id: "anonymous", via: "none" };

/** True when `result` is a refusal rather than a principal. */
export function isProblem(result: Principal | AuthProblem): result is AuthProblem {
  return "kind" in result;
}

function bearer(req: IncomingMessage): string | undefined {
  return /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
}

/** The authentication step for these options. */
export function createAuthenticate(options: AuthenticateOptions): Authenticate {
  const { token, oauth } = options;
  return async (req) => {
    if (!oauth) {
      const problem = tokenProblem(req, token);
      return problem ? { kind: problem } : token === undefined ? ANONYMOUS : OPERATOR;
    }
    const presented = bearer(req);
    if (presented === undefined) return { kind: "missing" };
    if (token !== undefined && tokenProblem(req, token) === undefined) return OPERATOR;
    return oauth.verify(presented);
  };
}

const STATUS = { missing: 401, invalid: 401, insufficient_scope: 403, unavailable: 503 } as const;
const CODES = {
  missing: undefined,
  invalid: "OAUTH_TOKEN_INVALID",
  insufficient_scope: "OAUTH_SCOPE_MISSING",
  unavailable: "OAUTH_ISSUER_UNAVAILABLE",
} as const;

/** A quoted-string of an auth-param: no quotes or backslashes inside, one line. */
function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, "'").replace(/[\r\n]+/g, " ")}"`;
}

export interface ChallengeOptions {
  /** The protected-resource metadata URL (OAuth only). */
  resourceMetadata?: string;
  /** The scopes to ask for (OAuth only). */
  scopes?: readonly string[];
}

/** The `WWW-Authenticate` value for `problem`. */
export function challenge(problem: AuthProblem, options: ChallengeOptions): string {
  const params: string[] = [];
  if (!options.resourceMetadata) params.push('realm="unitc"');
  if (problem.kind === "invalid" || problem.kind === "insufficient_scope") {
    params.push(`error="${problem.kind === "invalid" ? "invalid_token" : "insufficient_scope"}"`);
    params.push(`error_description=${quoted(problem.description ?? "the bearer token is not valid")}`);
  }
  if (options.scopes && options.scopes.length > 0) params.push(`scope=${quoted(options.scopes.join(" "))}`);
  if (options.resourceMetadata) params.push(`resource_metadata=${quoted(options.resourceMetadata)}`);
  return `Bearer ${params.join(", ")}`;
}

/** Answers a refused request: the status, the challenge, and a JSON-RPC error naming a stable code. */
export function sendAuthProblem(
  res: ServerResponse,
  problem: AuthProblem,
  options: ChallengeOptions,
  headers: Record<string, string> = {},
): void {
  const status = STATUS[problem.kind];
  const message =
    problem.kind === "insufficient_scope"
      ? `Forbidden: ${problem.description}`
      : problem.kind === "unavailable"
        ? "Service unavailable: the OAuth issuer cannot be reached to check the token; try again later"
        : "Unauthorized: send Authorization: Bearer <token>";
  const extra: Record<string, string> =
    problem.kind === "unavailable"
      ? { "retry-after": "5" }
      : { "www-authenticate": challenge(problem, options) };
  sendError(res, status, -32001, message, { ...headers, ...extra }, CODES[problem.kind]);
}
