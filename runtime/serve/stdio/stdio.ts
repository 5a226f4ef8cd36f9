/**
 * Serving over stdio: one MCP server for the process. Only JSON-RPC is written to `stdout`; logs go
 * wherever the host's `log` sends them (stderr in the CLI).
 */
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { ServeHost } from "../host/host.js";
import { createMcpServer, serverOptions } from "../sessions/server.js";
import { timeAnswers, timingsOn } from "./timed-transport.js";

export interface StdioServeOptions {
  stdin?: Readable;
  stdout?: Writable;
  version: string;
}

export interface StdioServing {
  /** Resolves when the client closes stdin (or {@link StdioServing.close} was called). */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves `host` over stdio until stdin ends. */
export async function serveStdio(host: ServeHost, options: StdioServeOptions): Promise<StdioServing> {
  const server = createMcpServer(host, serverOptions(host, options.version, undefined));
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const unsubscribe = host.onChange(() => {
    server.sendToolListChanged().catch(() => undefined);
  });
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  server.onclose = () => {
    unsubscribe();
    done();
  };
  await server.connect(transport);
  if (timingsOn()) timeAnswers(transport, options.stdin ?? process.stdin);
  // The transport notices a closed stdin only through its own listener; end the session then too.
  (options.stdin ?? process.stdin).once("end", () => void server.close());
  return { closed, close: () => server.close() };
}
