/**
 * CPU time, for tests that bound how much work a step does (linear, not quadratic): unlike wall
 * time it does not grow when other processes share the machine. Figures against a target belong in
 * bench/; these bounds only separate "about linear" from "backtracks for seconds".
 */

/** This thread's CPU time where Node reports it (22.19 and 23.9 on), else the whole process's. */
function usage(): NodeJS.CpuUsage {
  return typeof process.threadCpuUsage === "function" ? process.threadCpuUsage() : process.cpuUsage();
}

/** Milliseconds of CPU the calling thread spent in `run`. */
export function cpuMsOf(run: () => unknown): number {
  const before = usage();
  run();
  const spent = usage();
  return (spent.user - before.user + spent.system - before.system) / 1000;
}

/** The least CPU milliseconds of `times` runs of `run`: a slower run met garbage collection. */
export function leastCpuMsOf(run: () => unknown, times = 5): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) least = Math.min(least, cpuMsOf(run));
  return least;
}

/**
 * The least CPU milliseconds of each of `runs`, measured in turns (one of each per round) so a burst
 * of load on a shared machine touches them alike; while `over` holds of the figures so far, up to
 * `extra` more rounds of five are taken. A function that really is slow stays over in every round:
 * only a figure a busy moment inflated comes down.
 */
export function leastCpuMsInTurns(
  runs: ReadonlyArray<() => unknown>,
  over: (least: readonly number[]) => boolean,
  extra = 2,
): number[] {
  const least = runs.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 5 * (1 + extra); round++) {
    if (round > 0 && round % 5 === 0 && !over(least)) break;
    runs.forEach((run, i) => {
      least[i] = Math.min(least[i] as number, cpuMsOf(run));
    });
  }
  return least;
}

/**
 * Milliseconds of CPU the calling thread spent while `run` settled: for async work done on this
 * thread (parsing, validating), which the test's other threads and garbage collection helpers do not
 * inflate the way they inflate the whole process's figure.
 */
export async function threadCpuMsOf<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const before = usage();
  const value = await run();
  const spent = usage();
  return { value, ms: (spent.user - before.user + spent.system - before.system) / 1000 };
}

/** Milliseconds of CPU the whole process (worker threads too) spent while `run` settled. */
export async function processCpuMsOf<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const before = process.cpuUsage();
  const value = await run();
  const spent = process.cpuUsage(before);
  return { value, ms: (spent.user + spent.system) / 1000 };
}
