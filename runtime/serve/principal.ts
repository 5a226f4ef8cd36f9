/**
 * Who is calling over HTTP: the principal a request authenticates as. Every way of authenticating
 * (the operators' serve token, scoped serve tokens, OAuth access tokens) yields one through the one
 * authentication step (`authenticate.ts`); sessions and limits are kept per principal.
 */
import type { IncomingMessage } from "node:http";

/** An authenticated caller. */
export interface Principal {
  /** Stable per caller: sessions and limits are kept per ID. */
  id: string;
  /** The served unit IDs this caller may see and call; undefined: every unit. */
  units?: string[];
  /** How the caller authenticated (`admin-token`, `serve-token`, `oauth`, `none`), for logs. */
  via: string;
}

/** The bearer token of a request's `Authorization` header, if it carries one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] || undefined;
}
