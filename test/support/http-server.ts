/**
 * Helpers for HTTP invoker tests: a real local server on 127.0.0.1 that records every request, and a
 * factory for the invoke context of one configured HTTP action.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { isUnitError, type UnitError } from "../../runtime/contract/errors.js";
import type {
  HttpApiConnection,
  HttpInvoke,
  ManifestOperation,
  ManifestUnit,
} from "../../runtime/contract/manifest.js";
import type { InvokeContext } from "../../runtime/invoke/shared/types.js";

/** A request as the server received it; `path` is the raw request target (path and query). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type TestHandler = (request: RecordedRequest, res: ServerResponse, req: IncomingMessage) => unknown;

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Stops the server, dropping open connections (including ones the handler never answers). */
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (a free port); each request is recorded before `handler` runs. */
export async function startHttpServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      Promise.resolve()
        .then(() => handler(recorded, res, req))
        .catch((error: unknown) => res.writeHead(599).end(String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with `value` as JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

export interface HttpActionOptions {
  baseUrl: string;
  invoke?: Partial<HttpInvoke>;
  connection?: Partial<HttpApiConnection>;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The invoke context of a unit `api` with one HTTP action `call` (GET / unless `invoke` says otherwise). */
export function httpAction(options: HttpActionOptions): InvokeContext {
  const operation: ManifestOperation = {
    name: "call",
    tsName: "call",
    description: "test action",
    inputSchema: { type: "object" },
    invoke: { kind: "http", method: "GET", path: "/", ...options.invoke },
    schemaHash: "0".repeat(64),
  };
  const connection: HttpApiConnection = {
    kind: "http",
    baseUrl: options.baseUrl,
    auth: { type: "none" },
    requestTimeoutMs: 5_000,
    maxResponseBytes: 1_000_000,
    ...options.connection,
  };
  const unit: ManifestUnit = {
    id: "api",
    kind: "http",
    name: "Test API",
    description: "a local test server",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection,
    operations: [operation],
    sourceHash: "0".repeat(64),
  };
  return {
    unit,
    operation,
    env: options.env ?? {},
    baseDir: ".",
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** Awaits a call that must fail and returns its `UnitError`. */
export async function failure(call: Promise<unknown>): Promise<UnitError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isUnitError(error), `expected a UnitError, got ${String(error)}`).toBe(true);
  return error as UnitError;
}
