/**
 * Health over HTTP, at `/healthz` and `/readyz` and under the MCP path (`/mcp/healthz`, `/mcp/readyz`),
 * without the bearer token (a balancer has none). Liveness answers while the process serves;
 * readiness runs the checks it was given (bundle loaded, storage reachable, vault key present) and
 * answers 503 while one fails. Bodies name checks and problems, never a secret.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** One readiness check's outcome; `detail` is shown to anyone who can reach the port. */
export interface CheckOutcome {
  ok: boolean;
  detail?: string;
  /** Something an operator should see that does not make the process unready (a head refused). */
  warning?: string;
}

/** Named readiness checks, run on each `/readyz`. */
export type ReadinessChecks = Record<string, () => Promise<CheckOutcome>>;

/** A check that has not answered within this long counts as failed. */
export const CHECK_TIMEOUT_MS = 3_000;

async function runCheck(check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: "no answer in time" }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((error: unknown) => ({
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check; ready when all pass. */
export async function readiness(
  checks: ReadinessChecks,
): Promise<{ ready: boolean; checks: Record<string, CheckOutcome> }> {
  const names = Object.keys(checks);
  const outcomes = await Promise.all(
    names.map((name) => runCheck(checks[name] as () => Promise<CheckOutcome>)),
  );
  return {
    ready: outcomes.every((outcome) => outcome.ok),
    checks: Object.fromEntries(names.map((name, n) => [name, outcomes[n] as CheckOutcome])),
  };
}

function wantsJson(req: IncomingMessage, url: URL): boolean {
  return url.searchParams.has("json") || (req.headers.accept ?? "").includes("application/json");
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string): void {
  res
    .writeHead(status, { "content-type": type, "cache-control": "no-store" })
    .end(req.method === "HEAD" ? undefined : body);
}

/** What the health routes report on. */
export interface HealthOptions {
  /** The MCP path; the routes are served under it too. */
  mcpPath: string;
  /** Extra fields of the liveness body (the upstream's state). */
  live: () => Record<string, unknown>;
  checks: ReadinessChecks;
}

/** Answers a health or readiness request; false when `req` is for another path. */
export async function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  options: HealthOptions,
): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://unitc");
  const base = options.mcpPath.replace(/\/$/, "");
  const route = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
  if (route === "/healthz") {
    send(req, res, 200, "application/json", JSON.stringify({ status: "ok", ...options.live() }));
    return true;
  }
  if (route !== "/readyz") return false;
  const outcome = await readiness(options.checks);
  const status = outcome.ready ? 200 : 503;
  if (wantsJson(req, url)) {
    const body = { status: outcome.ready ? "ready" : "not ready", checks: outcome.checks };
    send(req, res, status, "application/json", JSON.stringify(body));
    return true;
  }
  const lines = Object.entries(outcome.checks).flatMap(([name, check]) =>
    check.ok
      ? check.warning
        ? [`${name}: warning: ${check.warning}`]
        : []
      : [`${name}: ${check.detail ?? "failed"}`],
  );
  const body = `${outcome.ready ? "ready" : "not ready"}\n${lines.map((line) => `${line}\n`).join("")}`;
  send(req, res, status, "text/plain; charset=utf-8", body);
  return true;
}
