/**
 * Who is calling over HTTP: the principal a request authenticates as. Every way of authenticating
 * (the operators' serve token, scoped serve tokens, OAuth access tokens) yields one through the one
 * authentication step (`authenticate.ts`); sessions and limits are kept per principal.
 */
import type { IncomingMessage } from "node:http";
import type { OperationRules } from "../policy/rules.js";

/** An authenticated caller. */
export interface Principal {
  /** Stable per caller: sessions are kept per ID, and limits too unless `share` says otherwise. */
  id: string;
  /**
   * The callers this one shares limits and Code Mode engines with, when that is wider than its ID:
   * unauthenticated callers own their sessions by credential but share one allowance per address.
   */
  share?: string;
  /** The served unit IDs this caller may see and call; undefined: every unit. */
  units?: string[];
  /** Which operations of those units it may see and call (its serve token's rules); undefined: all. */
  rules?: OperationRules;
  /** What else a scoped serve token lets it do (`metrics`: read `/metrics`). */
  scopes?: string[];
  /** How the caller authenticated (`admin-token`, `serve-token`, `oauth`, `none`), for logs. */
  via: string;
}

/** The bearer token of a request's `Authorization` header, if it carries one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] || undefined;
}

/** What a principal's rate, concurrency and Code Mode share are counted by. */
export function shareOf(who: Principal): string {
  return who.share ?? who.id;
}

/** Why a request is not authenticated. */
export interface AuthProblem {
  kind: "missing" | "invalid" | "insufficient_scope" | "unavailable";
  description?: string;
}
