/**
 * Streamable HTTP without sessions (`--stateless`): each POST gets an MCP server and transport of
 * its own (the SDK's `sessionIdGenerator: undefined` mode), so any replica behind a plain
 * round-robin balancer can answer any request. There is no stream to push on, so no
 * `notifications/tools/list_changed`: a stateless client sees a new bundle on its next `tools/list`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { type Principal, shareOf } from "../auth/principal.js";
import type { ServeHost } from "../host/host.js";
import { scopedContext } from "../sessions/scope.js";
import { createMcpServer, serverOptions } from "../sessions/server.js";

/** Answers one parsed POST body on a server that lives for this request only, seeing what `who` may. */
export async function answerStateless(
  host: ServeHost,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  who: Principal,
  options: { version: string; maxBodyBytes: number },
): Promise<void> {
  const server = createMcpServer(
    scopedContext(host, who.units, who.rules),
    serverOptions(host, options.version, shareOf(who)),
  );
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    maxRequestBodySize: options.maxBodyBytes,
    // One JSON answer per request: nothing is left open on a replica a balancer may not come back to.
    enableJsonResponse: true,
  });
  res.on("close", () => {
    void server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
