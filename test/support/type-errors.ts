/**
 * Type-checks one repository file with the repository's own compiler options, for tests whose
 * `@ts-expect-error` lines are the assertion: a directive with no error under it is itself an error
 * (TS2578), so a type loosened until a line compiles fails the test, not only `tsc --noEmit`.
 */
import { dirname, join } from "node:path";
import ts from "typescript";

const REPO = join(import.meta.dirname, "../..");

function repoOptions(): ts.CompilerOptions {
  const file = join(REPO, "tsconfig.json");
  const read = ts.readConfigFile(file, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file));
  return { ...parsed.options, noEmit: true };
}

/** `line TS<code> message` of each error tsc reports in `file`, lines 1-based. */
export function typeErrorsIn(file: string): string[] {
  const program = ts.createProgram([file], repoOptions());
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
    const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
    return `${line} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}
