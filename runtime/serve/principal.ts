/**
 * Who is calling over HTTP: the principal a request authenticates as, and the one seam the HTTP
 * server calls to find it ({@link Authenticate}). Every way of authenticating (the admin serve
 * token, scoped serve tokens, OAuth access tokens) answers through this seam.
 */
import type { IncomingMessage } from "node:http";

/** An authenticated caller. */
export interface Principal {
  /** Stable per caller: sessions and limits are kept per ID. */
  id: string;
  /** The served unit IDs this caller may see and call; undefined: every unit. */
  units?: string[];
  /** How the caller authenticated (`admin-token`, `serve-token`, `none`, …), for logs. */
  via: string;
}

/** Why a request is not authenticated: the HTTP status, its `WWW-Authenticate` challenge and message. */
export interface AuthProblem {
  status: 401 | 403;
  challenge: string;
  message: string;
}

/** Finds the principal of a request, or the problem to answer with. */
export type Authenticate = (req: IncomingMessage) => Promise<Principal | AuthProblem>;

/** True when `outcome` is a problem rather than a principal. */
export function isAuthProblem(outcome: Principal | AuthProblem): outcome is AuthProblem {
  return "challenge" in outcome;
}

/** The bearer token of a request's `Authorization` header, if it carries one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] || undefined;
}

/** The 401 for a request with no bearer token, or with one that is not valid. */
export function unauthorized(kind: "missing" | "invalid"): AuthProblem {
  return {
    status: 401,
    challenge:
      kind === "missing"
        ? 'Bearer realm="unitc"'
        : 'Bearer realm="unitc", error="invalid_token", error_description="the bearer token is not valid"',
    message: "Unauthorized: send Authorization: Bearer <token>",
  };
}
