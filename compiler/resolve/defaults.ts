/** Default values, read from the `default` keywords of `schemas/config.schema.json` (declared once). */
import configSchema from "../../schemas/config.schema.json" with { type: "json" };

type Schema = Record<string, unknown>;

function follow(node: unknown): Schema | undefined {
  let current = node as Schema | undefined;
  for (let i = 0; i < 8 && current && typeof current.$ref === "string"; i += 1) {
    const ref = current.$ref as string;
    current = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((acc, token) => (acc as Schema | undefined)?.[token], configSchema) as
      | Schema
      | undefined;
  }
  return current;
}

/** The `default` on a property node, or on what its `$ref` points to. */
function defaultOf(node: unknown): { found: boolean; value?: unknown } {
  const raw = node as Schema | undefined;
  if (raw && "default" in raw) return { found: true, value: raw.default };
  const target = follow(raw);
  if (target && "default" in target) return { found: true, value: target.default };
  return { found: false };
}

/**
 * The `default` of a property reached from the config schema root by property names, following
 * `$ref`s: `schemaDefault("options", "exposure")`. Throws if the schema declares none, so a missing
 * default is caught by the tests rather than silently becoming `undefined`.
 */
export function schemaDefault<T>(...path: string[]): T {
  let node: unknown = configSchema;
  for (const name of path) node = (follow(node)?.properties as Record<string, unknown> | undefined)?.[name];
  const result = defaultOf(node);
  if (!result.found) throw new Error(`no default declared at ${path.join(".")}`);
  return result.value as T;
}

/** A property's schema in `node`, looking through `$ref` and into `allOf` branches. */
function propertyOf(node: unknown, property: string, depth = 0): unknown {
  const schema = follow(node);
  if (!schema || depth > 8) return undefined;
  const own = (schema.properties as Record<string, unknown> | undefined)?.[property];
  if (own !== undefined) return own;
  for (const branch of (schema.allOf as unknown[] | undefined) ?? []) {
    const found = propertyOf(branch, property, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The default of a `$defs` entry's property: `defsDefault("graphqlEndpointFields", "selectionDepth")`. */
export function defsDefault<T>(definition: string, property: string): T {
  const defs = (configSchema as Schema).$defs as Record<string, unknown>;
  const result = defaultOf(propertyOf(defs[definition], property));
  if (!result.found) throw new Error(`no default declared at ${definition}.${property}`);
  return result.value as T;
}
