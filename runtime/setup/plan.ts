/**
 * A unit's setup plan: its setup commands and verify items as written, the content hash an approval
 * is given for, and the risky patterns a reader should look at twice before approving (risk-flags.ts).
 */
import { homedir } from "node:os";
import { contentHash } from "../shared/canonical.js";
import { itemFlags } from "./risk-flags.js";

export { itemFlags };

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
