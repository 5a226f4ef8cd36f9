/**
 * An MCP server over Streamable HTTP on 127.0.0.1 protected by OAuth: `oidc-provider` is its
 * authorization server, it publishes RFC 9728 protected-resource metadata, answers a request without
 * a live token with 401 and `WWW-Authenticate: Bearer resource_metadata=…`, and serves one `echo` tool.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";
import type { OidcServer } from "./oidc-server.js";

export interface ProtectedMcp {
  url: string;
  /** The paths of protected-resource metadata requests, and the tokens the server accepted. */
  seen: { metadata: string[]; accepted: string[]; refused: number };
  close(): Promise<void>;
}

function echoServer(): McpServer {
  const server = new McpServer({ name: "protected", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echoes the text back.", inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: "text", text: `echo: ${text}` }] }),
  );
  return server;
}

/** Starts the server in front of `oidc`. */
export async function startProtectedMcp(oidc: OidcServer): Promise<ProtectedMcp> {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const seen: ProtectedMcp["seen"] = { metadata: [], accepted: [], refused: 0 };
  let base = "";
  const http = createServer(async (request, response) => {
    const path = request.url ?? "/";
    if (path.startsWith("/.well-known/oauth-protected-resource")) {
      seen.metadata.push(path);
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          resource: `${base}/mcp`,
          authorization_servers: [oidc.issuer],
          scopes_supported: ["api:read"],
        }),
      );
      return;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const found = token ? await oidc.provider.AccessToken.find(token) : undefined;
    if (!found || found.isExpired) {
      seen.refused++;
      const metadata = `${base}/.well-known/oauth-protected-resource/mcp`;
      response
        .writeHead(401, { "www-authenticate": `Bearer resource_metadata="${metadata}"` })
        .end("unauthorized");
      return;
    }
    seen.accepted.push(token);
    const id = request.headers["mcp-session-id"];
    const existing = typeof id === "string" ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(request, response);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId: string): void => {
        sessions.set(sessionId, transport);
      },
    });
    await echoServer().connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    seen,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
