/**
 * The result of a GraphQL operation: a JSON Schema (2020-12) of its `data`, shaped exactly by the
 * selection set. Response names (aliases included) are the properties; a field under `@skip` or
 * `@include` may be absent; nullable fields admit null; on an interface or union, fragments split the
 * result into one branch per set of concrete types that select the same fields, told apart by
 * `__typename`.
 * https://spec.graphql.org/October2021/#sec-Executing-Selection-Sets
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { canonicalJson } from "../../shared/canonical.js";
import { orNull, scalarSchema } from "./input-schema.js";

type Schema = Record<string, unknown>;

interface Collected {
  fieldName: string;
  nodes: FieldNode[];
  /** True when some occurrence is not under `@skip` / `@include`. */
  always: boolean;
}

/** The JSON Schema of an operation's `data`. */
export function resultSchema(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): JsonSchema {
  const root = schema.getRootType(operation.operation);
  if (!root) return {};
  return new ResultSchemas(schema, fragments).selection(root, [operation.selectionSet]);
}

class ResultSchemas {
  readonly #schema: GraphQLSchema;
  readonly #fragments: ReadonlyMap<string, FragmentDefinitionNode>;

  constructor(schema: GraphQLSchema, fragments: ReadonlyMap<string, FragmentDefinitionNode>) {
    this.#schema = schema;
    this.#fragments = fragments;
  }

  /** The (non-null) object a composite type's selection yields. */
  selection(parent: GraphQLCompositeType, sets: readonly SelectionSetNode[]): Schema {
    if (isObjectType(parent)) return this.#object(parent, this.#collect(parent, sets));
    if (!this.#narrows(parent, sets)) return this.#object(parent, this.#collect(parent, sets));
    // Concrete types that select the same fields with the same types share one branch.
    const groups = new Map<string, { types: GraphQLObjectType[]; collected: Map<string, Collected> }>();
    for (const type of this.#schema.getPossibleTypes(parent)) {
      const collected = this.#collect(type, sets);
      const key = canonicalJson(this.#object(type, collected, ["?"]));
      const group = groups.get(key);
      if (group) group.types.push(type);
      else groups.set(key, { types: [type], collected });
    }
    const branches = [...groups.values()].map((g) =>
      this.#object(
        g.types[0] as GraphQLObjectType,
        g.collected,
        g.types.map((t) => t.name),
      ),
    );
    return branches.length === 1 ? (branches[0] as Schema) : { anyOf: branches };
  }

  /** True when a fragment below an abstract type names another type, so the shape varies by type. */
  #narrows(parent: GraphQLCompositeType, sets: readonly SelectionSetNode[]): boolean {
    for (const set of sets) {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) continue;
        const fragment =
          selection.kind === Kind.FRAGMENT_SPREAD ? this.#fragments.get(selection.name.value) : selection;
        if (!fragment) continue;
        const condition = fragment.typeCondition?.name.value;
        if (condition !== undefined && condition !== parent.name) return true;
        if (this.#narrows(parent, [fragment.selectionSet])) return true;
      }
    }
    return false;
  }

  /** Fields by response name for a runtime type, following fragments that apply to it. */
  #collect(
    runtime: GraphQLCompositeType,
    sets: readonly SelectionSetNode[],
    conditional = false,
    into = new Map<string, Collected>(),
  ): Map<string, Collected> {
    for (const set of sets) {
      for (const selection of set.selections) {
        const guarded =
          conditional || (selection.directives ?? []).some((d) => CONDITIONAL.has(d.name.value));
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          const entry = into.get(key) ?? { fieldName: selection.name.value, nodes: [], always: false };
          entry.nodes.push(selection);
          entry.always ||= !guarded;
          into.set(key, entry);
          continue;
        }
        const fragment =
          selection.kind === Kind.FRAGMENT_SPREAD ? this.#fragments.get(selection.name.value) : selection;
        if (fragment && this.#applies(fragment.typeCondition?.name.value, runtime)) {
          this.#collect(runtime, [fragment.selectionSet], guarded, into);
        }
      }
    }
    return into;
  }

  #applies(condition: string | undefined, runtime: GraphQLCompositeType): boolean {
    if (condition === undefined || condition === runtime.name) return true;
    const type = this.#schema.getType(condition);
    return isObjectType(runtime) && isAbstractType(type) && this.#schema.isSubType(type, runtime);
  }

  /** An object with one property per response name; `types` share it (their `__typename`s). */
  #object(type: GraphQLCompositeType, collected: Map<string, Collected>, types?: string[]): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    const fields: Record<string, GraphQLField<unknown, unknown>> = "getFields" in type
      ? type.getFields()
      : {};
    for (const [key, entry] of collected) {
      if (entry.always) required.push(key);
      if (entry.fieldName === "__typename") {
        properties[key] = this.#typename(type, types);
        continue;
      }
      const field = fields[entry.fieldName];
      properties[key] = field ? this.#field(field, entry) : {};
    }
    const out: Schema = { type: "object", properties };
    if (required.length > 0) out.required = required;
    out.additionalProperties = false;
    return out;
  }

  #typename(type: GraphQLCompositeType, types: string[] | undefined): Schema {
    const names =
      types ?? (isAbstractType(type) ? this.#schema.getPossibleTypes(type).map((t) => t.name) : [type.name]);
    return names.length === 1 ? { type: "string", const: names[0] } : { type: "string", enum: names };
  }

  #field(field: GraphQLField<unknown, unknown>, entry: Collected): Schema {
    const sets = entry.nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    const schema = this.#output(field.type, sets);
    const out: Schema = field.description?.trim()
      ? { description: field.description.trim(), ...schema }
      : schema;
    if (field.deprecationReason) out.deprecated = true;
    return out;
  }

  #output(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): Schema {
    if (isNonNullType(type)) return this.#nonNull(type.ofType, sets);
    return orNull(this.#nonNull(type, sets));
  }

  #nonNull(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): Schema {
    if (isNonNullType(type)) return this.#nonNull(type.ofType, sets);
    if (isListType(type)) return { type: "array", items: this.#output(type.ofType, sets) };
    if (isEnumType(type)) return { enum: type.getValues().map((v) => v.name) };
    if (isCompositeType(type)) return this.selection(type, sets);
    return scalarSchema(type.name, type.description);
  }
}

const CONDITIONAL = new Set(["skip", "include"]);
