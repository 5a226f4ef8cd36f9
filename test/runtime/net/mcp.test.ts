/**
 * The outbound guard on remote MCP units: the SDK's Streamable HTTP requests go through it, so a unit
 * whose url names a public host resolving to loopback is refused before anything is sent.
 */
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../../runtime/calls/create-runtime.js";
import type { Manifest, McpConnection } from "../../../runtime/contract/manifest.js";
import type { Resolver } from "../../../runtime/net/guard.js";
import { cleanupProjects } from "../../support/project.js";
import { compileBundle, mcpProject, type StartedServer, startFixtureHttp } from "../invoke/mcp/support.js";

let server: StartedServer;
let manifest: Manifest;
let baseDir: string;
const resolve: Resolver = async (hostname) => {
  if (hostname !== "mcp.example.test") throw new Error(`no test answer for ${hostname}`);
  return [{ address: "127.0.0.1", family: 4 } satisfies LookupAddress];
};

/** The compiled manifest with the unit's url pointing at `host` (same port and path). */
function withHost(host: string): Manifest {
  const unit = manifest.units[0];
  if (!unit) throw new Error("no unit compiled");
  const url = new URL((unit.connection as McpConnection).url ?? "");
  url.hostname = host;
  return {
    ...manifest,
    units: [{ ...unit, connection: { ...unit.connection, url: url.href } as McpConnection }],
  };
}

beforeAll(async () => {
  server = await startFixtureHttp();
  const compiled = await compileBundle(
    mcpProject({ remote: { name: "Remote", description: "HTTP.", url: server.url } }),
  );
  manifest = compiled.manifest;
  baseDir = compiled.outDir;
}, 60_000);
afterAll(async () => {
  await server.close();
  await cleanupProjects();
});

describe("outbound guard: remote MCP units", () => {
  it("refuses a url whose public-looking name resolves to loopback", async () => {
    const runtime = createRuntime({ manifest: withHost("mcp.example.test"), baseDir, env: {}, resolve });
    try {
      const error = await runtime.call("remote", "echo", { text: "hi" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "OUTBOUND_REFUSED" });
      expect(String((error as Error).message)).toContain("mcp.example.test (resolved to 127.0.0.1)");
    } finally {
      await runtime.close();
    }
  });

  it("reaches the same server when UNITC_OUTBOUND_ALLOW lists the address", async () => {
    const env = { UNITC_OUTBOUND_ALLOW: "127.0.0.1" };
    const runtime = createRuntime({ manifest: withHost("mcp.example.test"), baseDir, env, resolve });
    try {
      expect(await runtime.call("remote", "echo", { text: "hi" })).toMatchObject({
        content: [{ text: "echo: hi" }],
      });
    } finally {
      await runtime.close();
    }
  });

  it("reaches a server its url names by loopback address", async () => {
    const runtime = createRuntime({ manifest, baseDir, env: {} });
    try {
      expect(await runtime.call("remote", "echo", { text: "hi" })).toMatchObject({
        content: [{ text: "echo: hi" }],
      });
    } finally {
      await runtime.close();
    }
  });
});
