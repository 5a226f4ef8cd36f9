/** The status lines `unitc compile` prints on stderr. */

import type { BuildOutcome } from "../compiler/build.js";
import type { RecordedBuild } from "../compiler/incremental/build-record.js";
import type { WriteResult } from "../compiler/index.js";

/** The file lists of a write. */
type Written = Pick<WriteResult, "written" | "unchanged" | "removed">;

/** How many units and operations a build compiled. */
export interface Count {
  units: number;
  operations: number;
}

/** `1 unit`, `2 units`. */
export function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** `2 units (5 operations)`. */
function units(count: Count): string {
  return `${counted(count.units, "unit")} (${counted(count.operations, "operation")})`;
}

/** The line for a compile the build record shows to be up to date. */
export function upToDateLine(recorded: RecordedBuild, shown: string, check: boolean): string {
  const counts = `${counted(recorded.units, "unit")}, ${counted(recorded.operations, "operation")}`;
  return check
    ? `${shown} is up to date (${counts}; nothing changed since the last compile)\n`
    : `compiled ${units(recorded)} to ${shown}: ` +
        `0 written, ${recorded.files.length} unchanged, 0 removed (nothing changed since the last compile)\n`;
}

/** The line for a compile with errors that wrote nothing; `kept` when the output folder holds a build. */
export function erroredLine(count: Count, shown: string, kept: boolean): string {
  const last = kept ? `; kept the last output in ${shown}` : "";
  if (count.units === 0) return `nothing compiled: fix the errors above${last}\n`;
  return `compiled ${units(count)}, but the project has errors: nothing written${last} (--partial writes the units that compiled)\n`;
}

/** The line after a write: what changed, and whose previous output `--partial` kept. */
export function writtenLine(count: Count, shown: string, written: Written, kept: readonly string[]): string {
  const tally = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
  const partial =
    kept.length === 0
      ? ""
      : `; kept the previous output of ${counted(kept.length, "unit")} that failed: ${kept.join(", ")}`;
  return `compiled ${units(count)} to ${shown}: ${tally}${partial}\n`;
}

/** The line for `--check`: up to date or not, and whether the project has errors. */
export function checkLine(count: Count, shown: string, differences: number, failed: boolean): string {
  const errors = failed ? ", but the project has errors (above)" : "";
  return differences > 0
    ? `${shown} is out of date: ${differences} file(s) differ; run unitc compile${errors}\n`
    : `${shown} is up to date (${counted(count.units, "unit")}, ${counted(count.operations, "operation")})${errors}\n`;
}

/** The status line after a write the write stage refused or could not finish. */
export function writeFailedLine(shown: string, written: Written): string {
  const done = written.written.length + written.removed.length;
  return done === 0
    ? `nothing written to ${shown}: fix the errors above\n`
    : `${shown} is partly written (${done} file(s) changed): fix the errors above and run unitc compile again\n`;
}

/** The status line of one `unitc compile` (`check`: of `--check`). */
export function compileStatusLine(outcome: BuildOutcome, shown: string, check: boolean): string {
  if (outcome.recorded) return upToDateLine(outcome.recorded, shown, check);
  switch (outcome.failure) {
    case "errors":
      return erroredLine(outcome, shown, outcome.lastOutputKept);
    case "nothing-compiled":
      return "nothing compiled: fix the errors above\n";
    case "bundle":
      return "nothing written: the bundle build failed\n";
    case "write":
      return writeFailedLine(shown, outcome);
  }
  if (check) return checkLine(outcome, shown, outcome.differences.length, outcome.errors);
  return writtenLine(outcome, shown, outcome, outcome.kept);
}
