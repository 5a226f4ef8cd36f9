/**
 * Serving a bundle whose units refer to unset environment variables: the start says so on stderr,
 * naming each unit and variable (never a value), and every other unit is served as usual.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import { unsetVariables } from "../../../../runtime/serve/shared/unset-env.js";
import { FIXTURE } from "../../invoke/mcp/support.js";
import { closeAll, compileProject, connect, projectConfig, serve, textOf } from "../support.js";

const SET_VALUE = "a-value-that-is-set-4c1d";

let manifestPath: string;
beforeAll(async () => {
  // Listing the MCP server at build time needs its variable; serving is what is tested here.
  vi.stubEnv("UNITC_UNSET_MCP", "set-at-build-time");
  manifestPath = await compileProject(
    projectConfig({
      cliTools: {
        needs: {
          name: "Needs",
          description: "Needs a token.",
          exposure: "direct",
          env: { TOKEN: "env:UNITC_UNSET_CLI", OTHER: "${UNITC_SET_ONE}" },
          actions: { show: { description: "Show.", command: "echo", args: ["x"] } },
        },
        fine: {
          name: "Fine",
          description: "Needs nothing.",
          exposure: "direct",
          actions: { hello: { description: "Say hello.", command: "echo", args: ["hello"] } },
        },
      },
      httpApis: {
        api: {
          name: "API",
          description: "Needs a bearer token.",
          exposure: "direct",
          baseUrl: "http://127.0.0.1:9/api",
          auth: {
            type: "headers",
            headers: { "X-Key": "Key ${UNITC_UNSET_HTTP}", "X-Two": "$env:UNITC_UNSET_HTTP2" },
          },
          actions: { ping: { method: "GET", path: "/ping", description: "Ping." } },
        },
      },
      mcpServers: {
        fixture: {
          name: "Fixture",
          description: "An MCP server needing a variable.",
          command: process.execPath,
          args: [FIXTURE],
          env: { FIXTURE_TOKEN: "env:UNITC_UNSET_MCP" },
        },
      },
    }),
  );
  vi.unstubAllEnvs();
});
afterAll(closeAll);

describe("unsetVariables", () => {
  it("names, per unit, every variable its references need that is not set", async () => {
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
    expect(unsetVariables(manifest, { UNITC_SET_ONE: SET_VALUE })).toEqual([
      { unit: "api", variables: ["UNITC_UNSET_HTTP", "UNITC_UNSET_HTTP2"] },
      { unit: "fixture", variables: ["UNITC_UNSET_MCP"] },
      { unit: "needs", variables: ["UNITC_UNSET_CLI"] },
    ]);
    const all = { UNITC_SET_ONE: "1", UNITC_UNSET_CLI: "1", UNITC_UNSET_HTTP: "1", UNITC_UNSET_HTTP2: "1" };
    expect(unsetVariables(manifest, { ...all, UNITC_UNSET_MCP: "1" })).toEqual([]);
  });

  it("finds references anywhere in a connection, such as a remote server's headers", () => {
    const remote = {
      id: "remote",
      kind: "mcp",
      connection: {
        kind: "mcp",
        transport: "streamable-http",
        url: "http://127.0.0.1:9/mcp",
        headers: { Authorization: "Bearer ${UNITC_REMOTE_TOKEN}" },
      },
      operations: [],
    };
    const manifest = { units: [remote] } as unknown as Manifest;
    expect(unsetVariables(manifest, {})).toEqual([{ unit: "remote", variables: ["UNITC_REMOTE_TOKEN"] }]);
    expect(unsetVariables(manifest, { UNITC_REMOTE_TOKEN: "1" })).toEqual([]);
  });
});

describe("unitc serve with unset variables", () => {
  it("says so at start, naming units and variables but no value, and serves the other units", async () => {
    const served = await serve({ manifestPath, env: { PATH: process.env.PATH, UNITC_SET_ONE: SET_VALUE } });
    const lines = served.logs.filter((line) => line.includes("not set"));
    expect(lines).toEqual([
      "unit api needs environment variables UNITC_UNSET_HTTP, UNITC_UNSET_HTTP2, which are not set: its calls fail with MISSING_ENV until they are",
      "unit fixture needs environment variable UNITC_UNSET_MCP, which is not set: its calls fail with MISSING_ENV until it is",
      "unit needs needs environment variable UNITC_UNSET_CLI, which is not set: its calls fail with MISSING_ENV until it is",
    ]);
    expect(served.logs.join("\n")).not.toContain(SET_VALUE);
    const client = await connect(served.url);
    expect(textOf(await client.callTool({ name: "fine__hello", arguments: {} }))).toBe("hello\n");
    const failed = await client.callTool({ name: "needs__show", arguments: {} });
    expect(textOf(failed)).toMatch(/^MISSING_ENV: .*UNITC_UNSET_CLI/);
  });
});
