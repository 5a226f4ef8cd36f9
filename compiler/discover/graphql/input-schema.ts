/**
 * The input of a GraphQL operation: a JSON Schema (2020-12) of its variables. Non-null variables
 * without a default are required, nullable ones accept null, input object types are `$defs` entries
 * (so recursive ones stay finite), `@oneOf` input objects become `oneOf`, enums list their values,
 * and a custom scalar accepts any JSON value.
 * https://spec.graphql.org/October2021/#sec-Input-Objects
 */
import {
  type DocumentNode,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  typeFromAST,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
} from "graphql";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";

type Schema = Record<string, unknown>;

const BUILT_IN: Record<string, Schema> = {
  ID: { type: "string" },
  String: { type: "string" },
  Int: { type: "integer" },
  Float: { type: "number" },
  Boolean: { type: "boolean" },
};

/** A scalar's JSON Schema: built-ins by type, a custom scalar as any value with a description. */
export function scalarSchema(name: string, description: string | null | undefined): Schema {
  const builtIn = BUILT_IN[name];
  if (builtIn) return { ...builtIn };
  const about = description?.trim() ? `: ${description.trim()}` : "";
  return { description: `GraphQL scalar ${name}${about}` };
}

/** `schema`, also admitting null (a nullable GraphQL type). */
export function orNull(schema: Schema): Schema {
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  if (schema.$ref !== undefined || schema.oneOf !== undefined) return { anyOf: [schema, { type: "null" }] };
  // No `type` (a custom scalar): it admits null already.
  return schema;
}

/** Adds a description in front of one the schema may carry (a custom scalar's). */
function described(schema: Schema, description: string | null | undefined): Schema {
  const text = description?.trim();
  if (!text) return schema;
  const own = typeof schema.description === "string" ? `\n\n${schema.description}` : "";
  return { ...schema, description: `${text}${own}` };
}

/** Builds input schemas, collecting input object types in `defs`. */
class InputSchemas {
  readonly defs: Record<string, Schema> = {};

  type(type: GraphQLInputType): Schema {
    if (isNonNullType(type)) return this.#nonNull(type.ofType);
    return orNull(this.#nonNull(type));
  }

  #nonNull(type: GraphQLInputType): Schema {
    if (isNonNullType(type)) return this.#nonNull(type.ofType);
    if (isListType(type)) return { type: "array", items: this.type(type.ofType) };
    if (isEnumType(type)) return { enum: type.getValues().map((v) => v.name) };
    if (isInputObjectType(type)) return this.#object(type);
    return scalarSchema(type.name, type.description);
  }

  #object(type: GraphQLInputObjectType): Schema {
    const ref = { $ref: `#/$defs/${type.name}` };
    if (this.defs[type.name]) return ref;
    // Set before the fields are visited, so a type that contains itself refers to this entry.
    this.defs[type.name] = {};
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const field of Object.values(type.getFields())) {
      let schema = described(this.type(field.type), field.description);
      if (field.defaultValue !== undefined) schema = { ...schema, default: field.defaultValue };
      if (field.deprecationReason) schema = { ...schema, deprecated: true };
      properties[field.name] = schema;
      if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
    }
    const definition: Schema = { type: "object" };
    if (type.description?.trim()) definition.description = type.description.trim();
    if ((type as { isOneOf?: boolean }).isOneOf) {
      // Exactly one field, not null: https://github.com/graphql/graphql-spec/pull/825
      definition.oneOf = Object.entries(properties).map(([name, schema]) => ({
        type: "object",
        properties: { [name]: nonNullOf(schema) },
        required: [name],
        additionalProperties: false,
      }));
    } else {
      definition.properties = properties;
      if (required.length > 0) definition.required = required;
      definition.additionalProperties = false;
    }
    this.defs[type.name] = definition;
    return ref;
  }
}

/** A field schema of a `@oneOf` member without its null alternative. */
function nonNullOf(schema: Schema): Schema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== "null");
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(schema.enum)) return { ...schema, enum: schema.enum.filter((v) => v !== null) };
  if (Array.isArray(schema.anyOf)) {
    const kept = schema.anyOf.filter((s) => (s as Schema).type !== "null");
    return kept.length === 1 ? { ...(kept[0] as Schema) } : { ...schema, anyOf: kept };
  }
  return schema;
}

/** The JSON Schema of an operation's variables. */
export function variablesSchema(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  descriptions: ReadonlyMap<string, string> = new Map(),
): JsonSchema {
  const builder = new InputSchemas();
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    let property = type ? builder.type(type) : {};
    property = described(property, descriptions.get(name));
    if (definition.defaultValue)
      property = { ...property, default: valueFromASTUntyped(definition.defaultValue) };
    properties[name] = property;
    if (definition.type.kind === Kind.NON_NULL_TYPE && !definition.defaultValue) required.push(name);
  }
  const out: Schema = { type: "object", properties };
  if (required.length > 0) out.required = required;
  out.additionalProperties = false;
  if (Object.keys(builder.defs).length > 0) out.$defs = builder.defs;
  return out;
}

/** For each variable, the description of the first field argument it is passed to (not directives'). */
export function variableDescriptions(schema: GraphQLSchema, document: DocumentNode): Map<string, string> {
  const found = new Map<string, string>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const description = typeInfo.getArgument()?.description?.trim();
        if (node.value.kind !== Kind.VARIABLE || !description || typeInfo.getDirective()) return;
        if (!found.has(node.value.name.value)) found.set(node.value.name.value, description);
      },
    }),
  );
  return found;
}
