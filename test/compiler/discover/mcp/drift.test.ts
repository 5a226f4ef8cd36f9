/**
 * Schema drift in review: a bundle compiled against the fixture server, then the server's `add` tool
 * changes its input schema. `unitc compile --check` fails and names that operation, and only it.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { FIXTURE, mcpProject, stdioEntry } from "../../../runtime/invoke/mcp/support.js";
import { runUnitc } from "../../../support/cli.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

let dir: string;
const argv = () => ["compile", "--project", dir, "--user-config", "none"];

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  dir = await writeProject(
    mcpProject({
      fixture: stdioEntry([FIXTURE], {
        env: { FIXTURE_VARIANT: "${UNITC_TEST_VARIANT}" },
        toolCacheTtlMs: 0,
      }),
    }),
  );
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});

it("compile --check passes while the server is unchanged", async () => {
  vi.stubEnv("UNITC_TEST_VARIANT", "1");
  expect((await runUnitc(argv(), dir)).code).toBe(0);
  // With toolCacheTtlMs 0 the server is listed again; the same listing leaves the record's answer.
  const check = await runUnitc([...argv(), "--check"], dir);
  expect(check).toEqual({
    code: 0,
    stdout: "",
    stderr: "generated is up to date (1 unit, 12 operations; nothing changed since the last compile)\n",
  });
});

it("compile --check fails when a tool's schema changed, naming the tool", async () => {
  vi.stubEnv("UNITC_TEST_VARIANT", "2");
  const check = await runUnitc([...argv(), "--check"], dir);
  expect(check.code).toBe(1);
  const lines = check.stdout.trimEnd().split("\n");
  expect(lines.slice(0, -1)).toEqual(
    expect.arrayContaining(["generated/manifest.json: changed", "generated/units/fixture/types.ts: changed"]),
  );
  expect(lines.at(-1)).toMatch(
    /^fixture\.add: schema changed \(sha256:[0-9a-f]{16} → sha256:[0-9a-f]{16}\)$/,
  );
  expect(check.stderr).toMatch(/^generated is out of date: \d+ file\(s\) differ; run unitc compile\n$/);
});
