#!/usr/bin/env node
// Two local services for the secure example: an OAuth 2 authorization server (a real
// `oidc-provider` with one confidential client, `reporter`, allowed the client credentials grant)
// and the API behind it: /journal takes the bearer token the vault holds, /reports only the
// provider's live access tokens. Run directly they listen on 127.0.0.1:4324 (API) and :4325
// (issuer), the URLs the units name; tests and the demo start them in-process on free ports.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { listen, sendJson } from "../http-support.mjs";

const ENTRIES = [
  { day: "2025-06-02", text: "Compiled five kinds of unit before lunch." },
  { day: "2025-06-01", text: "Rex learned a new trick." },
];

/** The provider's records, in memory: what a deployment keeps in a database. */
class MemoryAdapter {
  static records = new Map();
  constructor(model) {
    this.model = model;
  }
  key(id) {
    return `${this.model}:${id}`;
  }
  async upsert(id, payload, expiresIn) {
    MemoryAdapter.records.set(this.key(id), { payload, expires: Date.now() + expiresIn * 1000 });
  }
  async find(id) {
    const record = MemoryAdapter.records.get(this.key(id));
    return record && record.expires > Date.now() ? record.payload : undefined;
  }
  async findByUid() {}
  async findByUserCode() {}
  async consume(id) {
    const record = MemoryAdapter.records.get(this.key(id));
    if (record) record.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id) {
    MemoryAdapter.records.delete(this.key(id));
  }
  async revokeByGrantId() {}
}

/** The authorization server: the client credentials grant for `reporter`, opaque access tokens. */
async function authorizationServer(issuer, clientSecret) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig" }] },
    ttl: { ClientCredentials: 600 },
    clients: [
      {
        client_id: "reporter",
        client_secret: clientSecret,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: "reports:read",
      },
    ],
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      // unitc names the API it wants a token for (RFC 8707); any resource gets the same rules here.
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? issuer,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: "reports:read", accessTokenFormat: "opaque" }),
      },
    },
    scopes: ["reports:read"],
  });
  provider.on("server_error", () => undefined);
  return provider;
}

/** Starts both services; resolves to `{ url, issuer, close }` (`url` is the API's origin). */
export async function startSecureServer({
  apiPort = 4324,
  issuerPort = 4325,
  journalToken,
  clientSecret,
} = {}) {
  const issuerHttp = createServer();
  const issuerListening = await listen(issuerHttp, issuerPort);
  const provider = await authorizationServer(issuerListening.url, clientSecret);
  issuerHttp.on("request", provider.callback());
  const api = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (request.method === "GET" && url.pathname === "/journal/entries") {
      if (journalToken === undefined || token !== journalToken)
        return sendJson(response, 401, { error: "the journal token is wrong" });
      return sendJson(response, 200, ENTRIES);
    }
    const month = /^\/reports\/usage\/(\d{4}-\d{2})$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && month) {
      const grant = token ? await provider.ClientCredentials.find(token) : undefined;
      if (!grant || grant.isExpired) {
        response.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"' }).end();
        return;
      }
      const calls = { openapi: 42, graphql: 17, mcp: 9, discovery: 5 };
      return sendJson(response, 200, { month, calls, client: grant.clientId });
    }
    return sendJson(response, 404, { error: "no such route" });
  });
  const apiListening = await listen(api, apiPort);
  return {
    url: apiListening.url,
    issuer: issuerListening.url,
    async close() {
      await apiListening.close();
      await issuerListening.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startSecureServer({
    journalToken: process.env.JOURNAL_TOKEN,
    clientSecret: process.env.REPORTS_CLIENT_SECRET,
  });
  console.log(`API on ${server.url}, issuer ${server.issuer} (Ctrl-C stops them)`);
}
