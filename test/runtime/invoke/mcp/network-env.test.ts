/**
 * A stdio MCP server gets the network variables (proxies and extra CA certificates) from unitc's
 * environment, beside the usual allowlist, so `npx -y` behind a corporate proxy can fetch its
 * package; every other parent variable stays out. A server that dies says why with its stderr tail,
 * a proxy's password redacted. A real child process: the fixture server reports its environment.
 */
import { afterAll, describe, expect, it } from "vitest";
import { UnitError } from "../../../../runtime/contract/errors.js";
import type { McpConnection } from "../../../../runtime/contract/manifest.js";
import { NETWORK_VARIABLES } from "../../../../runtime/invoke/cli/plan.js";
import { type OpenConnection, openMcp } from "../../../../runtime/invoke/mcp/connect.js";
import { FIXTURE } from "./support.js";

const connection = (args: string[], env: Record<string, string> = {}): McpConnection => ({
  kind: "mcp",
  transport: "stdio",
  command: process.execPath,
  args,
  env,
  startupTimeoutMs: 30_000,
  callTimeoutMs: 30_000,
  maxResponseBytes: 1_000_000,
});

const PROXY = "http://alice:pr0xy-s3cret@proxy.example.test:3128";
const parent: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  HTTPS_PROXY: PROXY,
  https_proxy: PROXY,
  HTTP_PROXY: "http://proxy.example.test:3128",
  http_proxy: "http://proxy.example.test:3128",
  NO_PROXY: "localhost,127.0.0.1,.internal.example.test",
  no_proxy: "localhost,127.0.0.1",
  NODE_EXTRA_CA_CERTS: "/etc/ssl/certs/ca-certificates.crt",
  SSL_CERT_FILE: "/etc/ssl/certs/ca-certificates.crt",
  SSL_CERT_DIR: "/etc/ssl/certs",
  CANARY: "parent-only",
};

const opened: OpenConnection[] = [];
afterAll(async () => {
  await Promise.all(opened.map((open) => open.close()));
});

/** One environment variable as the server process sees it. */
async function seen(open: OpenConnection, name: string): Promise<unknown> {
  const result = await open.client.callTool({ name: "env", arguments: { name } });
  return (result.structuredContent as { value: unknown }).value;
}

describe("a stdio MCP server's environment", () => {
  it("lists the network variables, upper and lower case", () => {
    expect([...NETWORK_VARIABLES].sort()).toEqual(
      [
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "NO_PROXY",
        "no_proxy",
        "NODE_EXTRA_CA_CERTS",
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
      ].sort(),
    );
  });

  it("passes the proxy and CA variables through, and nothing else of the parent's", async () => {
    const open = await openMcp(connection([FIXTURE]), { env: parent, baseDir: process.cwd() });
    opened.push(open);
    for (const name of NETWORK_VARIABLES) expect(await seen(open, name), name).toBe(parent[name]);
    expect(await seen(open, "CANARY")).toBeNull();
  });

  it("shows a dead server's stderr tail, the proxy's password redacted", async () => {
    const script = `process.stderr.write("npm error fetching via " + process.env.HTTPS_PROXY + "\\n"); process.exit(1);`;
    const error = await openMcp(connection(["-e", script]), { env: parent, baseDir: process.cwd() }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnitError);
    const { code, details } = error as UnitError;
    expect(code).toBe("MCP_START_FAILED");
    expect(details.excerpt).toContain("npm error fetching via");
    expect(details.excerpt).not.toContain("pr0xy-s3cret");
  });
});
