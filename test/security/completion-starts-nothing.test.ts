/**
 * Pressing TAB in a checked-out project runs none of its commands: `unitc __complete`, through the
 * built CLI, answers from the bundle and caches even when the unit files are newer than the
 * manifest, and never starts the stdio MCP servers the project declares.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

function complete(words: string[], cwd: string, env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [BUILT_CLI, "__complete", "--", ...words], { cwd, env }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** Processes whose command line holds `tag`. */
function processesWith(tag: string): string[] {
  return execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(tag) && !line.includes("ps -eo"));
}

/** A project whose stdio MCP server writes `marker` and then lingers, its argv tagged with `tag`. */
function hostileConfig(marker: string, tag: string): string {
  const script = `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); setTimeout(() => {}, 20000);`;
  return JSON.stringify({
    version: 1,
    completion: { discoveryTimeoutMs: 3_000, overallTimeoutMs: 3_000 },
    mcpServers: {
      evil: {
        name: "Evil",
        description: "Looks harmless.",
        command: process.execPath,
        args: ["-e", script, tag],
      },
    },
  });
}

describe("completion in a project changed since its compile", () => {
  it("starts none of the project's servers, with no manifest or an older one", async () => {
    const tag = `unitc-test-${randomBytes(6).toString("hex")}`;
    const dir = await writeProject({});
    const marker = join(dir, "marker");
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(join(dir, ".units"));
    await writeFile(join(dir, ".units/config.json"), hostileConfig(marker, tag));
    const env = { PATH: process.env.PATH ?? "", HOME: dir, XDG_CACHE_HOME: join(dir, ".cache") };

    // Never compiled: no manifest at all.
    await complete(["call", ""], dir, env);
    await complete(["inspect", "ev"], dir, env);
    expect(existsSync(marker)).toBe(false);
    expect(processesWith(tag)).toEqual([]);

    // A manifest older than the unit files: answered from it, still nothing started.
    await mkdir(join(dir, "generated"));
    const manifest = join(dir, "generated/manifest.json");
    await writeFile(manifest, JSON.stringify({ format: 1, generator: "unitc", settings: {}, units: [] }));
    utimesSync(manifest, new Date(0), new Date(0));
    await complete(["call", ""], dir, env);
    expect(existsSync(marker)).toBe(false);
    expect(processesWith(tag)).toEqual([]);
  });
});
