/**
 * The connection fields every HTTP-based backend shares: base URL, auth, timeout, byte cap; and the
 * rule on who may choose the base URL when the unit sends credentials.
 */
import type { AuthConfig } from "../../../runtime/manifest.js";
import { defsDefault } from "../../resolve/defaults.js";

type Data = Record<string, unknown>;

/** `{kind, baseUrl, auth, requestTimeoutMs, maxResponseBytes}` with the schema's defaults applied. */
export function remoteConnection<K extends string>(kind: K, backend: Data, baseUrl: string) {
  return {
    kind,
    baseUrl,
    auth: (backend.auth as AuthConfig | undefined) ?? { type: "none" },
    requestTimeoutMs:
      (backend.requestTimeoutMs as number | undefined) ??
      defsDefault<number>("remoteRequestFields", "requestTimeoutMs"),
    maxResponseBytes:
      (backend.maxResponseBytes as number | undefined) ??
      defsDefault<number>("httpApiFields", "maxResponseBytes"),
  };
}

/**
 * A base URL a fetched document chose (OpenAPI `servers[0]`, a discovery document's `rootUrl`) must
 * not decide where the unit's credentials go: whoever serves the document could name any host, the
 * document's own included. Refused when the unit has auth and no `baseUrl`; a local file is the
 * author's own and may name its server.
 */
export function documentChosenBase(
  backend: Data,
  location: string,
  named: string,
  url: string,
): { problem: string; hint: string } | undefined {
  if (typeof backend.baseUrl === "string" || !/^https?:\/\//i.test(location)) return undefined;
  const auth = backend.auth as { type?: unknown } | undefined;
  if (auth === undefined || auth.type === "none") return undefined;
  return {
    problem: `the document fetched from ${location} names the API's server itself (${named} is ${JSON.stringify(url)}); with auth configured, a fetched document must not decide where credentials go`,
    hint: `set baseUrl on the unit to where the API is served (${url} if that is right)`,
  };
}
