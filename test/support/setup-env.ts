/**
 * Runs in every test worker first: the build cache (fetched specs, build records) goes to a fresh
 * temporary folder, never to the user's `~/.cache`, unless a test chooses its own; the suite trusts
 * the projects it writes. Runs before each
 * test file too, and puts back at its end the environment variables and spies the file stubbed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, vi } from "vitest";

if (!process.env.UNITC_CACHE_DIR) {
  const dir = mkdtempSync(join(tmpdir(), "unitc-test-cache-"));
  process.env.UNITC_CACHE_DIR = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}

// The projects the suite writes are its own: trusted for every CLI run the helpers make
// (test/support/trust-env.ts). Tests of project trust take it out of the env they pass.
process.env.UNITC_TRUST = "1";

// Test files share their worker's process (isolate: false): what one stubs ends with it.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
