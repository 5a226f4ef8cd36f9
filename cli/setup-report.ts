/** How `setup` and `verify` print plans and item results as text. */
import type { SetupPlan } from "../runtime/setup/plan.js";
import type { ItemResult } from "../runtime/setup/run-item.js";
import { shownWord } from "./setup-units.js";

/**
 * A label in quotes, so where it ends and the command begins is plain even when the label was
 * written to look like a command (its control characters are escaped by JSON and at the output).
 */
export function quoted(label: string): string {
  return JSON.stringify(label);
}

/** The plan, every item's label quoted and argv in full, risky items flagged. */
export function planText(plan: SetupPlan): string {
  const lines = [`setup plan for ${plan.unit} (${plan.hash}):`];
  if (plan.items.length === 0) lines.push("  nothing to set up");
  plan.items.forEach((item, index) => {
    lines.push(
      `  ${index + 1}. [${item.phase}] ${quoted(item.label)}: ${item.argv.map(shownWord).join(" ")}`,
    );
    if (item.item.cwd !== undefined) lines.push(`     cwd: ${item.item.cwd}`);
    for (const [name, value] of Object.entries(item.item.env ?? {})) lines.push(`     env: ${name}=${value}`);
    if (item.flags.length > 0) lines.push(`     ! flagged: ${item.flags.join(", ")}`);
  });
  return `${lines.join("\n")}\n`;
}

/** One item's outcome, its output indented below it when it failed. */
export function resultText(result: ItemResult): string {
  const seconds = (result.durationMs / 1000).toFixed(1);
  const why = result.error ?? (result.signal ? `killed by ${result.signal}` : `exit code ${result.exitCode}`);
  const head = result.ok
    ? `  ok    ${quoted(result.label)} (${seconds} s)`
    : `  FAIL  ${quoted(result.label)}: ${why} (${seconds} s)`;
  if (result.ok || result.output === "") return `${head}\n`;
  const body = result.output
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => `        ${line}`);
  return `${head}\n${body.join("\n")}\n`;
}
