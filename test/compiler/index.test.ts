/**
 * The compiler's public surface (the `unitc` package's main export): every name it exports, values
 * and types, listed here so that a change to the surface is a visible diff.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import * as api from "../../compiler/index.js";

const VALUES = [
  "BuildMemo",
  "build",
  "compile",
  "compilerCodes",
  "formatDiagnostic",
  "formatDiagnostics",
  "hasErrors",
  "loadProject",
  "userConfigPath",
  "validate",
  "watchProject",
  "writeBundle",
];

const TYPES = [
  "BuildFailure",
  "BuildOptions",
  "BuildOutcome",
  "BuildStatus",
  "CodeEntry",
  "CompileOptions",
  "CompileResult",
  "CompilerCode",
  "Diagnostic",
  "DiagnosticCode",
  "FormatOptions",
  "LoadProjectOptions",
  "PipelineContext",
  "PipelineProgress",
  "ProjectWatcher",
  "ResolvedProject",
  "ResolvedSettings",
  "ResolvedUnit",
  "Severity",
  "WatchBuild",
  "WatchOptions",
  "WriteOptions",
  "WriteResult",
];

/** The names `compiler/index.ts` exports, split into values and types, read from its source. */
async function declaredNames(): Promise<{ values: string[]; types: string[]; text: string }> {
  const text = await readFile(new URL("../../compiler/index.ts", import.meta.url), "utf8");
  const values: string[] = [];
  const types: string[] = [];
  for (const [, typeOnly, list] of text.matchAll(/export (type )?\{([^}]*)\} from/g)) {
    for (const entry of (list ?? "").split(",").map((e) => e.trim())) {
      if (!entry) continue;
      if (typeOnly || entry.startsWith("type ")) types.push(entry.replace(/^type /, ""));
      else values.push(entry);
    }
  }
  return { values: values.sort(), types: types.sort(), text };
}

describe("compiler/index.ts", () => {
  it("exports exactly the listed values", () => {
    expect(Object.keys(api).sort()).toEqual(VALUES);
  });

  it("declares exactly the listed values and types, with named exports only", async () => {
    const { values, types, text } = await declaredNames();
    expect(values).toEqual(VALUES);
    expect(types).toEqual(TYPES);
    expect(text).not.toMatch(/export \*/);
    // Everything is re-exported: the file declares the surface and holds no code of its own.
    expect(text).not.toMatch(/export (?:async )?(?:function|class|const|interface)/);
  });
});
