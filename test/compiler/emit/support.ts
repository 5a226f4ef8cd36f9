/** Helpers of the emit tests: compile a project on disk, write the bundle, read it back as TS syntax. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { formatDiagnostics, hasErrors } from "../../../compiler/codes/diagnostics.js";
import { type CompileResult, compile } from "../../../compiler/index.js";

/** Compiles `projectDir` without a user config; `outDir` defaults to `<projectDir>/generated`. */
export async function compileProject(projectDir: string, outDir = join(projectDir, "generated")) {
  const result = await compile({ projectDir, userConfigFile: false, outDir });
  const text = formatDiagnostics(result.diagnostics, (file) => relative(projectDir, file));
  return { ...result, outDir, text, failed: hasErrors(result.diagnostics) };
}

/** Writes a compiled bundle to its `outDir`, plus a package.json that makes the folder ESM. */
export function writeBundle(outDir: string, files: CompileResult["files"]): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), text);
  }
  writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
}

/** Every file below `dir` (relative, `/`-separated) with its text. */
export function readTree(dir: string): Map<string, string> {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile());
  return new Map(
    entries
      .map((e): [string, string] => [
        relative(dir, join(e.parentPath, e.name)).split("\\").join("/"),
        readFileSync(join(e.parentPath, e.name), "utf8"),
      ])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** What a generated TS file says, read back through the TypeScript parser. */
export interface Syntax {
  /** Syntax errors (a string or comment that broke out would show up here). */
  errors: string[];
  /** Names of declared properties and methods, unescaped. */
  propertyNames: string[];
  /** Values of string literal types and string literal expressions, unescaped. */
  strings: string[];
  /** Names of type aliases, interfaces and namespaces. */
  declarations: string[];
}

/** Parses one generated file (no type checking; see `typecheckBundle` for that). */
export function readSyntax(fileName: string, text: string): Syntax {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const program = ts.createProgram({
    rootNames: [fileName],
    options: { noResolve: true, noLib: true, types: [] },
    host: {
      ...ts.createCompilerHost({}),
      getSourceFile: (name) => (name === fileName ? source : undefined),
      fileExists: (name) => name === fileName,
    },
  });
  const errors = program
    .getSyntacticDiagnostics(source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  const syntax: Syntax = { errors, propertyNames: [], strings: [], declarations: [] };
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertySignature(node) || ts.isMethodSignature(node)) && !ts.isComputedPropertyName(node.name))
      syntax.propertyNames.push(node.name.text);
    if (ts.isStringLiteral(node)) syntax.strings.push(node.text);
    if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isModuleDeclaration(node))
      syntax.declarations.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return syntax;
}
