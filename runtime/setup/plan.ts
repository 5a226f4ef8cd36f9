/**
 * A unit's setup plan: its setup commands and verify items as written, the content hash an approval
 * is given for, and the risky patterns a reader should look at twice before approving.
 */
import { homedir } from "node:os";
import { contentHash } from "../canonical.js";

/** One setup or verify item, as the unit file states it. */
export interface SetupItem {
  label: string;
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
}

/** What setup and verify need of a unit: its items and the folder relative paths start at. */
export interface SetupUnit {
  id: string;
  /** The folder of the file that declares the unit. */
  baseDir: string;
  commands: SetupItem[];
  verify: SetupItem[];
}

/** One item of a plan, flagged. */
export interface PlannedItem {
  phase: "commands" | "verify";
  label: string;
  argv: string[];
  item: SetupItem;
  flags: string[];
}

/** A unit's plan and its hash; a changed item changes the hash, so it needs approval again. */
export interface SetupPlan {
  unit: string;
  hash: string;
  items: PlannedItem[];
}

const SHELLS = /^(?:ba|da|z|k|fi)?sh$/;

function base(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** The `rm` flags of an argv remove recursively and by force (`-rf`, `-r -f`, `--recursive --force`). */
function removesByForce(args: readonly string[]): boolean {
  const short = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  const recursive = /[rR]/.test(short) || args.includes("--recursive");
  const force = short.includes("f") || args.includes("--force");
  return recursive && force;
}

function sshPath(text: string, home: string): boolean {
  const homes = ["~", "$HOME", "${HOME}", home].map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?:^|[\\s"'=:])(?:${homes.join("|")})/\\.ssh(?:/|$|[\\s"'])`).test(text);
}

/** The risky patterns in one item: `sudo`, a download piped into a shell, `rm -rf`, paths under `~/.ssh`. */
export function itemFlags(item: SetupItem, home = homedir()): string[] {
  const args = item.args ?? [];
  const command = base(item.command);
  const words = [item.command, ...args];
  const script = SHELLS.test(command) ? args.join(" ") : "";
  const flags: string[] = [];
  if (command === "sudo" || command === "doas" || /(?:^|[\s;&|])sudo\s/.test(script)) flags.push("sudo");
  if (/(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:ba|da|z)?sh\b/.test(script)) flags.push("curl | sh");
  if (
    (command === "rm" && removesByForce(args)) ||
    /\brm\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*(?:rf|fr)/.test(script)
  ) {
    flags.push("rm -rf");
  }
  if ([...words, item.cwd ?? ""].some((word) => sshPath(word, home))) flags.push("~/.ssh");
  return flags;
}

/** The plan of one unit: setup commands, then verify items, each flagged. */
export function setupPlan(unit: SetupUnit, home = homedir()): SetupPlan {
  const items: PlannedItem[] = [];
  for (const phase of ["commands", "verify"] as const) {
    for (const item of unit[phase]) {
      items.push({
        phase,
        label: item.label,
        argv: [item.command, ...(item.args ?? [])],
        item,
        flags: itemFlags(item, home),
      });
    }
  }
  const hash = contentHash({ unit: unit.id, commands: unit.commands, verify: unit.verify });
  return { unit: unit.id, hash, items };
}
