/**
 * The fetch every OAuth request goes through: redirects are followed by hand so that every hop is
 * checked to be https (http only on loopback), at most a few hops, and a redirect never carries a
 * body or credentials to another origin.
 */
import { UnitError } from "../contract/errors.js";
import { guardedFetch } from "../net/guard.js";
import { checkedUrl } from "./settings.js";

const MAX_HOPS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch that checks the first URL and every redirect hop; `base` is the fetch underneath. With
 * `configuredUrl` (the issuer or server URL from the config), each request also goes through the
 * outbound address guard with that URL's policy.
 */
export function safeFetch(base: typeof fetch = globalThis.fetch, configuredUrl?: string): typeof fetch {
  const send = configuredUrl === undefined ? base : guardedFetch(base, { configuredUrl, env: process.env });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = checkedUrl(input instanceof Request ? input.url : String(input), "the OAuth URL");
    let options: RequestInit = { ...init, redirect: "manual" };
    for (let hop = 0; ; hop++) {
      const response = await send(url, options);
      const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_HOPS) {
        throw new UnitError("AUTH_FAILED", `the OAuth server redirected more than ${MAX_HOPS} times`);
      }
      const next = checkedUrl(new URL(location, url).href, "an OAuth redirect");
      // Credentials and bodies go to the origin they were meant for only.
      if (next.origin !== url.origin || response.status === 303) {
        options = { method: "GET", redirect: "manual", ...(init?.signal ? { signal: init.signal } : {}) };
      }
      url = next;
    }
  }) as typeof fetch;
}
