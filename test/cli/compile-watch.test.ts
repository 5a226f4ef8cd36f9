/**
 * `unitc compile --watch` in its own process while config files come and go: a config named with
 * --config renamed away (an editor's save) is reported with its file, code and hint, never a stack
 * trace, and the watcher keeps running and recovers when it is back; a user config deleted reads as
 * absent. The test waits for the status lines the process prints, never for a time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../runtime/serve/support.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";
import { pingUnit } from "../support/watch-units.js";

const cli = fileURLToPath(new URL("../../dist/cli/main.cjs", import.meta.url));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await cleanupProjects();
});

const unit = pingUnit;

/** Starts `unitc compile --watch` with `args`; `lines()` is what it printed on stderr so far. */
async function startWatch(dir: string, args: string[]) {
  const child = spawn(process.execPath, [cli, "compile", "--watch", "--project", dir, ...args], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: process.env.PATH, ...suiteTrust(), UNITC_CACHE_DIR: join(dir, "cache") },
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await eventually(() => stderr.includes("watching for changes") || child.exitCode !== null, 30_000);
  /** Waits for the `count`-th status line, and answers everything printed up to it. */
  const status = async (count: number) => {
    const lines = () =>
      stderr.split("\n").filter((line) => /^unitc: (compiled|rebuilt|build failed)/.test(line));
    await eventually(() => lines().length >= count || child.exitCode !== null, 30_000);
    return stderr;
  };
  const stop = async () => {
    child.kill("SIGTERM");
    return exited;
  };
  return { child, status, stop, stderr: () => stderr };
}

const manifestIds = async (dir: string) =>
  (
    JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as { units: { id: string }[] }
  ).units
    .map((u) => u.id)
    .sort();

describe("unitc compile --watch and config files that go away", () => {
  it("reports a --config file renamed away with its file, code and hint, keeps running and recovers", async () => {
    const dir = await writeProject({
      ".units/config.json": `${JSON.stringify({ version: 1 })}\n`,
      ".units/alpha.md": unit("Alpha"),
    });
    const file = join(dir, ".units/config.json");
    const watch = await startWatch(dir, ["--config", file, "--user-config", "none"]);
    expect(await watch.status(1)).toMatch(/unitc: compiled 1 unit/);

    await rename(file, `${file}~`);
    const failed = await watch.status(2);
    expect(failed).toMatch(/\.units\/config\.json:1:1 error FILE_NOT_FOUND/);
    expect(failed).toMatch(/hint: check the path given with --config/);
    expect(failed).toMatch(/unitc: build failed in \d+ ms: 1 error/);
    expect(failed).not.toMatch(/\n\s+at /);
    expect(watch.child.exitCode).toBeNull();

    await writeFile(join(dir, ".units/beta.md"), unit("Beta"));
    await rename(`${file}~`, file);
    await eventually(async () => (await manifestIds(dir)).includes("beta"), 30_000);
    expect(await manifestIds(dir)).toEqual(["alpha", "beta"]);
    expect(watch.child.exitCode).toBeNull();
    expect(await watch.stop()).toBe(0);
  });

  it("reads a user config deleted while watching as absent", async () => {
    const dir = await writeProject({
      ".units/alpha.md": unit("Alpha"),
      "home/config.json": `${JSON.stringify({ version: 1 })}\n`,
    });
    const user = join(dir, "home/config.json");
    const watch = await startWatch(dir, ["--user-config", user]);
    expect(await watch.status(1)).toMatch(/unitc: compiled 1 unit/);
    await rm(user);
    const after = await watch.status(2);
    expect(after).toMatch(
      /\nunitc: rebuilt 0 units in \d+ ms \(0 written, 0 removed\); 1 unit, 1 operation; 0 diagnostics\n/,
    );
    expect(watch.child.exitCode).toBeNull();
    expect(await watch.stop()).toBe(0);
  });
});
