/**
 * Prints the plain closing line `N passed, N failed` that CI reads (vitest's own summary differs),
 * after a line per failed test naming its file, its name and the first line of its error: a CI log
 * often keeps only its tail, and the tail must say what failed.
 */
import { relative } from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

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
    for (const testModule of testModules) {
      const file = relative(process.cwd(), testModule.moduleId);
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
    process.stdout.write(
      `\n${lines.map((line) => `${line}\n`).join("")}${passed} passed, ${failed} failed${tail}\n`,
    );
  }
}
