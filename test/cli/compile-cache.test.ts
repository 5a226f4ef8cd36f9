/**
 * The executable turns on Node's compile cache in the user's own cache folder (never the shared temp
 * folder): made owner-only on first use, skipped without a word when it cannot be made, and left to
 * the user's NODE_COMPILE_CACHE when that is set.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../support/built-cli.js";

const run = promisify(execFile);
const MANIFEST = join(REPO, "generated/basic/manifest.json");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "unitc-compile-cache-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function list(env: Record<string, string>) {
  return run(process.execPath, [BUILT_CLI, "list", "--manifest", MANIFEST], {
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...env },
  });
}

describe("Node's compile cache", () => {
  it("is kept in <cache>/unitc/compile-cache, owner-only", async () => {
    const cache = join(dir, "cache");
    await mkdir(cache);
    const { stdout } = await list({ XDG_CACHE_HOME: cache });
    expect(stdout).toContain("notes");
    const folder = join(cache, "unitc/compile-cache");
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await readdir(folder, { recursive: true })).length).toBeGreaterThan(0);
  });

  it("is skipped, the command unchanged, when the folder cannot be made", async () => {
    const plain = await list({ XDG_CACHE_HOME: join(dir, "cache") });
    for (const base of ["/dev/null/cache", join(dir, "no-such-base"), "/proc/unitc-test"]) {
      const without = await list({ XDG_CACHE_HOME: base });
      expect(without.stdout, base).toBe(plain.stdout);
      expect(without.stderr, base).toBe("");
    }
  });

  it("leaves the choice to NODE_COMPILE_CACHE when the user set it", async () => {
    const cache = join(dir, "own");
    await list({ XDG_CACHE_HOME: cache, NODE_COMPILE_CACHE: join(dir, "theirs") });
    await expect(stat(join(cache, "unitc/compile-cache"))).rejects.toThrow();
    expect((await readdir(join(dir, "theirs"))).length).toBeGreaterThan(0);
  });
});
