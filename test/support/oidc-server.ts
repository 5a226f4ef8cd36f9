/**
 * A real OpenID Provider (`oidc-provider`) on 127.0.0.1 at a free port, plus a protected API that
 * accepts only the provider's live access tokens. Counts token endpoint requests by grant type.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider from "oidc-provider";

export interface OidcServer {
  issuer: string;
  apiUrl: string;
  provider: Provider;
  /** Token endpoint requests by grant type, and the Authorization scheme each used. */
  grants: Array<{ grantType: string; basic: boolean }>;
  /** Requests to the revocation endpoint (RFC 7009), by HTTP method. */
  revocations: string[];
  /** The parameters the authorization, device authorization and token endpoints received, in order. */
  received: Array<{ endpoint: "auth" | "device" | "token"; params: Record<string, unknown> }>;
  /** Bearer tokens the API accepted / refused. */
  api: { accepted: string[]; refused: string[] };
  /** The provider's signing key (private JWK, `kid` "test-key"): tests sign their own tokens with it. */
  signingKey: JWK;
  close(): Promise<void>;
}

export interface OidcOptions {
  accessTokenTtl?: number;
  /** The API's answer (YAML text) to an accepted request for `path`; default a small JSON echo. */
  document?: (path: string) => string | undefined;
  /** Access tokens for a resource indicator: opaque (default) or JWTs (RFC 9068) with its `aud`. */
  accessTokenFormat?: "opaque" | "jwt";
  /** Dynamic client registration (RFC 7591); on by default. */
  registration?: boolean;
  /** Extra discovery metadata, such as `client_id_metadata_document_supported`. */
  discovery?: Record<string, unknown>;
  /** More scopes the API grants besides `api:read`, such as a discovery document's. */
  apiScopes?: string[];
  /** Changes the served discovery document (fields the provider's settings cannot set, such as PKCE methods). */
  rewriteMetadata?: (document: Record<string, unknown>) => Record<string, unknown>;
  /** The authorization parameter the scopes arrive in, as Slack reads user scopes from `user_scope`. */
  scopeParameter?: string;
  /** Changes the token endpoint's successful answers (to answer as a provider with its own shape does). */
  rewriteToken?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Resource indicators (RFC 8707); on by default. Off, the provider knows no `resource` parameter. */
  resourceIndicators?: boolean;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** Starts the provider and the API. */
export async function startOidc(options: OidcOptions = {}): Promise<OidcServer> {
  const http = createServer();
  const apiServer = createServer();
  const port = await listen(http);
  const apiUrl = `http://127.0.0.1:${await listen(apiServer)}`;
  const issuer = `http://127.0.0.1:${port}`;
  const ttl = options.accessTokenTtl ?? 3600;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: "machine",
        client_secret: "machine-secret-value-0123456789",
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: "api:read",
      },
      {
        client_id: "cli",
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
        redirect_uris: ["http://127.0.0.1/callback"],
        response_types: ["code"],
        // offline_access: the MCP SDK asks for it when the server supports it.
        scope: "openid offline_access api:read",
      },
    ],
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      registration: { enabled: options.registration ?? true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: options.resourceIndicators ?? true,
        defaultResource: () => apiUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: ["api:read", ...(options.apiScopes ?? [])].join(" "),
          accessTokenFormat: options.accessTokenFormat ?? "opaque",
          accessTokenTTL: ttl,
          ...(options.accessTokenFormat === "jwt" ? { jwt: { sign: { alg: "RS256" } } } : {}),
        }),
      },
    },
    ...(options.discovery ? { discovery: options.discovery } : {}),
    scopes: ["openid", "offline_access", "api:read"],
    issueRefreshToken: () => true,
    rotateRefreshToken: true,
    ttl: { AccessToken: ttl, ClientCredentials: ttl },
  });
  provider.on("server_error", () => undefined);
  const { rewriteMetadata } = options;
  if (rewriteMetadata) {
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path.startsWith("/.well-known/") && ctx.body && typeof ctx.body === "object") {
        ctx.body = rewriteMetadata(ctx.body as Record<string, unknown>);
      }
    });
  }
  const received: OidcServer["received"] = [];
  const endpoints = { "/auth": "auth", "/device/auth": "device", "/token": "token" } as const;
  const { scopeParameter } = options;
  provider.use(async (ctx, next) => {
    const asSent = { ...ctx.query };
    if (scopeParameter && ctx.path === "/auth" && typeof asSent[scopeParameter] === "string") {
      const { [scopeParameter]: scope, ...rest } = asSent;
      ctx.query = { ...rest, scope };
    }
    await next();
    const endpoint = endpoints[ctx.path as keyof typeof endpoints];
    // Read after the provider parsed the body: its own parse of the request, unfiltered.
    const params = ctx.method === "POST" ? (ctx.oidc?.body as Record<string, unknown> | undefined) : asSent;
    if (endpoint) received.push({ endpoint, params: { ...params } });
    const body = ctx.body as Record<string, unknown> | undefined;
    if (options.rewriteToken && endpoint === "token" && body && typeof body.access_token === "string") {
      ctx.body = options.rewriteToken(body);
    }
  });
  const grants: OidcServer["grants"] = [];
  provider.on("grant.success", (ctx) => {
    grants.push({
      grantType: String(ctx.oidc.params?.grant_type ?? ""),
      basic: (ctx.headers.authorization ?? "").startsWith("Basic "),
    });
  });
  const revocations: string[] = [];
  const handle = provider.callback();
  http.on("request", (request, response) => {
    if (request.url === "/token/revocation") revocations.push(request.method ?? "");
    handle(request, response);
  });
  const api = { accepted: [] as string[], refused: [] as string[] };
  apiServer.on("request", async (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const found = (await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token));
    if (!found || found.isExpired) {
      api.refused.push(token);
      response.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"' }).end();
      return;
    }
    api.accepted.push(token);
    const document = options.document?.(request.url ?? "/");
    if (document !== undefined) {
      response.writeHead(200, { "content-type": "application/yaml" }).end(document);
      return;
    }
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ ok: true, path: request.url }));
  });
  return {
    issuer,
    apiUrl,
    provider,
    grants,
    revocations,
    received,
    api,
    signingKey,
    async close() {
      for (const s of [http, apiServer]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
