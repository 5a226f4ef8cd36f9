#!/usr/bin/env node
// Type-checks each compiled bundle under generated/ (or the folders given) with `tsc --strict`, one
// program per bundle: every bundle declares the Code Mode global `units`, so they cannot share one.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The formatted tsc errors of one bundle folder; empty when it type-checks. */
export function typecheckBundle(dir) {
  const options = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    noEmit: true,
    types: ["node"],
    typeRoots: [join(root, "node_modules/@types")],
    paths: { "unitc/runtime": [join(root, "runtime/index.ts")] },
  };
  const program = ts.createProgram(filesUnder(dir), options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${relative(root, d.file.fileName)}:${line + 1}:${character + 1} TS${d.code} ${message}`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2);
  const dirs = given.length
    ? given
    : readdirSync(join(root, "generated"), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(root, "generated", e.name));
  let failed = 0;
  for (const dir of dirs) {
    const errors = typecheckBundle(dir);
    for (const error of errors) console.error(error);
    console.log(`${relative(root, dir) || dir}: ${errors.length === 0 ? "ok" : `${errors.length} errors`}`);
    if (errors.length) failed++;
  }
  process.exitCode = failed ? 1 : 0;
}
