/**
 * The words a JSON schema holds for search, with references to the unit's shared definitions
 * followed: the index reads an operation's input for its parameter names and the values of their
 * short enumerations, and its output for the names of what it returns (`messages`, `referrer`,
 * `permission`) and the prose that says what that is.
 */

/** Finds the schema a `$ref` names (`#/$defs/<name>`), or undefined. */
export type SchemaResolver = (ref: string) => unknown;

/** Most values of an enumeration indexed: a short one names what an operation can do (`heldForReview`), a long one is data (country codes). */
export const MAX_CHOICES = 8;

/** Keywords whose value is a list of alternatives or parts of one schema. */
const COMBINED = ["allOf", "anyOf", "oneOf"] as const;

/** The string values a schema may take, when there are few of them. */
export function choices(schema: unknown): string[] {
  const values = (schema as { enum?: unknown } | null)?.enum;
  if (!Array.isArray(values) || values.length > MAX_CHOICES) return [];
  return values.filter((value): value is string => typeof value === "string");
}

/**
 * The schema itself, or the one its `$ref` names, followed (at most a few hops, so that a
 * reference to itself ends).
 */
export function resolved(schema: unknown, resolve: SchemaResolver | undefined): unknown {
  let current = schema;
  for (let hop = 0; hop < 4; hop++) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== "string" || resolve === undefined) return current;
    const next = resolve(ref);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/**
 * The object schemas a schema stands for: itself, its combined parts (`allOf`, `anyOf`, `oneOf`)
 * and, for an array, its items'; each with references followed.
 */
export function objectParts(schema: unknown, resolve: SchemaResolver | undefined, hops = 0): unknown[] {
  const own = resolved(schema, resolve);
  if (typeof own !== "object" || own === null || hops > 3) return [];
  const parts: unknown[] = [own];
  for (const key of COMBINED) {
    const list = (own as Record<string, unknown>)[key];
    if (Array.isArray(list)) for (const part of list) parts.push(...objectParts(part, resolve, hops + 1));
  }
  const items = (own as { items?: unknown }).items;
  if (typeof items === "object" && items !== null && !Array.isArray(items)) {
    parts.push(...objectParts(items, resolve, hops + 1));
  }
  return parts;
}

/** The properties of a schema and of the parts it stands for, name → schema, first seen kept. */
export function propertiesOf(schema: unknown, resolve: SchemaResolver | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const part of objectParts(schema, resolve)) {
    const properties = (part as { properties?: unknown }).properties;
    if (typeof properties !== "object" || properties === null) continue;
    for (const [name, sub] of Object.entries(properties)) if (!out.has(name)) out.set(name, sub);
  }
  return out;
}

/**
 * Property names of `schema`, breadth first (its own properties before theirs), `depth` levels deep
 * and at most `limit` names. Not the values of its enumerations: in what an operation returns they
 * are states many operations share (`open`, `closed`), not what this one does.
 */
export function schemaNames(
  schema: unknown,
  resolve: SchemaResolver | undefined,
  depth: number,
  limit: number,
): string[] {
  const names: string[] = [];
  let level: unknown[] = [schema];
  for (let d = 0; d < depth && level.length > 0 && names.length < limit; d++) {
    const next: unknown[] = [];
    for (const current of level) {
      for (const [name, sub] of propertiesOf(current, resolve)) {
        names.push(name);
        next.push(sub);
      }
    }
    level = next;
  }
  return names.slice(0, limit);
}

/** The titles and descriptions of the object schemas `schema` stands for (see {@link objectParts}). */
function prose(schema: unknown, resolve: SchemaResolver | undefined): string[] {
  return objectParts(schema, resolve).flatMap((part) => {
    const { title, description } = part as { title?: unknown; description?: unknown };
    return [title, description].filter((text): text is string => typeof text === "string" && text !== "");
  });
}

/**
 * What a schema's own prose says of the object it stands for: its titles and descriptions. A list
 * wrapper (`{data: [price], has_more}`, titled `PriceList` with no sentence of its own) says it of
 * its items: the first array property whose items have a sentence speaks for it.
 */
export function schemaProse(schema: unknown, resolve: SchemaResolver | undefined): string {
  const says = (texts: string[]) => texts.some((text) => text.trim().includes(" "));
  const own = prose(schema, resolve);
  if (says(own)) return own.join("\n");
  for (const sub of propertiesOf(schema, resolve).values()) {
    const items = (resolved(sub, resolve) as { items?: unknown } | null)?.items;
    const theirs = items === undefined ? [] : prose(items, resolve);
    if (says(theirs)) return theirs.join("\n");
  }
  return own.join("\n");
}
