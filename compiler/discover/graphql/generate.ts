/**
 * Generated operations, for a GraphQL unit that configures none: one per Query and Mutation root field
 * (`query_<field>`, `mutation_<field>`), every argument a variable, selection sets `selectionDepth`
 * levels deep. Nested fields with required arguments and deprecated fields are left out, a type is
 * not entered again below itself, unions (and interfaces with few implementations) get inline
 * fragments with `__typename`, and a field name two fragments use with different types is aliased,
 * so every document validates.
 * https://spec.graphql.org/October2021/#sec-Field-Selection-Merging
 */
import { createHash } from "node:crypto";
import {
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from "graphql";

/** An interface with more implementations than this gets no per-implementation fragments. */
export const MAX_INTERFACE_FRAGMENTS = 8;

/**
 * Largest generated document, in characters. Past it the operation is generated one level shallower
 * (down to 1), so a deep `selectionDepth` over a big schema cannot blow up the bundle.
 */
export const MAX_GENERATED_CHARS = 32_000;

/** Tool names are at most 64 characters (spec Limits). */
const MAX_NAME = 64;

export interface GeneratedOperation {
  /** `query_<field>` or `mutation_<field>`: the tool name and the operation name. */
  name: string;
  operationType: "query" | "mutation";
  /** The operation text; parse and validate it before use. */
  text: string;
  /** The root field's description, or a sentence naming it. */
  description: string;
  /** The selection depth used: `selectionDepth`, or less when the document grew too large. */
  depth: number;
  /** The root field it selects. */
  field: string;
  /** Set when even one level selected too much: what the selection kept of the root field's type. */
  cut?: SelectionCut;
}

/** What a selection cut to fit kept: `kept` of the `total` members (a union) or selections of `type`. */
export interface SelectionCut {
  type: string;
  kind: "members" | "selections";
  kept: number;
  total: number;
}

/** One operation per root field of Query and Mutation, in schema order. */
export function generateOperations(schema: GraphQLSchema, depth: number): GeneratedOperation[] {
  const roots: Array<["query" | "mutation", GraphQLObjectType | null | undefined]> = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ];
  const generator = new SelectionGenerator(schema);
  const out: GeneratedOperation[] = [];
  for (const [operationType, root] of roots) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      out.push(generateWithin(generator, operationType, field, depth, root.name));
    }
  }
  return out;
}

