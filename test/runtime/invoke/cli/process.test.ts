/** The CLI invoker's process handling with real processes: exit codes, timeouts, cancellation, cleanup. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { CliInvoke } from "../../../../runtime/contract/manifest.js";
import { invokeCli } from "../../../../runtime/invoke/cli/index.js";
import { cliContext, cliInvoke, failure, fixture, isRunning, readPids, tempDir } from "./support.js";

let dir: string;
beforeEach(() => {
  const made = tempDir();
  dir = made.dir;
  // Bound here, not kept beside `dir`: the concurrent tests below run this too, side by side.
  return made.remove;
});

function run(invoke: CliInvoke, input: unknown, signal?: AbortSignal) {
  return invokeCli(input, cliContext(invoke, { baseDir: dir, ...(signal ? { signal } : {}) }));
}

describe("exit", () => {
  it("turns a non-zero exit into CLI_EXIT with the code and a bounded stderr tail", async () => {
    const error = await failure(run(cliInvoke({ args: [fixture("fail.mjs"), "7", "10000"] }), {}));
    expect(error.code).toBe("CLI_EXIT");
    expect(error.message).toBe(`${process.execPath} exited with code 7`);
    expect(error.details).toMatchObject({ exitCode: 7, unit: "tools", operation: "run" });
    expect(error.details.excerpt?.length).toBeLessThanOrEqual(2001);
    expect(error.details.excerpt?.endsWith("LAST LINE")).toBe(true);
  });

  it("names the signal that killed the command", async () => {
    const error = await failure(run(cliInvoke({ args: [fixture("selfkill.mjs")] }), {}));
    expect(error.code).toBe("CLI_EXIT");
    expect(error.message).toContain("was killed by SIGKILL");
    expect(error.details.exitCode).toBeNull();
  });

  it("fails with CLI_SPAWN naming an unknown command", async () => {
    const error = await failure(run(cliInvoke({ command: "unitc-no-such-command" }), {}));
    expect(error.code).toBe("CLI_SPAWN");
    expect(error.message).toBe("command not found: unitc-no-such-command");
    expect(error.details.hint).toContain("PATH");
  });

  it("ends what a finished command left running in its group", async () => {
    const pidFile = join(dir, "pids");
    const invoke = cliInvoke({
      command: "sh",
      args: ["-c", 'sleep 30 & echo $! > "$1"', "sh", "$input.file"],
    });
    // Had it waited for the sleeper, the call would outlast the test's own timeout.
    expect(await run(invoke, { file: pidFile })).toEqual({ value: "", truncated: false });
    const [sleeper] = await readPids(pidFile);
    expect(isRunning(sleeper as number)).toBe(false);
  });
});

// Each waits out a timeout of seconds on timers, not on the processor: run side by side, each in a
// folder of its own, they take the longest one's time instead of the four added up.
describe.concurrent("timeout", () => {
  /** A folder of the test's own, removed after it (the file's `dir` is shared by sequential tests). */
  const own = (onTestFinished: (fn: () => void) => void) => {
    const made = tempDir();
    onTestFinished(made.remove);
    return made.dir;
  };
  const runIn = (folder: string, invoke: CliInvoke, input: unknown) =>
    invokeCli(input, cliContext(invoke, { baseDir: folder }));

  it.for([
    ["a grandchild sharing the pipes", ""],
    ["a grandchild with its own stdio", "quiet"],
  ] as const)("kills the whole process group: %s", async ([, mode], { onTestFinished }) => {
    const folder = own(onTestFinished);
    const pidFile = join(folder, "pids");
    // Seconds, so that on a loaded machine the fixture has started its grandchild before the kill.
    const invoke = cliInvoke({ args: [fixture("tree.mjs"), pidFile, mode], timeoutMs: 5_000 });
    const error = await failure(runIn(folder, invoke, {}));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe(`${process.execPath} did not finish within 5000 ms`);
    const pids = await readPids(pidFile);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });

  it("follows SIGTERM with SIGKILL when the group ignores it", async ({ onTestFinished }) => {
    const folder = own(onTestFinished);
    const pidFile = join(folder, "pids");
    const invoke = cliInvoke({ args: [fixture("tree.mjs"), pidFile, "ignore-term"], timeoutMs: 5_000 });
    const started = Date.now();
    expect((await failure(runIn(folder, invoke, {}))).code).toBe("TIMEOUT");
    // 5,000 ms timeout, then 2,000 ms grace before SIGKILL: a lower bound, which load cannot break.
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_900);
    for (const pid of await readPids(pidFile)) expect(isRunning(pid)).toBe(false);
  });

  it("kills a shell's background job too", async ({ onTestFinished }) => {
    const folder = own(onTestFinished);
    const pidFile = join(folder, "pids");
    const script = 'sleep 30 & echo $$ $! > "$1"; wait';
    const invoke = cliInvoke({ command: "sh", args: ["-c", script, "sh", "$input.file"], timeoutMs: 1_000 });
    expect((await failure(runIn(folder, invoke, { file: pidFile }))).code).toBe("TIMEOUT");
    const pids = await readPids(pidFile);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });
});

describe("cancellation", () => {
  it("kills the process group on abort and fails with CANCELLED", async () => {
    const pidFile = join(dir, "pids");
    const controller = new AbortController();
    const call = run(cliInvoke({ args: [fixture("tree.mjs"), pidFile] }), {}, controller.signal);
    const pids = await readPids(pidFile);
    controller.abort();
    const error = await failure(call);
    expect(error.code).toBe("CANCELLED");
    expect(error.details).toMatchObject({ unit: "tools", operation: "run" });
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });

  it("does not start when the signal is already aborted", async () => {
    const pidFile = join(dir, "pids");
    const call = run(cliInvoke({ args: [fixture("tree.mjs"), pidFile] }), {}, AbortSignal.abort());
    expect((await failure(call)).code).toBe("CANCELLED");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(pidFile)).toBe(false);
  });
});
