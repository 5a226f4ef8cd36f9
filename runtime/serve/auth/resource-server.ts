/**
 * `unitc serve --oauth-issuer`: this server as an OAuth protected resource. Access tokens are JWTs
 * checked against the issuer's JWKS (found through its metadata, every fetch https or loopback),
 * with `iss`, `aud` (this server's canonical URI unless an audience is given), `exp`/`nbf` and the
 * required scopes. Opaque tokens are refused: there is no introspection. Before any fetch a token
 * must be JWT-shaped, of type `at+jwt` (RFC 9068; plain JWTs only when configured) and name this
 * issuer, so junk costs the issuer nothing; a failed discovery is remembered briefly, so while the
 * issuer is down a flood of tokens makes one metadata request, not one each.
 */
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
} from "jose";
import { serverMetadata } from "../../auth/metadata.js";
import { safeFetch } from "../../auth/safe-fetch.js";
import type { AuthProblem } from "../http/authenticate.js";
import type { Principal } from "./principal.js";

export interface OAuthResourceOptions {
  issuer: string;
  /** The `aud` tokens must carry; default the canonical URI. */
  audience?: string;
  /** Scopes every token must carry. */
  scopes: readonly string[];
  /** Also accept JWTs whose `typ` is not `at+jwt` (issuers that mint plain JWT access tokens). */
  acceptPlainJwt?: boolean;
}

/** How long a failed issuer discovery is remembered before the next token may try again. */
export const DISCOVERY_RETRY_MS = 30_000;

/** The access-token `typ` values of RFC 9068 (media type with or without its `application/`). */
const ACCESS_TOKEN_TYPES = new Set(["at+jwt", "application/at+jwt"]);

/** Clocks of the issuer and this server may differ this much. */
export const CLOCK_TOLERANCE_S = 30;
export const METADATA_PATH = "/.well-known/oauth-protected-resource";

export interface OAuthResource {
  /** The RFC 9728 document served at the metadata paths. */
  metadata: Record<string, unknown>;
  /** The principal a bearer token stands for, or why it is refused. */
  verify(token: string): Promise<Principal | AuthProblem>;
}

function scopesOf(payload: JWTPayload): Set<string> {
  const raw = payload.scope ?? payload.scp;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(" ") : [];
  return new Set(list.filter((s): s is string => typeof s === "string" && s !== ""));
}

/**
 * The JWKS of `issuer`, discovered once. A failed discovery answers every token for
 * {@link DISCOVERY_RETRY_MS} (a success is kept for good, so a failure is never kept longer), then
 * the next token tries again.
 */
function jwksOf(issuer: string, fetchImpl?: typeof fetch) {
  let pending: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  let failedAt: number | undefined;
  return () => {
    if (pending && failedAt !== undefined && Date.now() - failedAt >= DISCOVERY_RETRY_MS) pending = undefined;
    if (!pending) {
      failedAt = undefined;
      const started = serverMetadata({ type: "oauth2", issuer }, fetchImpl).then((metadata) => {
        if (typeof metadata.jwks_uri !== "string") throw new Error(`the issuer ${issuer} names no jwks_uri`);
        return createRemoteJWKSet(new URL(metadata.jwks_uri), { [customFetch]: safeFetch(fetchImpl) });
      });
      started.catch(() => {
        if (pending === started) failedAt = Date.now();
      });
      pending = started;
    }
    return pending;
  };
}

/**
 * Why a token is refused on sight (before any fetch): not a JWS in compact form, not an access token
 * by its `typ`, or from another issuer. Undefined when it may be verified.
 */
function refusedOnSight(token: string, options: OAuthResourceOptions): string | undefined {
  // A JWS in compact form has three parts; anything else is an opaque token we cannot check.
  if (token.split(".").length !== 3) return "the access token is not a JWT";
  let typ: unknown;
  let iss: unknown;
  try {
    typ = decodeProtectedHeader(token).typ;
    iss = decodeJwt(token).iss;
  } catch {
    return "the access token is not a JWT";
  }
  const type = typeof typ === "string" ? typ.toLowerCase() : undefined;
  if (!options.acceptPlainJwt && (type === undefined || !ACCESS_TOKEN_TYPES.has(type))) {
    return `the token's typ is ${type === undefined ? "missing" : JSON.stringify(typ)}, not at+jwt: it is not an access token (RFC 9068)`;
  }
  if (iss !== options.issuer) return "the access token is from another issuer";
  return undefined;
}

/** A token refused by jose for what it says (not because the issuer could not be reached). */
function isTokenFault(error: unknown): boolean {
  return (
    error instanceof errors.JOSEError &&
    !(error instanceof errors.JWKSTimeout) &&
    !(error instanceof errors.JWKSInvalid)
  );
}

/** The protected resource at `resource` (this server's canonical URI) trusting `options.issuer`. */
export function oauthResource(
  options: OAuthResourceOptions,
  resource: string,
  fetchImpl?: typeof fetch,
): OAuthResource {
  const jwks = jwksOf(options.issuer, fetchImpl);
  const audience = options.audience ?? resource;
  const invalid = (description: string): AuthProblem => ({ kind: "invalid", description });
  return {
    metadata: {
      resource,
      authorization_servers: [options.issuer],
      ...(options.scopes.length > 0 ? { scopes_supported: [...options.scopes] } : {}),
      bearer_methods_supported: ["header"],
    },
    async verify(token) {
      const refused = refusedOnSight(token, options);
      if (refused !== undefined) return invalid(refused);
      let payload: JWTPayload;
      try {
        const keys = await jwks();
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ["exp"],
        }));
      } catch (error) {
        if (isTokenFault(error)) return invalid(`the access token was refused: ${(error as Error).message}`);
        return {
          kind: "unavailable",
          description: `the OAuth issuer could not be reached: ${(error as Error).message}`,
        };
      }
      const id = payload.sub ?? (typeof payload.client_id === "string" ? payload.client_id : undefined);
      if (!id) return invalid("the access token names no subject");
      const granted = scopesOf(payload);
      const missing = options.scopes.filter((scope) => !granted.has(scope));
      if (missing.length > 0)
        return {
          kind: "insufficient_scope",
          description: `the access token lacks scope ${missing.join(" ")}`,
        };
      return { id, via: "oauth" };
    },
  };
}
