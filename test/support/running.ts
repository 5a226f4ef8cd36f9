/** Whether a process still runs, for tests that start children and wait for them to end. */
import { readFileSync } from "node:fs";

/** True while `pid` runs. A zombie counts as gone: this container's init does not reap orphans. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return true;
  }
}
