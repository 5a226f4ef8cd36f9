/**
 * MCP sessions over Streamable HTTP: one transport and one MCP server per session, so responses,
 * notifications and server requests only ever reach the session they belong to. Session IDs are
 * random UUIDs (CSPRNG); a session belongs to the principal that opened it, sees what that principal
 * may see, and is refused to any other principal; idle sessions expire.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { Server } from "@modelcontextprotocol/server";
import { type Principal, shareOf } from "../auth/principal.js";
import type { ServeHost } from "../host/host.js";
import { scopedContext } from "../sessions/scope.js";
import { createMcpServer, serverOptions } from "../sessions/server.js";

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: Server;
  /** The ID of the principal that opened the session. */
  principal: string;
  lastSeen: number;
}

export interface SessionOptions {
  version: string;
  maxBodyBytes: number;
  /** Most open sessions; more are refused with 503. */
  maxSessions: number;
  /** Milliseconds without a request after which a session is closed. */
  idleMs: number;
}

export class HttpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly host: ServeHost,
    private readonly options: SessionOptions,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, options.idleMs));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get full(): boolean {
    return this.sessions.size >= this.options.maxSessions;
  }

  /** The session `id` when it exists and belongs to `principal`. */
  find(id: string, principal: Principal): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.principal !== principal.id) return undefined;
    session.lastSeen = Date.now();
    return session;
  }

  /** Opens a session for an `initialize` request and answers it. */
  async open(req: IncomingMessage, res: ServerResponse, body: unknown, who: Principal): Promise<void> {
    const principal = who.id;
    const context = scopedContext(this.host, who.units, who.rules);
    const server = createMcpServer(context, serverOptions(this.host, this.options.version, shareOf(who)));
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.options.maxBodyBytes,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, principal, lastSeen: Date.now() });
      },
    });
    const unsubscribe = this.host.onChange(() => {
      server.sendToolListChanged().catch(() => undefined);
    });
    server.onclose = () => {
      unsubscribe();
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  private sweep(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const session of this.sessions.values()) {
      if (session.lastSeen < cutoff) void session.server.close().catch(() => undefined);
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(open.map((session) => session.server.close()));
  }
}
