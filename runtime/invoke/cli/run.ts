/**
 * Runs one command without a shell, in its own process group, and reports how it ended. The group is
 * ended on timeout and cancellation, and also when the command exits, so nothing it started outlives
 * the call (a process that detaches into a new session leaves the group and is out of reach).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { terminateGroup } from "../../shared/process-group.js";
import { OutputCollector } from "./output.js";

/** Longest wait between SIGTERM and SIGKILL. */
const GRACE_MS = 2_000;
/**
 * After the group is gone, a process outside it (one that called setsid) may still hold the pipes;
 * stop waiting for their end after this long.
 */
const RELEASE_MS = 250;

/** Everything needed to spawn one command. */
export interface CommandPlan {
  command: string;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
}

export type CommandOutcome =
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null; output: OutputCollector }
  | { kind: "timeout" | "cancelled"; output: OutputCollector }
  | { kind: "spawn-failed"; error: NodeJS.ErrnoException };

function asErrno(error: unknown): NodeJS.ErrnoException {
  return error instanceof Error ? error : new Error(String(error));
}

/** Spawns `plan.command` and resolves once it and its process group are done; never rejects. */
export function runCommand(plan: CommandPlan): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(plan.command, plan.argv, {
        shell: false,
        detached: true,
        cwd: plan.cwd,
        env: plan.env,
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      resolve({ kind: "spawn-failed", error: asErrno(error) });
      return;
    }
    watchCommand(child, plan, resolve);
  });
}

function watchCommand(child: ChildProcess, plan: CommandPlan, done: (outcome: CommandOutcome) => void): void {
  const output = new OutputCollector(plan.maxOutputBytes);
  child.stdout?.on("data", (chunk: Buffer) => output.addStdout(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.addStderr(chunk));
  let stopped: "timeout" | "cancelled" | undefined;
  let exited = false;
  let ended: Promise<void> | undefined;
  let release: NodeJS.Timeout | undefined;
  const endGroup = (): void => {
    ended ??= terminateGroup(child, Math.min(GRACE_MS, plan.timeoutMs)).then(() => {
      release = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, RELEASE_MS);
    });
  };
  const stop = (reason: "timeout" | "cancelled"): void => {
    if (exited || stopped) return;
    stopped = reason;
    endGroup();
  };
  const timer = setTimeout(() => stop("timeout"), plan.timeoutMs);
  const onAbort = (): void => stop("cancelled");
  plan.signal?.addEventListener("abort", onAbort, { once: true });
  let finished = false;
  const finish = (outcome: CommandOutcome): void => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    clearTimeout(release);
    plan.signal?.removeEventListener("abort", onAbort);
    done(outcome);
  };
  child.on("error", (error) => {
    if (child.pid === undefined) finish({ kind: "spawn-failed", error });
  });
  child.on("exit", () => {
    exited = true;
    clearTimeout(timer);
    endGroup();
  });
  child.on("close", (code: number | null, signal: NodeJS.Signals | null) => {
    void (ended ?? Promise.resolve()).then(() =>
      finish(stopped ? { kind: stopped, output } : { kind: "exited", code, signal, output }),
    );
  });
}
