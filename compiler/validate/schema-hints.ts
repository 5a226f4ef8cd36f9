/** Words and next-step hints for schema errors that the schemas carry no `x-hint` for. */

type Schema = Record<string, unknown>;

const TYPE_HINTS: Record<string, string> = {
  boolean: "write true or false, without quotes",
  integer: "write a whole number, without quotes",
  number: "write a number, without quotes",
  string: "write text; quote it when YAML would read it as a number, a boolean or null",
  object: "write an object of key: value pairs",
  array: "write a list, such as [a, b]",
  null: "write null",
};

/** What to write instead of a value of the wrong type. */
export function typeHint(types: string, rootName: string, atRoot: boolean): string {
  if (atRoot && rootName === "the config") return 'write one JSON object, such as { "mcpServers": {} }';
  if (atRoot)
    return "write name, description and one backend block as key: value lines between the --- lines";
  const first = types.split(",")[0] ?? "";
  return TYPE_HINTS[first] ?? `write ${first}`;
}

const COMPARISONS: Record<string, string> = {
  ">": "greater than",
  ">=": "at least",
  "<": "less than",
  "<=": "at most",
};

/** `>=` → `at least`, for messages. */
export function comparisonWords(comparison: string): string {
  return COMPARISONS[comparison] ?? comparison;
}

/** The whole accepted range of a numeric schema node: `use a whole number from 1 to 5`. */
export function rangeHint(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const integer = schema.type === "integer";
  const num = (value: unknown) => (typeof value === "number" ? value : undefined);
  const exclusiveLow = num(schema.exclusiveMinimum);
  const exclusiveHigh = num(schema.exclusiveMaximum);
  const low = num(schema.minimum) ?? (integer && exclusiveLow !== undefined ? exclusiveLow + 1 : undefined);
  const high =
    num(schema.maximum) ?? (integer && exclusiveHigh !== undefined ? exclusiveHigh - 1 : undefined);
  const noun = integer ? "a whole number" : "a number";
  if (low !== undefined && high !== undefined) return `use ${noun} from ${low} to ${high}`;
  if (low !== undefined) return `use ${noun} of ${low} or more`;
  if (high !== undefined) return `use ${noun} of ${high} or less`;
  return undefined;
}

/** What to do about a string that fails a `format`. */
export function formatHint(format: string): string {
  return format === "uri"
    ? "write an absolute URL, such as https://api.example.com"
    : `write a valid ${format}`;
}

/** What to do about a URL that breaks the unitc URL rule (the problem text of `checkHttpUrl`). */
export function urlHint(problem: string): string {
  if (problem.startsWith("contains credentials"))
    return "remove the user name and password; give credentials in auth, as references such as env:NAME";
  if (problem === "contains a query")
    return "remove the query (?...); a base URL carries no query parameters";
  if (problem === "contains a fragment") return "remove the fragment (#...)";
  if (problem.startsWith("uses the scheme")) return "use an http:// or https:// URL";
  return "write an absolute URL, such as https://api.example.com";
}

/** `integer` → `an integer`; `string,number` → `a string or a number`. */
export function article(type: string): string {
  const words = type.split(",");
  return words.map((w) => (/^[aeiou]/.test(w) ? `an ${w}` : `a ${w}`)).join(" or ");
}

/** Names a value and its type for a message: `the string "x"`, `number 1.5`, `null`. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
