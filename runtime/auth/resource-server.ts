/**
 * `unitc serve --oauth-issuer`: this server as an OAuth protected resource. Access tokens are JWTs
 * checked against the issuer's JWKS (found through its metadata, every fetch https or loopback),
 * with `iss`, `aud` (this server's canonical URI unless an audience is given), `exp`/`nbf` and the
 * required scopes. Opaque tokens are refused: there is no introspection.
 */
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from "jose";
import type { AuthProblem } from "../serve/authenticate.js";
import type { Principal } from "../serve/principal.js";
import { serverMetadata } from "./metadata.js";
import { safeFetch } from "./safe-fetch.js";

export interface OAuthResourceOptions {
  issuer: string;
  /** The `aud` tokens must carry; default the canonical URI. */
  audience?: string;
  /** Scopes every token must carry. */
  scopes: readonly string[];
}

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

/** The JWKS of `issuer`, discovered once; a failed discovery is tried again at the next token. */
function jwksOf(issuer: string, fetchImpl?: typeof fetch) {
  let pending: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  return () => {
    pending ??= serverMetadata({ type: "oauth2", issuer }, fetchImpl).then((metadata) => {
      if (typeof metadata.jwks_uri !== "string") throw new Error(`the issuer ${issuer} names no jwks_uri`);
      return createRemoteJWKSet(new URL(metadata.jwks_uri), { [customFetch]: safeFetch(fetchImpl) });
    });
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
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
      // A JWS in compact form has three parts; anything else is an opaque token we cannot check.
      if (token.split(".").length !== 3) return invalid("the access token is not a JWT");
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
