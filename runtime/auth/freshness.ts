/** How usable stored tokens are, by the clock: the one rule for refreshing and for `auth status`. */
import type { TokenSet } from "./grants.js";

/** The margin before expiry at which tokens are refreshed: 60 s or 10% of the lifetime, at most half of it. */
export function refreshMargin(tokens: TokenSet): number {
  if (tokens.expiresAt === undefined) return 0;
  const lifetime = Math.max(0, tokens.expiresAt - tokens.issuedAt);
  return Math.min(Math.max(60_000, lifetime / 10), lifetime / 2);
}

/** `valid` (use as is), `refreshable` (due or expired, with a refresh token) or `expired`. */
export function freshness(tokens: TokenSet, now = Date.now()): "valid" | "refreshable" | "expired" {
  if (tokens.expiresAt === undefined || now < tokens.expiresAt - refreshMargin(tokens)) return "valid";
  if (tokens.refreshToken) return "refreshable";
  return now < tokens.expiresAt ? "valid" : "expired";
}

/** True once the tokens are within the refresh margin of their expiry. */
export function isDue(tokens: TokenSet, now = Date.now()): boolean {
  return tokens.expiresAt !== undefined && now >= tokens.expiresAt - refreshMargin(tokens);
}
