/**
 * The progress line `unitc compile` shows on stderr while it works, when stderr is a terminal: the
 * stage, and in discovery the unit count and operations so far. It is rewritten in place (`\r`) and
 * cleared before anything else is printed, so it never ends up in a log or a pipe.
 */

import type { UnitProgress } from "../compiler/discover/index.js";
import type { PipelineProgress } from "../compiler/index.js";
import { terminalText } from "../runtime/shared/terminal-text.js";
import { counted } from "./compile-lines.js";
import type { CliIO } from "./io.js";

/** Erases the current terminal line (carriage return, then "erase to end of line"). */
const CLEAR = "\r\x1b[K";
/** Unit updates closer together than this are skipped: a terminal need not redraw 1,000 times. */
const UNIT_INTERVAL_MS = 80;

/** A progress line, or none (`progress` undefined) when stderr is not a terminal. */
export interface ProgressLine {
  progress?: PipelineProgress;
  /** Removes the line; call before printing diagnostics or the status line. */
  clear(): void;
}

/** The progress line for one compile of `io`. */
export function progressLine(io: Pick<CliIO, "stderr" | "stderrIsTTY" | "styled">): ProgressLine {
  if (io.stderrIsTTY !== true) return { clear() {} };
  // The line's control sequences are unitc's own, so it takes the unsanitised stream.
  const write = (io.styled ?? io).stderr;
  let shown = false;
  let lastUnit = 0;
  const show = (text: string) => {
    write(`${CLEAR}unitc compile: ${terminalText(text)}`);
    shown = true;
  };
  return {
    progress: {
      stage: (name) => show(`${name}…`),
      unit: ({ done, total, operations }: UnitProgress) => {
        const now = performance.now();
        if (done < total && now - lastUnit < UNIT_INTERVAL_MS) return;
        lastUnit = now;
        show(`discover: unit ${done}/${total}, ${counted(operations, "operation")}`);
      },
    },
    clear() {
      if (shown) write(CLEAR);
      shown = false;
    },
  };
}
