/**
 * The input and output type declarations of a unit's operations, shared by clients and Code Mode:
 * the type an external generator wrote (`$types.…`, see `spec-types.ts`) when the operation has one,
 * else the type printed from its JSON Schema.
 */
import { fallbackOutput, inputIsOptional } from "../../runtime/contract/signature.js";
import { methodDocComment } from "../../runtime/shared/doc-comment.js";
import { docComment, identifierWithSuffix } from "./literal.js";
import { allocateNames } from "./names.js";
import { operationRefs, withOperationRefs } from "./operation-refs.js";
import type { OperationPlan, UnitPlan } from "./plan.js";
import { eagerRefs, localDefinitions, normalizeRef, print, type TypeContext } from "./schema-to-ts.js";

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
  let out = `${docComment(typeDoc(doc, schema), indent)}${indent}${prefix}type ${name} = ${print(schema, contextFor(name), indent)};\n`;
  for (const def of defs) {
    const alias = refs.get(def.ref) as string;
    out += `${docComment(descriptionOf(def.schema), indent)}${indent}${prefix}type ${alias} = ${print(def.schema, contextFor(alias), indent)};\n`;
  }
  return out;
}

/**
 * `type <name> = <expression>;` for a generator's type expression. Expressions are written for column
 * 0 (spec strings in them are literals, which hold no line breaks), so continuation lines take the
 * declaration's indent.
 */
function declareExpression(name: string, expression: string, doc: string, prefix: string, indent: string) {
  const type = expression.replace(/\n/g, `\n${indent}`);
  return `${docComment(doc, indent)}${indent}${prefix}type ${name} = ${type};\n`;
}

/** The doc comment of an operation's type: what it is, and the schema's own description. */
function typeDoc(what: string, schema: unknown): string {
  const own = descriptionOf(schema);
  return own ? `${what}\n\n${own}` : what;
}

/** How one unit's declarations are written: `prefix` is `export ` or ``; `refs` see operation-refs.ts. */
interface Writing {
  prefix: string;
  indent: string;
  refs: ReadonlyMap<string, string>;
}

/** `<Base>Input`: the generator's type when the operation has one, else printed from its schema. */
function inputType(op: OperationPlan, { prefix, indent, refs }: Writing): string {
  const name = `${op.typeBase}Input`;
  const doc = `Input of ${op.tsName}.`;
  const { inputSchema, types } = op.ir;
  if (types?.input === undefined) return declare(name, inputSchema, doc, prefix, indent);
  const type = withOperationRefs(types.input, refs);
  return declareExpression(name, type, typeDoc(doc, inputSchema), prefix, indent);
}

/** `<Base>Output`: the generator's type, else printed from the schema, else the fallback. */
function outputType(op: OperationPlan, { prefix, indent, refs }: Writing): string {
  const name = `${op.typeBase}Output`;
  const doc = `Result of ${op.tsName}.`;
  const { outputSchema, types } = op.ir;
  if (types?.output !== undefined) {
    const type = withOperationRefs(types.output, refs);
    return declareExpression(name, type, typeDoc(doc, outputSchema), prefix, indent);
  }
  if (outputSchema === undefined)
    return declareExpression(name, fallbackOutput(op.ir.invoke), doc, prefix, indent);
  return declare(name, outputSchema, doc, prefix, indent);
}

/** Declarations of `<Base>Input` and `<Base>Output` for every operation of a unit. */
export function operationTypes(unit: UnitPlan, prefix: string, indent = ""): string {
  const module = usesSpecTypes(unit) ? unit.ir.typesModule : undefined;
  const writing = { prefix, indent, refs: operationRefs(module?.text ?? "") };
  return unit.operations.map((op) => `${inputType(op, writing)}${outputType(op, writing)}`).join("\n");
}

/** True when some operation of the unit has a type from the unit's generator. */
export function usesSpecTypes(unit: UnitPlan): boolean {
  return (
    unit.ir.typesModule !== undefined &&
    unit.operations.some((op) => op.ir.types?.input !== undefined || op.ir.types?.output !== undefined)
  );
}

/**
 * `  listNotes(input?: ListNotesInput): Promise<ListNotesOutput>;` with its doc comment: the
 * description's opening paragraph, since the whole text is the manifest's (`units.describe` shows it).
 */
export function methodSignature(op: OperationPlan, indent: string): string {
  const optional = inputIsOptional(op.ir.inputSchema) ? "?" : "";
  const doc = methodDocComment(op.ir.description, op.ir.deprecated === true, indent, true);
  return `${doc}${indent}${op.tsName}(input${optional}: ${op.typeBase}Input): Promise<${op.typeBase}Output>;\n`;
}
