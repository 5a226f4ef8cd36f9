/**
 * A worker's environment holds no variable of the host's, secrets above all; only the folder of
 * Node's compile cache when the host has one, so the checker's TypeScript loads from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { enableCompileCache, getCompileCacheDir } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workerEnv } from "../../../../runtime/sandbox/workers/worker-client.js";

const dir = mkdtempSync(join(tmpdir(), "unitc-worker-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a worker's environment", () => {
  it("is the compile cache's folder alone, never the host's variables", () => {
    process.env.UNITC_TEST_CANARY = "canary-secret-value";
    try {
      enableCompileCache(join(dir, "cache"));
      const cache = getCompileCacheDir();
      expect(cache).toBeDefined();
      expect(workerEnv()).toEqual({ NODE_COMPILE_CACHE: cache });
      expect(JSON.stringify(workerEnv())).not.toContain("canary-secret-value");
    } finally {
      delete process.env.UNITC_TEST_CANARY;
    }
  });
});
