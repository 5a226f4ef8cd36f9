/** The input and output type declarations of a unit's operations, shared by clients and Code Mode. */
import { docComment, sanitizeIdentifier } from "./literal.js";
import { allocateNames } from "./names.js";
import type { OperationPlan, UnitPlan } from "./plan.js";
import { localDefinitions, print, type TypeContext } from "./schema-to-ts.js";

/** True when the input may be left out: an object schema that requires nothing. */
export function inputIsOptional(schema: unknown): boolean {
  if (schema === true || schema === undefined) return true;
  if (typeof schema !== "object" || schema === null) return false;
  const s = schema as Record<string, unknown>;
  return (
    !(Array.isArray(s.required) && s.required.length > 0) && (s.type === "object" || s.type === undefined)
  );
}

/** The type of an operation's result when it declares no output schema. */
function fallbackOutput(operation: OperationPlan): string {
  const invoke = operation.ir.invoke as { kind: string; output?: string };
  return invoke.kind === "cli" && invoke.output === "text" ? "string" : "unknown";
}

/** One `type` declaration per schema and per local `$defs` entry; `prefix` is `export ` or ``. */
function declare(name: string, schema: unknown, doc: string, prefix: string, indent: string): string {
  const defs = localDefinitions(schema);
  const names = allocateNames(
    defs.map((d) => d.ref),
    (ref) => `${name}_${sanitizeIdentifier(ref.slice(ref.lastIndexOf("/") + 1))}`,
  );
  const refs = new Map(defs.map((d) => [d.ref, names.get(d.ref) as string]));
  const context: TypeContext = { refName: (ref) => (ref === "#" ? name : refs.get(ref)) };
  let out = `${docComment(doc, indent)}${indent}${prefix}type ${name} = ${print(schema, context, indent)};\n`;
  for (const def of defs) {
    out += `${indent}${prefix}type ${refs.get(def.ref)} = ${print(def.schema, context, indent)};\n`;
  }
  return out;
}

/** Declarations of `<Base>Input` and `<Base>Output` for every operation of a unit. */
export function operationTypes(unit: UnitPlan, prefix: string, indent = ""): string {
  return unit.operations
    .map((op) => {
      const input = declare(
        `${op.typeBase}Input`,
        op.ir.inputSchema,
        `Input of ${op.tsName}.`,
        prefix,
        indent,
      );
      const output =
        op.ir.outputSchema === undefined
          ? `${indent}/** Result of ${op.tsName}. */\n${indent}${prefix}type ${op.typeBase}Output = ${fallbackOutput(op)};\n`
          : declare(`${op.typeBase}Output`, op.ir.outputSchema, `Result of ${op.tsName}.`, prefix, indent);
      return `${input}${output}`;
    })
    .join("\n");
}

/** `  listNotes(input?: ListNotesInput): Promise<ListNotesOutput>;` with its doc comment. */
export function methodSignature(op: OperationPlan, indent: string, qualify = ""): string {
  const optional = inputIsOptional(op.ir.inputSchema) ? "?" : "";
  const doc = docComment(op.ir.description, indent);
  return `${doc}${indent}${op.tsName}(input${optional}: ${qualify}${op.typeBase}Input): Promise<${qualify}${op.typeBase}Output>;\n`;
}
