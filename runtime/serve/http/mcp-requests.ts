/**
 * A request on the MCP path once its caller is admitted: the body read within its cap (413) and
 * parsed, JSON-RPC batches only where the protocol version has them, then the caller's session
 * found or opened, or (`--stateless`) a server for this request only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type { Principal } from "../auth/principal.js";
import { sendError } from "./guard.js";
import type { HttpSessions } from "./sessions.js";

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > max) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Protocol versions before 2025-06-18 had JSON-RPC batches (2025-03-26 required them); later ones removed them. */
function batchesAllowed(version: string | undefined): boolean {
  return version !== undefined && version < "2025-06-18";
}

/** Where a POST's parsed body goes without a session, in stateless mode. */
export type Stateless =
  | ((req: IncomingMessage, res: ServerResponse, body: unknown, who: Principal) => Promise<void>)
  | undefined;

/** What answering on the MCP path takes besides the request: the sessions, the body cap, the stateless answerer. */
export interface McpPath {
  sessions: HttpSessions;
  /** The largest body read, in bytes. */
  max: number;
  stateless: Stateless;
}

/** The request's body as JSON, or undefined once a 413 or 400 has been sent. */
async function jsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
): Promise<{ body: unknown } | undefined> {
  let text: string;
  try {
    text = await readBody(req, max);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    sendError(res, 413, -32600, `Request body larger than ${max} bytes`, { connection: "close" });
    req.resume();
    return undefined;
  }
  try {
    return { body: JSON.parse(text) };
  } catch {
    sendError(res, 400, -32700, "Parse error: the body is not JSON");
    return undefined;
  }
}

async function handlePost(req: IncomingMessage, res: ServerResponse, who: Principal, mcp: McpPath) {
  const { sessions, max, stateless } = mcp;
  const parsed = await jsonBody(req, res, max);
  if (!parsed) return;
  const { body } = parsed;
  if (stateless) {
    const version = req.headers["mcp-protocol-version"];
    if (Array.isArray(body) && !batchesAllowed(typeof version === "string" ? version : undefined))
      return sendError(
        res,
        400,
        -32600,
        "Invalid Request: send one message per request, not a JSON-RPC batch",
      );
    return stateless(req, res, body, who);
  }
  const id = req.headers["mcp-session-id"];
  if (typeof id === "string") {
    const session = sessions.find(id, who);
    if (!session) return sendError(res, 404, -32001, "Session not found: send initialize to start a new one");
    const version = session.server.getNegotiatedProtocolVersion();
    if (Array.isArray(body) && !batchesAllowed(version)) {
      return sendError(
        res,
        400,
        -32600,
        `Invalid Request: JSON-RPC batches are not supported on protocol version ${version}; send one message per request`,
      );
    }
    return session.transport.handleRequest(req, res, body);
  }
  if (Array.isArray(body)) {
    return sendError(
      res,
      400,
      -32600,
      "Invalid Request: send initialize on its own, not in a JSON-RPC batch",
    );
  }
  if (!isInitializeRequest(body))
    return sendError(res, 400, -32000, "Bad Request: no session; send initialize first");
  if (sessions.full) return sendError(res, 503, -32000, "Too many open sessions; try again later");
  return sessions.open(req, res, body, who);
}

/** Answers a request on the MCP path: POST, or GET (the event stream) and DELETE of a session. */
export function handleMcp(req: IncomingMessage, res: ServerResponse, who: Principal, mcp: McpPath) {
  const { sessions, stateless } = mcp;
  if (req.method === "POST") return handlePost(req, res, who, mcp);
  if (stateless)
    return sendError(res, 405, -32000, "Method not allowed: stateless serving takes POST only", {
      allow: "POST",
    });
  if (req.method !== "GET" && req.method !== "DELETE") {
    return sendError(res, 405, -32000, "Method not allowed", {
      allow: "GET, POST, DELETE",
      connection: "close",
    });
  }
  const id = req.headers["mcp-session-id"];
  if (typeof id !== "string")
    return sendError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
  const session = sessions.find(id, who);
  if (!session) return sendError(res, 404, -32001, "Session not found");
  return session.transport.handleRequest(req, res);
}
