/**
 * Type-checks a unit's external types the way emit uses them: its `typesModule` written as
 * `spec-types.ts`, and `operations.ts` declaring per operation `<op>_Input` / `<op>_Output` from its
 * `$types` expressions and a `client` whose methods take and return them (input optional exactly when
 * emit makes it so). Test files import `client` from `./operations.js`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { OperationIR, UnitIR } from "../../compiler/discover/shared/types.js";
import { inputIsOptional } from "../../runtime/contract/signature.js";
import { writeProject } from "./project.js";

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  types: [],
};

/** `<op>` as an identifier (`find-pet` → `find_pet`). */
export function memberName(operation: string): string {
  return operation.replace(/[^A-Za-z0-9_$]/g, "_");
}

/** The text of `operations.ts` for a unit whose operations all carry `types`. */
export function operationsModule(unit: UnitIR): string {
  const lines = ['import type * as $types from "./spec-types.js";', ""];
  const methods: string[] = [];
  for (const op of unit.operations) {
    if (!op.types?.input || !op.types.output) throw new Error(`operation ${op.name} has no types`);
    const name = memberName(op.name);
    lines.push(`export type ${name}_Input = ${op.types.input};`);
    lines.push(`export type ${name}_Output = ${op.types.output};`);
    const optional = inputIsOptional(op.inputSchema) ? "?" : "";
    methods.push(`  ${name}(input${optional}: ${name}_Input): Promise<${name}_Output>;`);
  }
  return `${lines.join("\n")}\n\nexport declare const client: {\n${methods.join("\n")}\n};\n`;
}

/** Writes `spec-types.ts`, `operations.ts` and `files` to a temp ESM folder; returns the folder. */
export async function writeTypedOperations(
  unit: UnitIR,
  files: Record<string, string> = {},
): Promise<string> {
  if (!unit.typesModule) throw new Error(`unit ${unit.unit.id} has no types module`);
  return writeProject({
    "package.json": '{ "type": "module" }\n',
    "spec-types.ts": unit.typesModule.text,
    "operations.ts": operationsModule(unit),
    ...files,
  });
}

/** A program over the given files of a folder. */
export function programOf(dir: string, files: readonly string[]): ts.Program {
  return ts.createProgram(
    files.map((f) => join(dir, f)),
    OPTIONS,
  );
}

/** `file:line TS<code>` of every error of a program, paths relative to its folder. */
export function errorsOf(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const file = d.file
      ? `${d.file.fileName.split("/").pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${file} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

/** The variables an operation's input schema requires, sorted. */
export function schemaRequired(operation: OperationIR): string[] {
  const schema = operation.inputSchema;
  const required = typeof schema === "object" ? (schema as { required?: string[] }).required : undefined;
  return [...(required ?? [])].sort();
}

/** Per operation of `operations.ts`, the properties of its input type that may not be left out. */
export function requiredInputs(program: ts.Program, dir: string): Map<string, string[]> {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(join(dir, "operations.ts"));
  if (!source) throw new Error("operations.ts is not in the program");
  const out = new Map<string, string[]>();
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !statement.name.text.endsWith("_Input")) continue;
    const type = checker.getTypeAtLocation(statement.name);
    const required = type
      .getProperties()
      .filter((p) => (p.flags & ts.SymbolFlags.Optional) === 0)
      .map((p) => p.name)
      .sort();
    out.set(statement.name.text.slice(0, -"_Input".length), required);
  }
  return out;
}

/**
 * Writes `text` without its `@ts-expect-error` directives as `<name>.bare.ts` beside `file` (lines
 * kept in place); returns its name and the 1-based lines that directives stood in front of.
 */
export function withoutExpectations(
  dir: string,
  file: string,
  text: string,
): { bare: string; lines: number[] } {
  const bare = file.replace(/\.ts$/, ".bare.ts");
  const lines: number[] = [];
  const kept = text.split("\n").map((line, index) => {
    if (!/^\s*\/\/ @ts-expect-error/.test(line)) return line;
    lines.push(index + 2);
    return "//";
  });
  writeFileSync(join(dir, bare), kept.join("\n"));
  return { bare, lines };
}
