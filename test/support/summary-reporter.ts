/**
 * Prints the plain closing line `N passed, N failed` that CI reads (vitest's own summary differs),
 * after the run's ten slowest files and a line per failed test naming its file, its name and the
 * first line of its error: a CI log often keeps only its tail, and the tail must say what failed.
 */
import { relative } from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";
import { readSlowFiles, slowestLines } from "./slow-files.js";

/** The first line of an error's message, at most 300 characters. */
function firstLine(error: { message?: string } | undefined): string {
  const line = (error?.message ?? "").split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const lines: string[] = [];
    const durations = new Map<string, number>();
    for (const testModule of testModules) {
      const file = relative(process.cwd(), testModule.moduleId);
      durations.set(file, testModule.diagnostic().duration);
      // A file that fails to load has no tests but must still count as a failure.
      if (testModule.state() === "failed" && [...testModule.children.allTests()].length === 0) {
        failed += 1;
        lines.push(`failed: ${file}: ${firstLine(testModule.errors()[0])}`);
      }
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") passed += 1;
        else if (result.state === "failed") {
          failed += 1;
          lines.push(`failed: ${file} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
    }
    for (const error of unhandledErrors) lines.push(`failed: unhandled error: ${firstLine(error)}`);
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    // Where a whole run's time went (not a few files'), in the form test/support/slow-files.txt keeps for the sequencer.
    const slowest = durations.size >= 20 ? slowestLines(durations, readSlowFiles(process.cwd())) : [];
    const heading = slowest.length > 0 ? "\nslowest files (seconds):\n" : "";
    process.stdout.write(
      `${heading}${slowest.map((line) => `${line}\n`).join("")}` +
        `\n${lines.map((line) => `${line}\n`).join("")}${passed} passed, ${failed} failed${tail}\n`,
    );
  }
}
