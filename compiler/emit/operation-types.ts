/** The input and output type declarations of a unit's operations, shared by clients and Code Mode. */
import { docComment, identifierWithSuffix } from "./literal.js";
import { allocateNames } from "./names.js";
import type { OperationPlan, UnitPlan } from "./plan.js";
import { eagerRefs, localDefinitions, normalizeRef, print, type TypeContext } from "./schema-to-ts.js";

/** Keywords that can make an input required even without `required` at the top. */
const COMPOSED = ["$ref", "anyOf", "oneOf", "allOf", "not", "if", "const", "enum"];

/** True when the input may be left out: an object schema that plainly requires nothing. */
export function inputIsOptional(schema: unknown): boolean {
  if (schema === true || schema === undefined) return true;
  if (typeof schema !== "object" || schema === null) return false;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.required) && s.required.length > 0) return false;
  if (COMPOSED.some((key) => key in s)) return false;
  return s.type === "object" || s.type === undefined;
}

/** The type of an operation's result when it declares no output schema. */
function fallbackOutput(operation: OperationPlan): string {
  const invoke = operation.ir.invoke as { kind: string; output?: string };
  return invoke.kind === "cli" && invoke.output === "text" ? "string" : "unknown";
}

function descriptionOf(schema: unknown): string | undefined {
  const description =
    typeof schema === "object" && schema !== null
      ? (schema as { description?: unknown }).description
      : undefined;
  return typeof description === "string" ? description : undefined;
}

/** For each alias, the aliases it reaches through eager references (see {@link TypeContext}). */
function eagerGraph(aliases: ReadonlyMap<string, unknown>, nameOf: (ref: string) => string | undefined) {
  const edges = new Map<string, string[]>();
  for (const [alias, schema] of aliases) {
    const targets = eagerRefs(schema).map(nameOf);
    edges.set(
      alias,
      targets.filter((t): t is string => t !== undefined),
    );
  }
  return (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === to) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return false;
  };
}

/** One `type` declaration per schema and per local `$defs` entry; `prefix` is `export ` or ``. */
function declare(name: string, schema: unknown, doc: string, prefix: string, indent: string): string {
  const defs = localDefinitions(schema);
  const names = allocateNames(
    defs.map((d) => d.ref),
    (ref) => identifierWithSuffix(name, defs.find((d) => d.ref === ref)?.name ?? ref),
  );
  const refs = new Map<string, string>([
    ["#", name],
    ...defs.map((d): [string, string] => [d.ref, names.get(d.ref) as string]),
  ]);
  const nameOf = (ref: string) => refs.get(normalizeRef(ref));
  const aliases = new Map<string, unknown>([
    [name, schema],
    ...defs.map((d): [string, unknown] => [refs.get(d.ref) as string, d.schema]),
  ]);
  const reaches = eagerGraph(aliases, nameOf);
  // A reference that would make an alias circular (`type A = A | string`) is written `unknown`.
  const contextFor = (alias: string): TypeContext => ({
    refName: (ref, eager) => {
      const target = nameOf(ref);
      return target !== undefined && eager && reaches(target, alias) ? undefined : target;
    },
  });
  const own = descriptionOf(schema);
  let out = `${docComment(own ? `${doc}\n\n${own}` : doc, indent)}${indent}${prefix}type ${name} = ${print(schema, contextFor(name), indent)};\n`;
  for (const def of defs) {
    const alias = refs.get(def.ref) as string;
    out += `${docComment(descriptionOf(def.schema), indent)}${indent}${prefix}type ${alias} = ${print(def.schema, contextFor(alias), indent)};\n`;
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
