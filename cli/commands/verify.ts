/**
 * `unitc verify [unit…]`: runs only the verify items (never the setup commands) of units whose setup
 * plan is approved, and checks the declared runtime features; exit 0 when all pass, 1 when some fail
 * or are not approved. For CI.
 */
import { relative } from "node:path";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { quoted, resultText } from "../setup-report.js";
import { pickUnits, projectUnits } from "../setup-units.js";
import { withStorage } from "../storage-config.js";
import { projectCommandSet } from "../trust/command-set.js";
import { projectTrusted, trustArg } from "../trust/gate.js";
import { approvalIn, type UnitVerify, verifyUnits } from "../verify-units.js";

/** A unit whose plan is not approved: the items that did not run and the command that approves them. */
function notApprovedText(outcome: UnitVerify): string {
  const lines = [`${outcome.unit}:`];
  for (const label of outcome.notRun ?? []) lines.push(`  NOT APPROVED  ${quoted(label)}`);
  lines.push(
    `        not run: setup plan ${outcome.hash} is not approved (read it: unitc setup ${outcome.unit} --dry-run)`,
    `        approve: ${outcome.approve}`,
  );
  return `${lines.join("\n")}\n`;
}

const verifyArgs = {
  unit: {
    type: "positional",
    required: false,
    description: "Unit IDs (default: all)",
    valueHint: "UNIT",
  },
  json: { type: "boolean", description: "Print JSON" },
  ...projectArgs,
  ...trustArg,
} as const;

export function verifyCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "verify", description: "Run units' verify items and check their runtime features" },
    args: verifyArgs,
    async run({ args }) {
      const { context, units } = await projectUnits(io, args);
      if (hasErrors(context.diagnostics)) {
        io.stderr(formatDiagnostics(context.diagnostics, (f) => relative(io.cwd, f) || f));
        io.stderr(
          "unitc verify: CONFIG_INVALID the project has errors\nhint: fix them (see `unitc validate`)\n",
        );
        setExit(EXIT_ERRORS);
        return;
      }
      const ids = (args._ as string[]).filter((id) => id !== "");
      const chosen = ids.length > 0 ? pickUnits(units, ids) : units;
      const json = args.json === true;
      if (chosen.some((unit) => unit.verify.length > 0)) {
        const set = await projectCommandSet(context.resolved?.units ?? []);
        if (!projectTrusted(io, "verify", projectOptions(io, args).projectDir, set, args.trust)) {
          return setExit(EXIT_ERRORS);
        }
      }
      await withStorage(io, "verify", args["user-config"], setExit, async (storage) => {
        let current = "";
        const outcomes = await verifyUnits(chosen, io.env, approvalIn(storage.store), (unit, result) => {
          if (json) return;
          if (unit !== current) io.stdout(`${unit}:\n`);
          current = unit;
          io.stdout(resultText(result));
        });
        if (json) io.stdout(`${JSON.stringify({ units: outcomes }, null, 2)}\n`);
        else {
          for (const outcome of outcomes) {
            if (!outcome.approved) io.stdout(notApprovedText(outcome));
            for (const f of outcome.features) {
              io.stdout(
                f.ok
                  ? `  ok    ${outcome.unit}: ${f.feature} (${f.detail})\n`
                  : `  FAIL  ${outcome.unit}: ${f.feature}: ${f.detail}\n        fix: ${f.fix}\n`,
              );
            }
          }
          const failed = outcomes.filter((o) => !o.ok).length;
          const checked = outcomes.filter(
            (o) => o.results.length + o.features.length + (o.notRun?.length ?? 0) > 0,
          ).length;
          io.stderr(`${checked} units verified, ${failed} failed\n`);
        }
        return outcomes.every((o) => o.ok) ? EXIT_OK : EXIT_ERRORS;
      });
    },
  });
}
