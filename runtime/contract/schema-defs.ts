/**
 * Shared schema definitions of a manifest unit. Operations of one API reach the same named schemas
 * again and again (GitHub's `repository` in hundreds of operations), so the manifest stores each
 * definition once per unit (`unit.schemas`) and an operation's schema keeps only the `#/$defs/<name>`
 * refs. Reading a manifest puts back into each schema the `$defs` it reaches — the same objects, not
 * copies — so every consumer (ajv, MCP `tools/list`, describe, tokens) sees a self-contained schema.
 * A schema repeated word for word across operations (a path parameter, a paging query) is stored
 * there once too, under a repeat name (`@<n>`, see `compiler/emit/manifest-repeats.ts`); reading puts
 * it back inline where each ref to it stood, so readers get the schemas the compiler had.
 */
import type { JsonSchema } from "./manifest.js";

/** A unit's shared definitions, by `$defs` name. */
export type SharedSchemas = Record<string, JsonSchema>;

/** Keywords whose values are data, not schemas: a `$ref` key inside them is not a reference. */
export const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

/**
 * Keywords whose values map names the spec's author chose to schemas. A key there is a name, never
 * a keyword: a property called `default` holds a schema like any other.
 */
export const SCHEMA_NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

/**
 * Keywords whose value is one subschema (besides `items` and `additionalItems`, whose value is one
 * subschema or, in draft-04's tuple form, a list).
 */
export const SCHEMA_ONE = [
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentSchema",
];

/** Keywords whose value is a list of subschemas (besides draft-04's tuple `items`). */
export const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

/** Names of the `#/$defs/<name>` refs inside a schema (not looking inside data keywords). */
export function* defRefs(value: unknown, names = false): Generator<string> {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* defRefs(item);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (names) yield* defRefs(item);
    else if (key === "$ref" && typeof item === "string" && item.startsWith("#/$defs/")) yield item.slice(8);
    else if (!DATA_KEYWORDS.has(key)) yield* defRefs(item, SCHEMA_NAME_MAPS.has(key));
  }
}

/**
 * The definitions `root` reaches through `#/$defs/` refs, in the order they are first reached
 * (depth first), each looked up with `lookup`; a name `lookup` does not know stays unreached.
 */
export function reachedDefs(
  root: unknown,
  lookup: (name: string) => JsonSchema | undefined,
): Array<[string, JsonSchema]> {
  const reached: Array<[string, JsonSchema]> = [];
  const seen = new Set<string>();
  const visit = (value: unknown) => {
    for (const name of defRefs(value)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const def = lookup(name);
      if (def === undefined) continue;
      reached.push([name, def]);
      visit(def);
    }
  };
  visit(root);
  return reached;
}

const own = <T>(table: Record<string, T> | undefined, name: string): T | undefined =>
  table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;

/** The schema's root `$defs` when it is a plain object. */
export function rootDefs(schema: JsonSchema): Record<string, JsonSchema> | undefined {
  if (typeof schema !== "object") return undefined;
  const defs = schema.$defs;
  return typeof defs === "object" && defs !== null && !Array.isArray(defs)
    ? (defs as Record<string, JsonSchema>)
    : undefined;
}

/**
 * `schema` made self-contained again: its own `$defs` plus every shared definition it reaches, its
 * own first (a name it defines itself is never taken from the table). Unreached own definitions stay.
 */
export function expandSchema(schema: JsonSchema, shared: SharedSchemas | undefined): JsonSchema {
  if (shared === undefined || typeof schema !== "object") return schema;
  const inlined = inlineRepeats(schema, shared) as Exclude<JsonSchema, boolean>;
  const local = rootDefs(inlined);
  const { $defs: _ignored, ...body } = inlined;
  const reached = reachedDefs(body, (name) => own(local, name) ?? sharedDef(shared, name));
  if (!reached.some(([name]) => own(local, name) === undefined)) return inlined;
  const names = new Set(reached.map(([name]) => name));
  const unreached = Object.entries(local ?? {}).filter(([name]) => !names.has(name));
  return { ...body, $defs: Object.fromEntries([...reached, ...unreached]) };
}

/** A repeat name: a shared definition read back inline (`@` and digits, which no spec's name is given). */
export const REPEAT_NAME = /^@[0-9]+$/;

/** Per shared table, its definitions with their repeats inlined, made on first use. */
const inlinedDefs = new WeakMap<SharedSchemas, Map<string, JsonSchema>>();

/** A shared definition with the repeats in it inlined. */
function sharedDef(shared: SharedSchemas, name: string): JsonSchema | undefined {
  const def = own(shared, name);
  if (def === undefined) return undefined;
  const done = inlinedDefs.get(shared) ?? new Map<string, JsonSchema>();
  inlinedDefs.set(shared, done);
  let inlined = done.get(name);
  if (inlined === undefined) {
    // Marked first: a repeat that reaches itself (none the compiler writes) stays a ref, in `$defs`.
    done.set(name, def);
    inlined = inlineRepeats(def, shared) as JsonSchema;
    done.set(name, inlined);
  }
  return inlined;
}

/**
 * The repeat name `value` refers to when it is `{ "$ref": "#/$defs/@<n>" }` or, from format 4,
 * `{ "description": D, "$ref": "#/$defs/@<n>" }` (a repeat that stood with a description of its own).
 */
export function repeatRef(value: object): string | undefined {
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/@")) return undefined;
  const keys = Object.keys(value);
  const described =
    keys.length === 2 && keys[0] === "description" && typeof (value as Data).description === "string";
  if (keys.length !== 1 && !described) return undefined;
  const name = ref.slice(8);
  return REPEAT_NAME.test(name) ? name : undefined;
}

type Data = Record<string, unknown>;

/**
 * `value` with each `{ "$ref": "#/$defs/@<n>" }` (or described repeat, see {@link repeatRef}) whose name the table holds replaced by that schema
 * (the same object for every ref, as with shared definitions); only the objects on the way to a
 * replaced ref are copied, so `value` is not changed.
 */
export function inlineRepeats(value: unknown, shared: SharedSchemas, names = false): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => inlineRepeats(item, shared));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (!names) {
    const name = repeatRef(value);
    if (name !== undefined && Object.hasOwn(shared, name)) {
      const def = sharedDef(shared, name);
      const { description } = value as { description?: unknown };
      // A repeat written with the description it had where it stood: that first, then the rest.
      return description === undefined ? def : { description, ...(def as object) };
    }
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const next = names
      ? inlineRepeats(item, shared)
      : DATA_KEYWORDS.has(key)
        ? item
        : inlineRepeats(item, shared, SCHEMA_NAME_MAPS.has(key));
    if (next !== item) changed = true;
    return [key, next];
  });
  // fromEntries defines a `__proto__` key as an own property, as JSON.parse made it.
  return changed ? Object.fromEntries(entries) : value;
}
