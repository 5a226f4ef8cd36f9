/**
 * The connection fields every HTTP-based backend shares: base URL, auth, timeout, byte cap; and the
 * rule on who may choose the base URL when the unit sends credentials.
 */
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { remoteResponseCap } from "../../resolve/backend-defaults.js";

/** The connection fields of a resolved HTTP-based backend (defaults filled in by resolve). */
export interface RemoteBackend {
  baseUrl?: string;
  auth?: AuthConfig;
  requestTimeoutMs: number;
  /** Stated by HTTP APIs only; the other remote backends' schemas have no field for it. */
  maxResponseBytes?: number;
}

/**
 * `{kind, baseUrl, auth, requestTimeoutMs, maxResponseBytes}` of a resolved backend, and `baseUrlFrom`
 * when the document fetched from `location` chose the base URL's address (see {@link fetchedDocumentChose}).
 */
export function remoteConnection<K extends string>(
  kind: K,
  backend: RemoteBackend,
  baseUrl: string,
  location?: string,
) {
  const chosen = location !== undefined && fetchedDocumentChose(backend, location, baseUrl);
  return {
    kind,
    baseUrl,
    ...(chosen ? { baseUrlFrom: "fetched-document" as const } : {}),
    auth: backend.auth ?? { type: "none" },
    requestTimeoutMs: backend.requestTimeoutMs,
    maxResponseBytes: backend.maxResponseBytes ?? remoteResponseCap(),
  };
}

/** What decides whether a document may choose the base URL: the unit's own base URL and auth type. */
export interface BaseUrlChooser {
  baseUrl?: string;
  auth?: { type: string };
}

/**
 * A base URL a fetched document chose (OpenAPI `servers[0]`, a discovery document's `rootUrl`) must
 * not decide where the unit's credentials go: whoever serves the document could name any host, the
 * document's own included. Refused when the unit has auth and no `baseUrl`; a local file is the
 * author's own and may name its server.
 */
export function documentChosenBase(
  backend: BaseUrlChooser,
  location: string,
  named: string,
  url: string,
): { problem: string; hint: string } | undefined {
  if (backend.baseUrl !== undefined || !/^https?:\/\//i.test(location)) return undefined;
  if (backend.auth === undefined || backend.auth.type === "none") return undefined;
  return {
    problem: `the document fetched from ${location} names the API's server itself (${named} is ${JSON.stringify(url)}); with auth configured, a fetched document must not decide where credentials go`,
    hint: `set baseUrl on the unit to where the API is served (${url} if that is right)`,
  };
}

/**
 * True when a document fetched from the URL `location` (the one the config names) chose the host of
 * `baseUrl`: the unit sets no `baseUrl`, and the document's server is on another host than its own.
 * Whoever serves the document wrote that address, not the operator, so the outbound guard does not
 * let it widen what the unit may reach. A local file is the author's own, as is the host the config
 * fetched the document from.
 */
export function fetchedDocumentChose(backend: BaseUrlChooser, location: string, baseUrl: string): boolean {
  if (backend.baseUrl !== undefined || !/^https?:\/\//i.test(location)) return false;
  try {
    return new URL(baseUrl).hostname.toLowerCase() !== new URL(location).hostname.toLowerCase();
  } catch {
    return true;
  }
}
