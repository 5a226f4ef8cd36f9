/**
 * Shared schema definitions of a manifest unit. Operations of one API reach the same named schemas
 * again and again (GitHub's `repository` in hundreds of operations), so the manifest stores each
 * definition once per unit (`unit.schemas`) and an operation's schema keeps only the `#/$defs/<name>`
 * refs. Reading a manifest puts back into each schema the `$defs` it reaches — the same objects, not
 * copies — so every consumer (ajv, MCP `tools/list`, describe, tokens) sees a self-contained schema.
 */
import type { JsonSchema } from "./manifest.js";

/** A unit's shared definitions, by `$defs` name. */
export type SharedSchemas = Record<string, JsonSchema>;

/** Keywords whose values are data, not schemas: a `$ref` key inside them is not a reference. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

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
  const local = rootDefs(schema);
  const { $defs: _ignored, ...body } = schema;
  const reached = reachedDefs(body, (name) => own(local, name) ?? own(shared, name));
  if (!reached.some(([name]) => own(local, name) === undefined)) return schema;
  const names = new Set(reached.map(([name]) => name));
  const unreached = Object.entries(local ?? {}).filter(([name]) => !names.has(name));
  return { ...body, $defs: Object.fromEntries([...reached, ...unreached]) };
}
