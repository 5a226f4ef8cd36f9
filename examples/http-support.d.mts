import type { IncomingMessage, Server, ServerResponse } from "node:http";
export declare function sendJson(response: ServerResponse, status: number, body: unknown): void;
export declare function readJson(request: IncomingMessage): Promise<unknown>;
export declare function listen(
  server: Server,
  port: number,
): Promise<{ url: string; close(): Promise<void> }>;
export declare function redirectingFetch(origins: Record<string, string>, base?: typeof fetch): typeof fetch;
