/**
 * Names for codegen: typescript-operations names an operation's types `<name>Query` and
 * `<name>QueryVariables` (`Mutation` alike) and a fragment's `<name>Fragment`, beside the schema's own
 * type names. Each operation is renamed so that none of these meet (anonymous ones get a name too);
 * fragments several operations share are written once, and same-named different ones are told apart.
 */
import {
  type DefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  isAbstractType,
  Kind,
  type NameNode,
  type OperationDefinitionNode,
  print,
  visit,
} from "graphql";
import { fragmentMap, type PreparedOperation } from "./prepare.js";

/** Types codegen declares beside the schema's and the operations' own. */
const HELPERS = ["Exact", "Incremental"];

/** Allocates type names; the schema's type names and codegen's helpers are taken from the start. */
export class CodegenNames {
  readonly #schema: GraphQLSchema;
  readonly #taken: Set<string>;
  /** Assigned fragment names, by the text of the fragment and of the fragments it reaches. */
  readonly #fragments = new Map<string, string>();
  /** Operation names: one GraphQL namespace for queries and mutations. */
  readonly #operations = new Set<string>();

  constructor(schema: GraphQLSchema) {
    this.#schema = schema;
    this.#taken = new Set([...Object.keys(schema.getTypeMap()), ...HELPERS]);
  }

  /** `base`, else `base_2`, `base_3`, …: the first for which every `<name><suffix>` is free; claims them. */
  claim(base: string, suffixes: readonly string[], used: ReadonlySet<string> = new Set()): string {
    let name = base;
    const free = (candidate: string) =>
      !used.has(candidate) && suffixes.every((s) => !this.#taken.has(`${candidate}${s}`));
    for (let n = 2; !free(name); n++) name = `${base}_${n}`;
    for (const suffix of suffixes) this.#taken.add(`${name}${suffix}`);
    return name;
  }

  /** An operation's name: unique among operations, its `<name>Query` and `<name>QueryVariables` free. */
  operation(base: string, suffix: string): string {
    const name = this.claim(base, [suffix, `${suffix}Variables`], this.#operations);
    this.#operations.add(name);
    return name;
  }

  /**
   * The name of a fragment with this closure text, and whether it is new (to be written). On an
   * interface or union, codegen also declares `<name>_<Type>_Fragment` per possible type.
   */
  fragment(key: string, fragment: FragmentDefinitionNode): { name: string; fresh: boolean } {
    const known = this.#fragments.get(key);
    if (known !== undefined) return { name: known, fresh: false };
    const type = this.#schema.getType(fragment.typeCondition.name.value);
    const possible = type && isAbstractType(type) ? this.#schema.getPossibleTypes(type) : [];
    const suffixes = ["Fragment", ...possible.map((t) => `_${t.name}_Fragment`)];
    const assigned = this.claim(fragment.name.value, suffixes);
    this.#fragments.set(key, assigned);
    return { name: assigned, fresh: true };
  }
}

/** A GraphQL name from a tool name (`find-pet` → `Find_pet`), capitalised like codegen's type names. */
export function typeBase(name: string): string {
  const safe = name.replace(/[^_0-9A-Za-z]/g, "_").replace(/^(?=[0-9])/, "_");
  return `${safe.charAt(0).toUpperCase()}${safe.slice(1)}`;
}

/**
 * An operation's definitions as codegen gets them: the operation under its allocated name and the
 * fragments not written yet, spreads renamed; with the `$types` expressions of its variables and result.
 */
export function codegenDocument(
  names: CodegenNames,
  prepared: PreparedOperation,
): { definitions: DefinitionNode[]; types: { input: string; output: string } } {
  const operation = prepared.document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  const suffix = operation.operation === "mutation" ? "Mutation" : "Query";
  const base = typeBase(prepared.typeName ?? operation.name?.value ?? prepared.name);
  const name = names.operation(base, suffix);
  const fragments = fragmentMap(prepared.document);
  const renames = new Map<string, string>();
  const fresh = new Set<string>();
  for (const [original, fragment] of fragments) {
    const assigned = names.fragment(closureKey(fragments, original), fragment);
    renames.set(original, assigned.name);
    if (assigned.fresh) fresh.add(original);
  }
  const kept = prepared.document.definitions.filter(
    (d) => d === operation || (d.kind === Kind.FRAGMENT_DEFINITION && fresh.has(d.name.value)),
  );
  const rename = <T extends { name: NameNode }>(node: T): T => {
    const value = renames.get(node.name.value) ?? node.name.value;
    return { ...node, name: { ...node.name, value } };
  };
  const renamed = visit(
    { kind: Kind.DOCUMENT, definitions: kept },
    {
      OperationDefinition: (node) => ({ ...node, name: { kind: Kind.NAME, value: name } }),
      FragmentDefinition: rename,
      FragmentSpread: rename,
    },
  );
  return {
    definitions: [...renamed.definitions],
    types: { input: `$types.${name}${suffix}Variables`, output: `$types.${name}${suffix}` },
  };
}

/** The text of a fragment and of every fragment it reaches, so equal keys mean equal types. */
function closureKey(fragments: ReadonlyMap<string, FragmentDefinitionNode>, name: string): string {
  const reached = new Set<string>([name]);
  const pending = [name];
  while (pending.length > 0) {
    const fragment = fragments.get(pending.pop() as string);
    if (!fragment) continue;
    visit(fragment, {
      FragmentSpread(node) {
        if (reached.has(node.name.value)) return;
        reached.add(node.name.value);
        pending.push(node.name.value);
      },
    });
  }
  return [...reached]
    .sort()
    .map((n) => {
      const fragment = fragments.get(n);
      return fragment ? print(fragment) : n;
    })
    .join("\n");
}
