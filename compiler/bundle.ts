/**
 * `--bundle`: the generated modules as one ESM file (rollup + esbuild) plus `.d.ts` declarations,
 * for consumers without a TypeScript toolchain. Everything happens in memory; `unitc/runtime` stays
 * an import, so the bundle needs the `unitc` package and nothing else.
 */

import { join, posix } from "node:path";
import type { Plugin, RollupLog } from "@rollup/wasm-node";
import ts from "typescript";
import { checkManifest } from "../runtime/contract/manifest.js";
import { importOptional, OptionalPackageError } from "../runtime/shared/optional-package.js";
import { createDiagnostic, type Diagnostic } from "./codes/diagnostics.js";
import { manifestText } from "./emit/manifest-compact.js";

const ROOT = "/__unitc_bundle__/";
const REPORT = "please report it with the unit that causes it";
/** Emitted modules import only `unitc/runtime` and each other, and type every export. */
const BUG_HINT = `this is a bug in unitc: ${REPORT}`;

function memoryFiles(files: ReadonlyMap<string, string>): Plugin {
  return {
    name: "unitc-memory-files",
    resolveId(source, importer) {
      if (source === "unitc/runtime") return { id: source, external: true };
      const base = importer ? new URL(source, `file://${importer}`).pathname : source;
      const id = base.replace(/\.js$/, ".ts"); // `.ts` names, as emitted, stay as they are
      return files.has(id.slice(ROOT.length)) ? id : null;
    },
    load(id) {
      if (!id.startsWith(ROOT)) return null;
      // The index imports package.json only for tsc to copy it; one JS file needs no such copy.
      if (id.endsWith(".json")) return "";
      return files.get(id.slice(ROOT.length)) ?? null;
    },
  };
}

/** Where a generated file is written: under `outDir` when known, else its path in the bundle's files. */
function outputFile(path: string, outDir: string | undefined): string {
  return outDir === undefined ? path : join(outDir, path);
}

/** A generated module's path in rollup's words (its id, or that id relative to the working folder). */
const BUNDLE_ID = /(?:\.\.\/)*\/?__unitc_bundle__\//g;

function declarations(
  files: ReadonlyMap<string, string>,
  diagnostics: Diagnostic[],
  outDir: string | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    if (!path.endsWith(".ts") || path.endsWith(".d.ts")) continue;
    const result = ts.transpileDeclaration(text, {
      fileName: path,
      reportDiagnostics: true,
      // The modules import each other by their `.ts` names.
      compilerOptions: {
        module: ts.ModuleKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        rewriteRelativeImportExtensions: true,
      },
    });
    for (const d of result.diagnostics ?? []) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const location = {
        file: outputFile(path, outDir),
        ...(at ? { line: at.line + 1, column: at.character + 1 } : {}),
      };
      diagnostics.push(createDiagnostic("error", "BUNDLE_DECLARATION", message, location, BUG_HINT));
    }
    // transpileDeclaration keeps the `.ts` names; the declarations sit beside no `.ts` file. The
    // index's import of package.json is there for tsc to copy it, which bundle/ needs not.
    const declared = result.outputText
      .replace(/(from "\.\.?\/[^"]*)\.ts"/g, '$1.js"')
      .replace(/^import "\.\/package\.json";\n/m, "");
    out.set(`bundle/${path.replace(/\.ts$/, ".d.ts")}`, declared);
  }
  return out;
}

/**
 * The manifest as seen from `bundle/`: the relative working directories of CLI actions and of stdio
 * MCP servers gain a `../`.
 */
function manifestOneLevelDown(text: string): string {
  const manifest = checkManifest(JSON.parse(text));
  const down = (holder: { cwd?: unknown }) => {
    if (typeof holder.cwd === "string" && !posix.isAbsolute(holder.cwd))
      holder.cwd = posix.join("..", holder.cwd);
  };
  for (const unit of manifest.units) {
    const connection = unit.connection as { kind: string; cwd?: unknown };
    if (connection.kind === "mcp") down(connection);
    for (const operation of unit.operations) {
      const invoke = operation.invoke as { kind: string; cwd?: unknown };
      if (invoke.kind === "cli") down(invoke);
    }
  }
  return manifestText(manifest);
}

/**
 * Adds `bundle/index.js`, its declarations and the manifest to `files`. `outDir`, where the files
 * are written, places diagnostics on the generated files.
 */
export async function bundleFiles(
  files: ReadonlyMap<string, string>,
  options: { outDir?: string } = {},
): Promise<{ files: Map<string, string>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const out = new Map(files);
  const onwarn = (warning: RollupLog) => {
    const id = warning.loc?.file ?? warning.id;
    const file = id?.startsWith(ROOT) ? outputFile(id.slice(ROOT.length), options.outDir) : undefined;
    const { loc } = warning;
    const location = { file, ...(loc ? { line: loc.line, column: loc.column + 1 } : {}) };
    const message = warning.message.replace(BUNDLE_ID, "");
    const hint = `the bundle was still built; a warning about generated code is a bug in unitc: ${REPORT}`;
    diagnostics.push(createDiagnostic("warning", "BUNDLE_WARNING", message, location, hint));
  };
  let rollup: typeof import("@rollup/wasm-node").rollup;
  let esbuild: typeof import("rollup-plugin-esbuild").default;
  try {
    // Optional packages: only --bundle needs them, so a plain install leaves them out.
    ({ rollup } = await importOptional("@rollup/wasm-node", () => import("@rollup/wasm-node")));
    // The plugin loads esbuild itself; asked first, a missing esbuild is named as such.
    await importOptional("esbuild", () => import("esbuild"));
    ({ default: esbuild } = await importOptional(
      "rollup-plugin-esbuild",
      () => import("rollup-plugin-esbuild"),
    ));
  } catch (error) {
    if (!(error instanceof OptionalPackageError)) throw error;
    diagnostics.push(createDiagnostic("error", "BUNDLE_FAILED", error.message, {}, error.hint));
    return { files: out, diagnostics };
  }
  try {
    const build = await rollup({
      input: `${ROOT}index.ts`,
      plugins: [memoryFiles(files), esbuild({ target: "es2022", tsconfig: false, sourceMap: false })],
      onwarn,
    });
    const { output } = await build.generate({ format: "es" });
    await build.close();
    const chunk = output[0];
    out.set("bundle/index.js", chunk.code);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    diagnostics.push(createDiagnostic("error", "BUNDLE_FAILED", `bundling failed: ${reason}`));
    return { files: out, diagnostics };
  }
  for (const [path, text] of declarations(files, diagnostics, options.outDir)) out.set(path, text);
  const manifest = files.get("manifest.json");
  if (manifest !== undefined) out.set("bundle/manifest.json", manifestOneLevelDown(manifest));
  // No Code Mode declarations here: they stay in `.code-mode/` above, out of an application's program.
  return { files: new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), diagnostics };
}
