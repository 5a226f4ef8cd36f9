/**
 * `GET /metrics` of HTTP serving: the Prometheus text of this process's counts, or with `?json` (or
 * `Accept: application/json`) the operator status that `unitc serve status` prints. Only the
 * operators' serve token or a serve token with the `metrics` scope may read it: a caller of units
 * learns nothing of other callers' traffic here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PROMETHEUS_CONTENT_TYPE, prometheusText } from "./prometheus.js";
import { observedStatus } from "./status.js";

/** The path of the endpoint (also under the MCP path, as the health routes are). */
export const METRICS_PATH = "/metrics";

/** The serve-token scope that lets a token read `/metrics`. */
export const METRICS_SCOPE = "metrics";

/** What the endpoint needs to know of the caller: how it authenticated and its scopes. */
export interface MetricsCaller {
  via: string;
  scopes?: readonly string[];
}

/** Whether `path` is the endpoint, at the root or under the MCP path `mcpPath`. */
export function isMetricsPath(path: string, mcpPath: string): boolean {
  return path === METRICS_PATH || path === `${mcpPath.replace(/\/$/, "")}${METRICS_PATH}`;
}

function answer(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(head ? undefined : body);
}

/**
 * Answers a request for the endpoint; `admit` authenticates it (answering a refusal itself, then
 * resolving undefined), as the MCP path does.
 */
export async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  admit: () => Promise<MetricsCaller | undefined>,
): Promise<void> {
  const head = req.method === "HEAD";
  if (req.method !== "GET" && !head) {
    res.setHeader("allow", "GET, HEAD");
    return answer(res, 405, "text/plain; charset=utf-8", "method not allowed: GET /metrics\n", head);
  }
  const who = await admit();
  if (!who) return;
  if (who.via !== "admin-token" && !who.scopes?.includes(METRICS_SCOPE)) {
    const error = {
      code: "METRICS_FORBIDDEN",
      message: "this token may not read /metrics",
      hint: "use the operators' serve token, or a serve token created with --scope metrics",
    };
    return answer(res, 403, "application/json", JSON.stringify({ error }), head);
  }
  const url = new URL(req.url ?? "/", "http://unitc");
  if (url.searchParams.has("json") || (req.headers.accept ?? "").includes("application/json")) {
    return answer(res, 200, "application/json", JSON.stringify(observedStatus()), head);
  }
  return answer(res, 200, PROMETHEUS_CONTENT_TYPE, await prometheusText(), head);
}
