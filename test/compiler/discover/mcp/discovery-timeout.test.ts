/**
 * `options.exposureDiscoveryTimeoutMs` bounds each MCP unit's listing at build time, start included:
 * a real stdio server that never answers `initialize` beside the repo's healthy fixture server (listed live, or from the build cache where the bound is short). The
 * hung unit is reported naming the setting and its process group is ended; the healthy one compiles.
 * Of the setting and the unit's own startupTimeoutMs, the smaller one ends a hung start and is named.
 */
import { dirname } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  compileBundle,
  FIXTURE,
  marker,
  mcpProject,
  processesWith,
  stdioEntry,
} from "../../../runtime/invoke/mcp/support.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});

// An absolute cwd keeps the healthy server's cache key the same across project folders.
const healthy = stdioEntry([FIXTURE], { cwd: dirname(FIXTURE), toolCacheTtlMs: 600_000 });

/** A hung server and a healthy one, with the given settings. */
function project(tag: string, options: Record<string, unknown>, startupTimeoutMs: number) {
  return mcpProject(
    { hung: stdioEntry([FIXTURE, "--silent-start", tag], { startupTimeoutMs, toolCacheTtlMs: 0 }), healthy },
    { options },
  );
}

it("gives a hung server up after the setting, naming the unit and the setting; the other unit compiles", async () => {
  // The healthy server is listed first without a short bound (a loaded machine may take more than
  // 300 ms to start node), then comes from the build cache: the bound is the hung one's alone.
  const warm = await compileBundle(mcpProject({ healthy }));
  expect(warm.manifest.units.map((u) => u.id)).toEqual(["healthy"]);
  const tag = marker();
  // Its own startup timeout is far longer: only the setting can end this start first.
  const compiled = await compileBundle(project(tag, { exposureDiscoveryTimeoutMs: 300 }, 60_000));
  const errors = compiled.result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => [d.code, d.message])).toEqual([
    [
      "MCP_LIST_TIMEOUT",
      'MCP server of unit "hung" could not be listed: it was not listed within 300 ms (options.exposureDiscoveryTimeoutMs) and was stopped',
    ],
  ]);
  expect(errors[0]?.hint).toContain("options.exposureDiscoveryTimeoutMs is 300 ms");
  expect(compiled.manifest.units.map((u) => u.id)).toEqual(["healthy"]);
  expect(compiled.manifest.units[0]?.operations.length).toBeGreaterThan(0);
  expect(processesWith(tag)).toEqual([]);
});

it("leaves a shorter startupTimeoutMs in charge of a hung start, and names that one", async () => {
  const tag = marker();
  const compiled = await compileBundle(project(tag, { exposureDiscoveryTimeoutMs: 60_000 }, 300));
  const errors = compiled.result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => d.code)).toEqual(["MCP_START_FAILED"]);
  expect(errors[0]?.message).toContain("still starting after 300 ms (startupTimeoutMs)");
  expect(errors[0]?.message).not.toContain("exposureDiscoveryTimeoutMs");
  expect(compiled.manifest.units.map((u) => u.id)).toEqual(["healthy"]);
  expect(processesWith(tag)).toEqual([]);
});
