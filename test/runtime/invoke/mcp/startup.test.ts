/**
 * A downstream server that does not start says which of two things happened: it exited (exit code,
 * stderr tail, check the command) or it was still starting when the startup timeout ran out (the
 * time, stderr tail, raise `startupTimeoutMs`). Servers started through a package runner (`npx`,
 * `uvx`, `pnpm dlx`, `bunx`) get a longer default, since they may download before they answer.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mcpConnection } from "../../../../compiler/discover/mcp/connection.js";
import { withDefaults } from "../../../../compiler/resolve/backend-defaults.js";
import type { BackendFields } from "../../../../compiler/resolve/backend-types.js";
import type { ResolvedUnitOf } from "../../../../compiler/resolve/types.js";
import { createRuntime } from "../../../../runtime/index.js";
import { isPackageRunner } from "../../../../runtime/invoke/mcp/package-runner.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { compileBundle, FIXTURE, marker, mcpProject, processesWith, stdioEntry } from "./support.js";

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});

const slowHint = (ms: number) =>
  `the server may only be slow: raise startupTimeoutMs for this unit (${ms} ms now; servers started ` +
  "through npx, uvx, pnpm dlx or bunx get 60000 ms by default); its stderr (excerpt) shows how far it got; " +
  "behind a proxy, set HTTPS_PROXY (and NODE_EXTRA_CA_CERTS) where unitc runs: the server gets them";

// The fixture imports the MCP SDK before it says it is starting, which takes a while on a loaded
// machine: the timeouts leave room for that, and the slow start is far longer.
const TIMEOUT_MS = 3_000;
const SLOW_MS = "60000";

describe("a server that starts slowly", () => {
  it("is reported at compile time as still starting, with the time and startupTimeoutMs", async () => {
    const tag = marker();
    const compiled = await compileBundle(
      mcpProject({
        slow: stdioEntry([FIXTURE, tag], {
          env: { FIXTURE_SLOW_START_MS: SLOW_MS },
          startupTimeoutMs: TIMEOUT_MS,
        }),
      }),
    );
    expect(compiled.text).toBe(
      [
        `.units/config.json:4:5 error MCP_START_FAILED MCP server of unit "slow" could not be listed: the MCP server did not start: it was still starting after ${TIMEOUT_MS} ms (startupTimeoutMs) and was stopped`,
        "  stderr| fixture: starting, slowly",
        `  hint: ${slowHint(TIMEOUT_MS)}`,
      ].join("\n"),
    );
    expect(processesWith(tag)).toEqual([]);
  });

  it("is reported by the runtime the same way, and starts once given the time", async () => {
    vi.stubEnv("UNITC_TEST_SLOW_MS", "0");
    const compiled = await compileBundle(
      mcpProject({
        slow: stdioEntry([FIXTURE], {
          env: { FIXTURE_SLOW_START_MS: "${UNITC_TEST_SLOW_MS}" },
          startupTimeoutMs: TIMEOUT_MS,
        }),
      }),
    );
    expect(compiled.text).toBe("");
    const manifestPath = join(compiled.outDir, "manifest.json");
    const runtime = createRuntime({
      manifestPath,
      env: { PATH: process.env.PATH, UNITC_TEST_SLOW_MS: SLOW_MS },
    });
    const error = await runtime.invoke("slow", "add", { a: 1, b: 2 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "MCP_START_FAILED",
      message: `the MCP server did not start: it was still starting after ${TIMEOUT_MS} ms (startupTimeoutMs) and was stopped`,
      details: { excerpt: "fixture: starting, slowly", hint: slowHint(TIMEOUT_MS) },
    });
    await runtime.close();
    const patient = createRuntime({
      manifestPath,
      env: { PATH: process.env.PATH, UNITC_TEST_SLOW_MS: "200" },
    });
    expect(await patient.invoke("slow", "add", { a: 1, b: 2 })).toBeDefined();
    await patient.close();
  });
});

describe("a server that exits at once", () => {
  it("is reported with its exit code and stderr, and a hint to check the command", async () => {
    const compiled = await compileBundle(mcpProject({ gone: stdioEntry([FIXTURE, "--exit-at-start"]) }));
    expect(compiled.text).toBe(
      [
        '.units/config.json:4:5 error MCP_START_FAILED MCP server of unit "gone" could not be listed: the MCP server did not start: the server exited with code 7 before it answered initialize',
        "  stderr| fixture: cannot start with token (none)",
        "  hint: check the server's command, args and environment; its stderr (excerpt) says why it stopped",
      ].join("\n"),
    );
  });
});

describe("the startup timeout's default", () => {
  // Resolve fills the default; the connection carries it.
  const unit = (backend: BackendFields["mcp"]) =>
    ({ id: "u", baseDir: "/project/.units", backend: withDefaults("mcp", backend) }) as ResolvedUnitOf<"mcp">;

  it.each([
    ["npx", ["-y", "@modelcontextprotocol/server-everything"], true],
    ["/usr/local/bin/npx", ["-y", "pkg"], true],
    ["npx.cmd", ["pkg"], true],
    ["uvx", ["mcp-server-fetch"], true],
    ["bunx", ["pkg"], true],
    ["pnpm", ["dlx", "pkg"], true],
    ["pnpm", ["exec", "pkg"], false],
    ["node", ["server.mjs"], false],
  ])("%s %j is a package runner: %s", (command, args, runner) => {
    expect(isPackageRunner(command, args)).toBe(runner);
    expect(mcpConnection(unit({ command, args })).startupTimeoutMs).toBe(runner ? 60_000 : 10_000);
  });

  it("gives way to a declared startupTimeoutMs, and does not apply to remote servers", () => {
    expect(
      mcpConnection(unit({ command: "npx", args: ["pkg"], startupTimeoutMs: 5_000 })).startupTimeoutMs,
    ).toBe(5_000);
    expect(mcpConnection(unit({ url: "http://127.0.0.1:9/mcp" })).startupTimeoutMs).toBe(10_000);
  });
});
