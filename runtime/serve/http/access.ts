/**
 * Who may call the HTTP endpoint, put together once the server listens (the canonical URI names the
 * bound port unless a public origin is configured): the authentication step, the challenge a refusal
 * carries, and, with an OAuth issuer, the RFC 9728 metadata document and the paths it is served at.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Principal } from "../auth/principal.js";
import { METADATA_PATH, type OAuthResourceOptions, oauthResource } from "../auth/resource-server.js";
import type { ServeTokens } from "../auth/serve-tokens.js";
import {
  type Authenticate,
  type ChallengeOptions,
  createAuthenticate,
  isProblem,
  sendAuthProblem,
} from "./authenticate.js";

export interface AccessOptions {
  token?: string;
  tokens?: ServeTokens;
  oauth?: OAuthResourceOptions;
  publicOrigins: readonly string[];
  /** The MCP endpoint's path. */
  path: string;
  /** The fetch issuer requests go through (checked hop by hop either way). */
  fetch?: typeof fetch;
}

export interface Access {
  /** This server's canonical URI (the first public origin's, else the bound URL). */
  resource: string;
  /** Serves the protected-resource metadata when `path` names it; false when it does not. */
  metadata(path: string, req: IncomingMessage, res: ServerResponse): boolean;
  /** The principal, or undefined once the refusal has been answered. */
  admit(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string>,
  ): Promise<Principal | undefined>;
}

/** The access rules of a server bound at `boundUrl` (`http://host:port/path`). */
export function createAccess(options: AccessOptions, boundUrl: string): Access {
  const first = options.publicOrigins[0];
  const resource = first ? `${new URL(first).origin}${options.path}` : boundUrl;
  const oauth = options.oauth ? oauthResource(options.oauth, resource, options.fetch) : undefined;
  const authenticate: Authenticate = createAuthenticate({
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.tokens ? { tokens: options.tokens } : {}),
    ...(oauth ? { oauth } : {}),
  });
  // The path-suffixed form is what MCP clients ask for first; the bare form is RFC 9728's default.
  const paths = new Set([METADATA_PATH, `${METADATA_PATH}${options.path}`]);
  const challenge: ChallengeOptions = options.oauth
    ? {
        resourceMetadata: `${new URL(resource).origin}${METADATA_PATH}${options.path}`,
        scopes: options.oauth.scopes,
      }
    : {};
  const body = oauth ? JSON.stringify(oauth.metadata) : "";
  return {
    resource,
    metadata(path, req, res) {
      if (!oauth || !paths.has(path) || (req.method !== "GET" && req.method !== "HEAD")) return false;
      res
        .writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" })
        .end(req.method === "HEAD" ? undefined : body);
      return true;
    },
    async admit(req, res, headers) {
      const result = await authenticate(req);
      if (!isProblem(result)) return result;
      sendAuthProblem(res, result, challenge, headers);
      return undefined;
    },
  };
}