/** A tool name within 64 characters; a longer one keeps its start and gets a short stable hash. */
export function operationName(operationType: string, field: string): string {
  const name = `${operationType}_${field}`;
  if (name.length <= MAX_NAME) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${name.slice(0, MAX_NAME - 9)}_${hash}`;
}

/** The deepest operation, `depth` at most, whose document stays under {@link MAX_GENERATED_CHARS}. */
function generateWithin(
  generator: SelectionGenerator,
  operationType: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  depth: number,
  rootName: string,
): GeneratedOperation {
  // Root fields of one type share their selection: the depth found for the first serves the rest.
  const key = `${rootName}.${getNamedType(field.type).name}`;
  const known = generator.fitting.get(key);
  if (known !== undefined) {
    generator.budget = Number.POSITIVE_INFINITY;
    return generateOne(generator, operationType, field, known, rootName);
  }
  for (let current = depth; current > 1; current--) {
    // Each level's text is counted once per level above it, so a document that fits costs at most
    // `current` times its size; past that, building it further is wasted work.
    generator.budget = MAX_GENERATED_CHARS * current;
    try {
      const generated = generateOne(generator, operationType, field, current, rootName);
      if (generated.text.length <= MAX_GENERATED_CHARS) {
        generator.fitting.set(key, current);
        return generated;
      }
    } catch (error) {
      if (error !== TOO_LARGE && error !== OVER_BUDGET) throw error;
    }
  }
  generator.budget = Number.POSITIVE_INFINITY;
  generator.fitting.set(key, 1);
  return generateOne(generator, operationType, field, 1, rootName);
}

function generateOne(
  generator: SelectionGenerator,
  operationType: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  depth: number,
  rootName: string,
): GeneratedOperation {
  const name = operationName(operationType, field.name);
  // An argument with a default is declared nullable, so leaving it out keeps the server's default.
  const variables = field.args.map((arg) => {
    const type = arg.defaultValue !== undefined && isNonNullType(arg.type) ? arg.type.ofType : arg.type;
    return `$${arg.name}: ${String(type)}`;
  });
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const named = getNamedType(field.type);
  const head = variables.length > 0 ? `${name}(${variables.join(", ")})` : name;
  const call = args.length > 0 ? `${field.name}(${args.join(", ")})` : field.name;
  const text = (selection: string) => `${operationType} ${head} {\n  ${call}${selection}\n}\n`;
  let selection = "";
  let cut: SelectionCut | undefined;
  if (!isLeafType(named)) {
    const path = [rootName, named.name];
    try {
      selection = ` ${generator.selectionSet(named, depth, path)}`;
    } catch (error) {
      // One level is the least a generated operation selects: past that, it keeps what fits.
      if (error !== TOO_LARGE || depth > 1) throw error;
      const fitted = generator.cutSelectionSet(named, path, MAX_GENERATED_CHARS - text(" ").length);
      selection = ` ${fitted.text}`;
      cut = fitted.cut;
    }
  }
  const kind = operationType === "query" ? "Query" : "Mutation";
  const deprecated = field.deprecationReason ? ` Deprecated: ${field.deprecationReason}` : "";
  return {
    name,
    operationType,
    text: text(selection),
    description: `${field.description?.trim() || `${kind} field ${field.name}.`}${deprecated}`,
    depth,
    field: field.name,
    ...(cut ? { cut } : {}),
  };
}

/** Thrown (and remembered) when a selection set alone outgrows {@link MAX_GENERATED_CHARS}. */
const TOO_LARGE = Symbol("selection too large");
/** Thrown when one operation's work outgrows its budget; says nothing about a selection on its own. */
const OVER_BUDGET = Symbol("operation over budget");

/** Builds selection sets; remembers the ones already built, since big schemas repeat them a lot. */
class SelectionGenerator {
  readonly #schema: GraphQLSchema;
  readonly #memo = new Map<string, string | typeof TOO_LARGE>();
  /** The depth that fits, by `<root type>.<field type>`. */
  readonly fitting = new Map<string, number>();
  /** Characters the current operation may still build (see `generateWithin`). */
  budget = Number.POSITIVE_INFINITY;

  constructor(schema: GraphQLSchema) {
    this.#schema = schema;
  }

  /** `{ … }` for a composite type, `remaining` levels deep (1 = leaf fields only). */
  selectionSet(type: GraphQLNamedType, remaining: number, path: readonly string[]): string {
    const key = `${type.name}\u0000${remaining}\u0000${[...path].sort().join(",")}`;
    let found = this.#memo.get(key);
    if (found === undefined) {
      try {
        found = `{ ${this.#selections(type, remaining, path).join(" ")} }`;
      } catch (error) {
        if (error !== TOO_LARGE) throw error;
        found = TOO_LARGE;
      }
      if (found !== TOO_LARGE && found.length > MAX_GENERATED_CHARS) found = TOO_LARGE;
      this.#memo.set(key, found);
    }
    if (found === TOO_LARGE) throw TOO_LARGE;
    this.budget -= found.length;
    if (this.budget < 0) throw OVER_BUDGET;
    return found;
  }

  /**
   * `{ … }` one level deep holding, in schema order, the selections that fit in `limit` characters
   * (`__typename` always): whole fragments of a union's members, fields of other types.
   */
  cutSelectionSet(
    type: GraphQLNamedType,
    path: readonly string[],
    limit: number,
  ): { text: string; cut: SelectionCut } {
    const pieces = this.#selections(type, 1, path).filter((piece) => piece !== "__typename");
    const kept = ["__typename"];
    let length = "{ __typename }".length;
    for (const piece of pieces) {
      if (length + piece.length + 1 > limit) continue;
      kept.push(piece);
      length += piece.length + 1;
    }
    const kind = isUnionType(type) ? "members" : "selections";
    return {
      text: `{ ${kept.join(" ")} }`,
      cut: { type: type.name, kind, kept: kept.length - 1, total: pieces.length },
    };
  }

  #selections(type: GraphQLNamedType, remaining: number, path: readonly string[]): string[] {
    if (isUnionType(type))
      return ["__typename", ...this.#fragments(type.getTypes(), new Set(), remaining, path)];
    if (isInterfaceType(type)) {
      const own = this.#fields(type, remaining, path);
      const implementations = this.#schema.getPossibleTypes(type);
      if (implementations.length > MAX_INTERFACE_FRAGMENTS) return ["__typename", ...own.map((f) => f.text)];
      const shared = new Set(Object.keys(type.getFields()));
      return [
        "__typename",
        ...own.map((f) => f.text),
        ...this.#fragments(implementations, shared, remaining, path),
      ];
    }
    if (!isObjectType(type)) return ["__typename"];
    const fields = this.#fields(type, remaining, path).map((f) => f.text);
    return fields.length > 0 ? fields : ["__typename"];
  }

  /** Selectable fields of a type: no required arguments, not deprecated, nested types not re-entered. */
  #fields(
    type: GraphQLObjectType | GraphQLInterfaceType,
    remaining: number,
    path: readonly string[],
    skip: ReadonlySet<string> = new Set(),
  ): Array<{ name: string; signature: string; text: string }> {
    const out: Array<{ name: string; signature: string; text: string }> = [];
    for (const field of Object.values(type.getFields())) {
      if (skip.has(field.name) || field.deprecationReason) continue;
      if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named)) {
        out.push({ name: field.name, signature: String(field.type), text: field.name });
        continue;
      }
      if (remaining <= 1 || path.includes(named.name)) continue;
      const sub = this.selectionSet(named, remaining - 1, [...path, named.name]);
      out.push({ name: field.name, signature: `${String(field.type)} ${sub}`, text: `${field.name} ${sub}` });
    }
    return out;
  }

  /** `... on T { … }` per object type; a name reused with another type or selection is aliased. */
  #fragments(
    types: readonly GraphQLObjectType[],
    skip: ReadonlySet<string>,
    remaining: number,
    path: readonly string[],
  ): string[] {
    // The interface's own fields answer beside the fragments: an alias must not take their names.
    const signatures = new Map<string, string>([...skip].map((name) => [name, ""]));
    const out: string[] = [];
    for (const member of types) {
      if (path.includes(member.name)) continue;
      const fields = this.#fields(member, remaining, [...path, member.name], skip).map((field) => {
        const known = signatures.get(field.name);
        if (known === undefined) signatures.set(field.name, field.signature);
        if (known === undefined || known === field.signature) return field.text;
        return `${aliasFor(field.name, member.name, signatures)}: ${field.text}`;
      });
      if (fields.length > 0) out.push(`... on ${member.name} { ${fields.join(" ")} }`);
    }
    return out;
  }
}

/** `<field>_<Type>`: unique among the response names already taken at this level. */
function aliasFor(field: string, type: string, taken: Map<string, string>): string {
  let alias = `${field}_${type}`;
  while (taken.has(alias)) alias = `${alias}_`;
  taken.set(alias, "");
  return alias;
}
