/**
 * The one authentication step of HTTP serving: `authenticate(req)` gives the principal a request
 * acts for, or the problem to answer with. The operators' serve token is compared first, then the
 * scoped serve tokens kept in storage (both as SHA-256 digests in constant time; a session ID alone
 * never authorises), then an OAuth access token when an issuer is configured. A problem becomes 401
 * (no or a bad token), 403 (a scope missing) or 503 (the issuer unreachable), each with its
 * `WWW-Authenticate`.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerToken, type Principal } from "../auth/principal.js";
import type { OAuthResource } from "../auth/resource-server.js";
import type { ServeTokens } from "../auth/serve-tokens.js";
import { sendError } from "./guard.js";

/** Why a request is not authenticated. */
export interface AuthProblem {
  kind: "missing" | "invalid" | "insufficient_scope" | "unavailable";
  description?: string;
}

export type Authenticate = (req: IncomingMessage) => Promise<Principal | AuthProblem>;

export interface AuthenticateOptions {
  /** The operators' serve token; undefined when unauthenticated serving was allowed. */
  token?: string;
  /** The scoped serve tokens, when storage holds them. */
  tokens?: ServeTokens;
  /** The protected resource, when OAuth tokens are accepted. */
  oauth?: OAuthResource;
}

/** The principal of the operators' serve token: every unit. */
export const ADMIN_PRINCIPAL: Principal = { id: "admin", via: "admin-token" };

/**
 * The principal of an unauthenticated caller: its session still belongs to the credential that
 * opened it, but the limits and Code Mode's engines are shared per client address, whatever bearer
 * string it sends, so making up a new string each time gets no new allowance.
 */
function anonymous(req: IncomingMessage, presented: string | undefined): Principal {
  const share = `anonymous@${req.socket.remoteAddress ?? "unknown"}`;
  const id = presented === undefined ? share : `${share}:${digest(presented).toString("hex")}`;
  return { id, share, via: "none" };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** True when `result` is a refusal rather than a principal. */
export function isProblem(result: Principal | AuthProblem): result is AuthProblem {
  return "kind" in result;
}

/** The authentication step for these options. */
export function createAuthenticate(options: AuthenticateOptions): Authenticate {
  const { tokens, oauth } = options;
  const admin = options.token === undefined ? undefined : digest(options.token);
  const open = admin === undefined && !oauth;
  return async (req) => {
    const presented = bearerToken(req);
    if (presented === undefined) return open ? anonymous(req, undefined) : { kind: "missing" };
    if (admin && timingSafeEqual(digest(presented), admin)) return ADMIN_PRINCIPAL;
    const scoped = tokens?.check(presented);
    if (scoped) return scoped;
    if (oauth) return oauth.verify(presented);
    return open ? anonymous(req, presented) : { kind: "invalid" };
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
