/**
 * `unitc setup <unit…|--all>`: prints each unit's setup plan (every item's argv in full, risky ones
 * flagged) and its content hash, then runs it only with `--yes` or an approval stored for that hash.
 * Commands run in order and stop at the first failure; the verify items run after them. The last
 * attempts per unit are kept in storage.
 */
import { relative } from "node:path";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import { type SetupPlan, setupPlan } from "../../runtime/setup/plan.js";
import { approve, isApproved, recordAttempt } from "../../runtime/setup/records.js";
import { type ItemResult, runSetupItem } from "../../runtime/setup/run-item.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { planText, resultText } from "../setup-report.js";
import { type ProjectUnit, pickUnits, projectUnits } from "../setup-units.js";
import { withStorage } from "../storage-config.js";
import { projectCommandSet } from "../trust/command-set.js";
import { projectTrusted, trustArg } from "../trust/gate.js";

interface UnitReport {
  unit: string;
  hash: string;
  items: SetupPlan["items"];
  approved: boolean;
  ran: boolean;
  ok: boolean;
  results: ItemResult[];
}

/** Runs the plan's commands (stopping at the first failure), then its verify items. */
async function runPlan(unit: ProjectUnit, io: CliIO, json: boolean): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const phase of ["commands", "verify"] as const) {
    for (const item of unit[phase]) {
      const result = await runSetupItem(item, unit.baseDir, io.env);
      results.push(result);
      if (!json) io.stdout(resultText(result));
      if (!result.ok) return results;
    }
  }
  return results;
}

async function setupUnit(
  unit: ProjectUnit,
  store: Store | undefined,
  io: CliIO,
  flags: { yes: boolean; json: boolean },
): Promise<UnitReport> {
  const plan = setupPlan(unit);
  if (!flags.json) io.stdout(planText(plan));
  const report: UnitReport = {
    unit: unit.id,
    hash: plan.hash,
    items: plan.items,
    approved: false,
    ran: false,
    ok: false,
    results: [],
  };
  if (!store) return { ...report, ok: true };
  report.approved = flags.yes || (await isApproved(store, unit.id, plan.hash));
  if (!report.approved) {
    if (!flags.json)
      io.stderr(
        `unitc setup: SETUP_NOT_APPROVED ${unit.id}: plan ${plan.hash} is not approved\nhint: read the plan above, then run \`unitc setup ${unit.id} --yes\`\n`,
      );
    return report;
  }
  if (flags.yes) await approve(store, unit.id, plan.hash);
  report.ran = true;
  report.results = await runPlan(unit, io, flags.json);
  report.ok = report.results.every((r) => r.ok);
  await recordAttempt(store, {
    unit: unit.id,
    hash: plan.hash,
    at: new Date().toISOString(),
    ok: report.ok,
    items: report.results,
  });
  return report;
}

export function setupCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "setup", description: "Show and run units' setup commands (approved by plan hash)" },
    args: {
      unit: { type: "positional", required: false, description: "Unit IDs", valueHint: "UNIT" },
      all: { type: "boolean", description: "Every unit that has setup items" },
      yes: { type: "boolean", description: "Approve the printed plan and run it" },
      "dry-run": { type: "boolean", description: "Print the plan only; run nothing" },
      json: { type: "boolean", description: "Print JSON" },
      ...projectArgs,
      ...trustArg,
    },
    async run({ args }) {
      const ids = (args._ as string[]).filter((id) => id !== "");
      if (ids.length === 0 && !args.all) throw new UsageError("name the units to set up, or pass --all");
      const { context, units } = await projectUnits(io, args);
      if (hasErrors(context.diagnostics)) {
        io.stderr(formatDiagnostics(context.diagnostics, (f) => relative(io.cwd, f) || f));
        io.stderr(
          "unitc setup: CONFIG_INVALID the project has errors\nhint: fix them (see `unitc validate`)\n",
        );
        setExit(EXIT_ERRORS);
        return;
      }
      const chosen = args.all
        ? units.filter((u) => u.commands.length + u.verify.length > 0)
        : pickUnits(units, ids);
      const flags = { yes: args.yes === true, json: args.json === true };
      const reports: UnitReport[] = [];
      const each = async (store: Store | undefined): Promise<number> => {
        for (const unit of chosen) reports.push(await setupUnit(unit, store, io, flags));
        if (flags.json) io.stdout(`${JSON.stringify({ units: reports }, null, 2)}\n`);
        return reports.every((r) => r.ok) ? EXIT_OK : EXIT_ERRORS;
      };
      if (args["dry-run"]) return setExit(await each(undefined));
      const set = await projectCommandSet(context.resolved?.units ?? []);
      if (!projectTrusted(io, "setup", projectOptions(io, args).projectDir, set, args.trust)) {
        return setExit(EXIT_ERRORS);
      }
      await withStorage(io, "setup", args["user-config"], setExit, (storage) => each(storage.store));
    },
  });
}
