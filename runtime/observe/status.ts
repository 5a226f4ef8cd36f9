/**
 * The operator status: per-unit call counts and error rates, failures by code, and the Code Mode
 * engines' queue, as JSON (`GET /metrics?json`) and as the lines `unitc serve status` prints.
 */
import { type EngineQueue, engineQueueNow, stats } from "./stats.js";

/** One unit's line of the status. */
export interface UnitStatus {
  unit: string;
  calls: number;
  errors: number;
  /** errors / calls, 0 without calls. */
  errorRate: number;
  /** Failures by code. */
  codes: Record<string, number>;
  /** Mean latency in milliseconds. */
  meanMs: number;
}

/** What the status holds. */
export interface ObservedStatus {
  units: UnitStatus[];
  codeMode: {
    runs: number;
    failed: number;
    /** The queue now; absent while no Code Mode run has made the engines. */
    queue?: EngineQueue;
    /** Runs that waited for an engine, and the mean wait in milliseconds. */
    waited: number;
    meanWaitMs: number;
  };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The status of this process now. */
export function observedStatus(): ObservedStatus {
  const units = [...stats.units]
    .map(([unit, counts]): UnitStatus => {
      let ok = 0;
      const codes: Record<string, number> = {};
      for (const op of counts.operations.values()) {
        ok += op.ok;
        for (const [code, n] of op.failed) codes[code] = (codes[code] ?? 0) + n;
      }
      const errors = Object.values(codes).reduce((sum, n) => sum + n, 0);
      const calls = ok + errors;
      const meanMs = counts.latency.count === 0 ? 0 : (counts.latency.sum * 1000) / counts.latency.count;
      return {
        unit,
        calls,
        errors,
        errorRate: calls === 0 ? 0 : round(errors / calls, 4),
        codes,
        meanMs: round(meanMs, 3),
      };
    })
    .sort((a, b) => a.unit.localeCompare(b.unit));
  const runs = [...stats.codeModeRuns.values()].reduce((sum, n) => sum + n, 0);
  const queue = engineQueueNow();
  const wait = stats.engineWait;
  return {
    units,
    codeMode: {
      runs,
      failed: runs - (stats.codeModeRuns.get("ok") ?? 0),
      ...(queue ? { queue } : {}),
      waited: wait.count,
      meanWaitMs: wait.count === 0 ? 0 : round((wait.sum * 1000) / wait.count, 3),
    },
  };
}

/** The status as terminal lines: a table of units, then Code Mode. */
export function statusLines(status: ObservedStatus): string[] {
  const lines: string[] = [];
  if (status.units.length === 0) lines.push("no unit calls yet");
  else {
    lines.push("unit\tcalls\terrors\terror rate\tmean ms\tcodes");
    for (const unit of status.units) {
      const codes =
        Object.entries(unit.codes)
          .map(([code, n]) => `${code}=${n}`)
          .join(",") || "-";
      lines.push(
        `${unit.unit}\t${unit.calls}\t${unit.errors}\t${(unit.errorRate * 100).toFixed(1)}%\t${unit.meanMs}\t${codes}`,
      );
    }
  }
  const { codeMode } = status;
  const queue = codeMode.queue
    ? `${codeMode.queue.waiting} waiting, ${codeMode.queue.engines} engines (${codeMode.queue.idle} idle)`
    : "no engines started";
  lines.push(
    `code mode: ${codeMode.runs} runs, ${codeMode.failed} failed; queue: ${queue}; mean wait ${codeMode.meanWaitMs} ms`,
  );
  return lines;
}
