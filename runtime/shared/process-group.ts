/**
 * Process groups of spawned commands. A command runs as the leader of its own group (spawned with
 * `detached: true`), so a timeout or cancellation can end it together with every process it started.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

const POLL_MS = 25;
/** How long to wait for the kernel to remove the group after SIGKILL. */
const AFTER_KILL_MS = 1_000;

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** State and process group of `/proc/<pid>/stat`; the command name may hold spaces and parentheses. */
function readStat(pid: string): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", pgrp: Number(fields[2]) };
}

/**
 * Zombies stay in their group until reaped, and an init that does not reap (a bare container, or
 * node as PID 1) never reaps them; on Linux only members that still run count.
 */
function linuxGroupHasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat.pgrp === pgid && stat.state !== "Z" && stat.state !== "X") return true;
  }
  return false;
}

/** True while some process of group `pgid` still runs. */
export function isGroupRunning(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  return process.platform === "linux" ? linuxGroupHasLiveMember(pgid) : true;
}

async function waitUntilGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await delay(POLL_MS);
    if (!isGroupRunning(pgid)) return true;
  }
  return !isGroupRunning(pgid);
}

/**
 * Ends the process group led by `child`: SIGTERM, then SIGKILL when something still runs after
 * `graceMs`. Resolves once the group is gone (or SIGKILL had a moment to work). On Windows, which has
 * no process groups, only the command itself is ended.
 */
export async function terminateGroup(child: ChildProcess, graceMs: number): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  if (process.platform === "win32") {
    child.kill();
    return;
  }
  if (!isGroupRunning(pgid)) return;
  signalGroup(pgid, "SIGTERM");
  if (await waitUntilGone(pgid, graceMs)) return;
  signalGroup(pgid, "SIGKILL");
  await waitUntilGone(pgid, AFTER_KILL_MS);
}
