/** Both code catalogues, the compiler's and the runtime's, as one list for `unitc explain` and docs/codes.md. */

import { type CodeEntry, compilerCodes } from "../compiler/codes/diagnostic-codes.js";
import type { Severity } from "../compiler/codes/diagnostics.js";
import { runtimeErrorCodes } from "../runtime/contract/codes/index.js";
import { editDistance } from "../runtime/shared/did-you-mean.js";

/** One code of either catalogue. */
export interface CatalogueCode {
  code: string;
  /** Which part of unitc reports it: compile-time diagnostics or runtime call errors. */
  origin: "compiler" | "runtime";
  severity: Severity;
  summary: string;
  hint: string;
  example?: string;
}

/** Every code, compiler codes first, each catalogue in alphabetical order. */
export function allCodes(): CatalogueCode[] {
  const byCode = (a: CatalogueCode, b: CatalogueCode) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const compiler = Object.entries(compilerCodes).map(([code, entry]: [string, CodeEntry]) => ({
    code,
    origin: "compiler" as const,
    ...entry,
  }));
  const runtime = Object.entries(runtimeErrorCodes).map(([code, entry]) => ({
    code,
    origin: "runtime" as const,
    severity: "error" as const,
    ...entry,
  }));
  return [...compiler.sort(byCode), ...runtime.sort(byCode)];
}

/** The entries named `code` (case-insensitive); a few codes are in both catalogues. */
export function findCode(code: string): CatalogueCode[] {
  const wanted = code.trim().toUpperCase().replace(/-/g, "_");
  return allCodes().filter((entry) => entry.code === wanted);
}

/** Up to `count` codes closest to a misspelt one: those containing it first, then by edit distance. */
export function closestCodes(code: string, count = 3): string[] {
  const wanted = code.trim().toUpperCase().replace(/-/g, "_");
  const names = [...new Set(allCodes().map((entry) => entry.code))];
  const score = (name: string) => (wanted !== "" && name.includes(wanted) ? -1 : editDistance(wanted, name));
  return names
    .map((name) => ({ name, score: score(name) }))
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1))
    .slice(0, count)
    .map((entry) => entry.name);
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** docs/codes.md's tables, generated from the catalogues. */
export function codesMarkdown(): string {
  const codes = allCodes();
  const table = (origin: CatalogueCode["origin"], withSeverity: boolean) => {
    const head = withSeverity
      ? "| code | severity | what | hint |\n|---|---|---|---|"
      : "| code | what | hint |\n|---|---|---|";
    const rows = codes
      .filter((entry) => entry.origin === origin)
      .map((e) =>
        withSeverity
          ? `| \`${e.code}\` | ${e.severity} | ${cell(e.summary)} | ${cell(e.hint)} |`
          : `| \`${e.code}\` | ${cell(e.summary)} | ${cell(e.hint)} |`,
      );
    return [head, ...rows].join("\n");
  };
  return [
    "Compiler diagnostics (`unitc validate`, `unitc compile`):",
    "",
    table("compiler", true),
    "",
    'Runtime errors (`UnitError.code`, and `_meta["unitc/error"]` of a failed tool call):',
    "",
    table("runtime", false),
  ].join("\n");
}
