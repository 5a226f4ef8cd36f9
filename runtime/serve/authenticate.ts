/**
 * The bearer-token way of authenticating HTTP requests: the admin serve token (every unit) and the
 * scoped serve tokens kept in storage. Tokens are compared as SHA-256 digests in constant time; a
 * session ID alone never authorises.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import {
  type Authenticate,
  type AuthProblem,
  bearerToken,
  type Principal,
  unauthorized,
} from "./principal.js";
import type { ServeTokens } from "./serve-tokens.js";

/** The principal of the admin serve token, and of every request when serving without authentication. */
export const ADMIN_PRINCIPAL: Principal = { id: "admin", via: "admin-token" };
const ANONYMOUS: Principal = { id: "anonymous", via: "none" };

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Authenticates by bearer token: `token` is the admin token (undefined: serving without
 * authentication, where a request without a scoped token is anonymous and sees every unit).
 */
export function tokenAuthenticate(options: { token?: string; tokens?: ServeTokens }): Authenticate {
  const admin = options.token === undefined ? undefined : digest(options.token);
  return async (req): Promise<Principal | AuthProblem> => {
    const presented = bearerToken(req);
    if (presented === undefined) return admin ? unauthorized("missing") : ANONYMOUS;
    if (admin && timingSafeEqual(digest(presented), admin)) return ADMIN_PRINCIPAL;
    const scoped = options.tokens?.check(presented);
    if (scoped) return scoped;
    if (admin) return unauthorized("invalid");
    // Without authentication, a session still belongs to the credential that opened it.
    return { id: `anonymous:${digest(presented).toString("hex")}`, via: "none" };
  };
}
