/**
 * What watch mode prints, all on stderr (stdout may carry JSON-RPC under `unitc dev`): each build's
 * diagnostics, then one status line.
 */

import { relative } from "node:path";
import { countDiagnostics } from "../compiler/codes/diagnostics.js";
import type { WatchBuild } from "../compiler/watch.js";
import { counted } from "./compile-lines.js";
import { type CliIO, wantsColor } from "./io.js";
import { printDiagnostics } from "./report.js";

/** `unitc: rebuilt 1 unit in 38 ms (3 written, 0 removed); 12 units, 36 operations; 0 diagnostics`. */
export function statusLine(build: WatchBuild): string {
  const counts = countDiagnostics(build.diagnostics);
  const took = `${Math.round(build.durationMs)} ms`;
  const found = counted(counts.error + counts.warning + counts.info, "diagnostic");
  if (!build.ok) {
    const kept = build.sequence === 1 ? "nothing written" : "kept the last good output";
    return `unitc: build failed in ${took}: ${counted(counts.error, "error")}, ${found}; ${kept}`;
  }
  if (build.upToDate) {
    return (
      `unitc: up to date in ${took}: nothing changed since the last compile (0 written); ` +
      `${counted(build.units, "unit")}, ${counted(build.operations, "operation")}; ${found}`
    );
  }
  const verb = build.sequence === 1 ? "compiled" : "rebuilt";
  return (
    `unitc: ${verb} ${counted(build.rebuilt.length, "unit")} in ${took} ` +
    `(${build.written.length} written, ${build.removed.length} removed); ` +
    `${counted(build.units, "unit")}, ${counted(build.operations, "operation")}; ${found}`
  );
}

/** Prints a build's diagnostics and its status line. */
export function reportBuild(io: CliIO, build: WatchBuild): void {
  const rel = (file: string) => relative(io.cwd, file) || file;
  const color = wantsColor({ env: io.env, stdoutIsTTY: io.stderrIsTTY });
  if (build.diagnostics.length > 0)
    printDiagnostics(io, "stderr", build.diagnostics, rel, color, "unitc compile --format json");
  io.stderr(`${statusLine(build)}\n`);
}
