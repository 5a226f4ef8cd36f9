/**
 * For attack tests against a real `unitc serve --transport http` (the CLI command, in-process, on a
 * free port of 127.0.0.1): start it over a compiled project, and send raw HTTP requests whose
 * headers (Host, Origin) can be anything a hostile page or client would send.
 */
export { type Answer, raw } from "../support/raw-http.js";

import { exposureProject } from "../runtime/serve/fixtures.js";
import { compileProject } from "../runtime/serve/support.js";
import { type RunningServe, runServe } from "../support/serve-cli.js";

export const TOKEN = "security-test-token-0f1e2d3c4b5a6978";

export interface Served {
  url: string;
  /** `127.0.0.1:<port>`, the Host a local client sends. */
  host: string;
  running: RunningServe;
}

/** Compiles the exposure project (one unit per exposure mode) and serves it with token {@link TOKEN}. */
export async function startServe(extraArgs: string[] = []): Promise<Served> {
  const manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
  const running = runServe(
    [
      "--transport",
      "http",
      "--port",
      "0",
      "--manifest",
      manifestPath,
      "--user-config",
      "none",
      "--token",
      "env:UNITC_SECURITY_TOKEN",
      ...extraArgs,
    ],
    { UNITC_SECURITY_TOKEN: TOKEN },
  );
  const url = await running.url;
  if (url === "") throw new Error(`unitc serve did not start:\n${running.stderr()}`);
  return { url, host: new URL(url).host, running };
}

export function initializeBody(protocolVersion = "2025-11-25", id = 1): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "attack", version: "1" } },
  });
}

/** Headers of an authorised MCP POST. */
export function mcpHeaders(host: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    host,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${TOKEN}`,
    ...extra,
  };
}
