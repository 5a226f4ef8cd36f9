/**
 * A watchdog for the process groups of stdio servers, for when this process dies without closing
 * them (SIGKILL, a crash). A stdio server exits when its stdin closes, but a process it started need
 * not. The watchdog is a tiny separate node process, in its own group, told on its stdin which groups
 * are live; when that stdin closes (this process is gone) it ends every group still listed.
 */
import { type ChildProcess, spawn } from "node:child_process";

/** The watchdog's program: `+<pgid>` adds a group, `-<pgid>` removes it; end of input ends them all. */
const WATCHDOG = `
const groups = new Set();
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  for (let at = pending.indexOf("\\n"); at >= 0; at = pending.indexOf("\\n")) {
    const line = pending.slice(0, at);
    pending = pending.slice(at + 1);
    const pgid = Number(line.slice(1));
    if (Number.isInteger(pgid) && pgid > 1) line[0] === "+" ? groups.add(pgid) : groups.delete(pgid);
  }
});
const end = () => {
  const signal = (name) => { for (const pgid of groups) { try { process.kill(-pgid, name); } catch {} } };
  signal("SIGTERM");
  setTimeout(() => { signal("SIGKILL"); process.exit(0); }, 500);
};
process.stdin.on("end", end);
process.stdin.on("error", end);
`;

let watchdog: ChildProcess | undefined;

function started(): ChildProcess | undefined {
  if (process.platform === "win32") return undefined;
  if (watchdog && watchdog.exitCode === null && watchdog.stdin?.writable) return watchdog;
  try {
    watchdog = spawn(process.execPath, ["-e", WATCHDOG], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
      env: {},
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  watchdog.on("error", () => undefined);
  watchdog.stdin?.on("error", () => undefined);
  // The watchdog must never keep this process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

/** Asks the watchdog to end process group `pgid` should this process die first. */
export function watchGroup(pgid: number): void {
  started()?.stdin?.write(`+${pgid}\n`);
}

/** The group was ended here; the watchdog can forget it. */
export function unwatchGroup(pgid: number): void {
  if (watchdog?.stdin?.writable) watchdog.stdin.write(`-${pgid}\n`);
}
