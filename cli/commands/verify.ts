/**
 * `unitc verify [unit…]`: runs only the verify items (never the setup commands) and checks the
 * declared runtime features; exit 0 when all pass, 1 when some fail. For CI.
 */
import { relative } from "node:path";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/diagnostics.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs } from "../project-args.js";
import { resultText } from "../setup-report.js";
import { pickUnits, projectUnits } from "../setup-units.js";
import { verifyUnits } from "../verify-units.js";

export function verifyCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "verify", description: "Run units' verify items and check their runtime features" },
    args: {
      unit: {
        type: "positional",
        required: false,
        description: "Unit IDs (default: all)",
        valueHint: "UNIT",
      },
      json: { type: "boolean", description: "Print JSON" },
      ...projectArgs,
    },
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
      let current = "";
      const outcomes = await verifyUnits(chosen, io.env, (unit, result) => {
        if (json) return;
        if (unit !== current) io.stdout(`${unit}:\n`);
        current = unit;
        io.stdout(resultText(result));
      });
      if (json) io.stdout(`${JSON.stringify({ units: outcomes }, null, 2)}\n`);
      else {
        for (const outcome of outcomes) {
          for (const f of outcome.features) {
            io.stdout(
              f.ok
                ? `  ok    ${outcome.unit}: ${f.feature} (${f.detail})\n`
                : `  FAIL  ${outcome.unit}: ${f.feature}: ${f.detail}\n        fix: ${f.fix}\n`,
            );
          }
        }
        const failed = outcomes.filter((o) => !o.ok).length;
        const checked = outcomes.filter((o) => o.results.length + o.features.length > 0).length;
        io.stderr(`${checked} units verified, ${failed} failed\n`);
      }
      setExit(outcomes.every((o) => o.ok) ? EXIT_OK : EXIT_ERRORS);
    },
  });
}
