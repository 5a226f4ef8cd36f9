/** Schema values rewritten for openapi-typescript so the types it prints say what the spec means. */

type Data = Record<string, unknown>;

/**
 * A schema keyword that holds data. Arrays are copied (the discriminator pass pushes onto `required`);
 * a YAML `.inf` or `.nan` in `enum` or `const` is left out, as it has no literal type.
 */
export function schemaData(key: string, value: unknown): unknown {
  const finite = (v: unknown) => typeof v !== "number" || Number.isFinite(v);
  if (key === "const") return finite(value) ? value : undefined;
  if (!Array.isArray(value)) return value;
  return key === "enum" ? value.filter(finite) : [...value];
}

/**
 * `null` in the `type` beside a `oneOf` or `anyOf` moved into that list as `{ type: "null" }`:
 * openapi-typescript intersects a schema's type with its union, so `null & (A | B[])` (which does not
 * compile when B is the schema itself) becomes `A | B[] | null`, what such a spec means.
 */
export function nullAsMember(schema: Data): Data {
  const list = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  const { type } = schema;
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  if (list === undefined || !types.includes("null")) return schema;
  const rest = types.filter((t) => t !== "null");
  const { type: _type, ...out } = schema;
  if (rest.length > 0) out.type = rest.length === 1 ? rest[0] : rest;
  out[list] = [...(schema[list] as unknown[]), { type: "null" }];
  return out;
}
