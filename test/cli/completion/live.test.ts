/**
 * `unitc __complete` on a project changed since its compile (here: never compiled): MCP units are
 * listed live through the built CLI, a server that never answers is cut off at the overall deadline
 * and its process is gone when the completion answers; answers and failures are cached (a second
 * completion starts no server) and stale cache entries are pruned.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../../support/built-cli.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const FIXTURE = fileURLToPath(new URL("../../fixtures/mcp/fixture-server.mjs", import.meta.url));

function complete(words: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ stdout: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    execFile(process.execPath, [BUILT_CLI, "__complete", "--", ...words], { cwd, env }, (error, stdout) =>
      error ? reject(error) : resolve({ stdout, ms: Date.now() - started }),
    );
  });
}

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): string[] {
  return execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

describe("live completion of units not compiled yet", () => {
  it("lists what answers within the overall deadline, ends the server that does not, and caches both", async () => {
    const marker = `--unitc-test-${randomBytes(6).toString("hex")}`;
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        completion: {
          discoveryTimeoutMs: 60_000,
          overallTimeoutMs: 6_000,
          cacheTtlMs: 600_000,
          negativeCacheTtlMs: 600_000,
        },
        mcpServers: {
          fast: { name: "Fast", description: "Answers.", command: process.execPath, args: [FIXTURE] },
          stuck: {
            name: "Stuck",
            description: "Never answers.",
            command: process.execPath,
            args: [FIXTURE, "--silent-start", marker],
          },
        },
      }),
    });
    const cache = join(dir, ".cache");
    const env = { PATH: process.env.PATH ?? "", HOME: dir, XDG_CACHE_HOME: cache };
    const stale = join(cache, "unitc/completion/live-stale.json");
    await import("node:fs/promises").then((fs) =>
      fs.mkdir(join(cache, "unitc/completion"), { recursive: true }),
    );
    writeFileSync(stale, "{}");
    utimesSync(stale, new Date(0), new Date(0));

    const first = await complete(["call", ""], dir, env);
    expect(first.stdout).toMatch(/^fast\.\S+/m);
    expect(first.stdout).not.toContain("stuck.");
    expect(first.ms).toBeLessThan(20_000);
    expect(processesWith(marker)).toEqual([]);
    const entries = readdirSync(join(cache, "unitc/completion")).filter((name) => name.startsWith("live-"));
    expect(entries).toHaveLength(2);
    expect(entries).not.toContain("live-stale.json");

    // From the caches: the same answer, and the stuck server is not started again.
    const second = await complete(["call", "fa"], dir, env);
    expect(
      second.stdout
        .split("\n")
        .filter(Boolean)
        .every((line) => line.startsWith("fast.")),
    ).toBe(true);
    expect(second.stdout).toMatch(/^fast\.\S+/m);
    expect(second.ms).toBeLessThan(first.ms);
  });

  it("keys its cache by the auth state: a credential set since the last answer lists the server again", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        completion: { cacheTtlMs: 600_000, negativeCacheTtlMs: 600_000 },
        mcpServers: {
          keyed: {
            name: "Keyed",
            description: "Takes a token from the environment.",
            command: process.execPath,
            args: [FIXTURE],
            env: { FIXTURE_TOKEN: "${UNITC_TEST_TOKEN}" },
          },
        },
      }),
    });
    const cache = join(dir, ".cache");
    const base = { PATH: process.env.PATH ?? "", HOME: dir, XDG_CACHE_HOME: cache };
    const entries = () =>
      readdirSync(join(cache, "unitc/completion"))
        .filter((name) => name.startsWith("live-"))
        .sort();

    await complete(["call", ""], dir, base);
    const unset = entries();
    expect(unset).toHaveLength(1);
    await complete(["call", ""], dir, { ...base, UNITC_TEST_TOKEN: "first" });
    const set = entries();
    expect(set).toHaveLength(2);
    // Another value of a set credential is the same state: the value itself never keys the cache.
    await complete(["call", ""], dir, { ...base, UNITC_TEST_TOKEN: "second" });
    expect(entries()).toEqual(set);
    for (const name of set) expect(name).not.toMatch(/first|second/);
  });
});
