/**
 * Which property names a schema node accepts, for "unknown property" messages. Conditional branches
 * (`if`/`then`/`else`) are followed for the value at hand when their `if` is a plain discriminator
 * test (`required` plus `properties.<key>.const`), so an auth of type none does not list `token`.
 */

type Schema = Record<string, unknown>;
type Resolve = (ref: string) => Schema | undefined;

const isRecord = (value: unknown): value is Schema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether `data` passes a discriminator-style `if`; undefined when the `if` is not that simple. */
function ifMatches(condition: unknown, data: unknown): boolean | undefined {
  if (!isRecord(condition) || !isRecord(data)) return undefined;
  if (Object.keys(condition).some((key) => key !== "required" && key !== "properties")) return undefined;
  const required = Array.isArray(condition.required) ? (condition.required as string[]) : [];
  if (!required.every((name) => Object.hasOwn(data, name))) return false;
  for (const [name, rule] of Object.entries(isRecord(condition.properties) ? condition.properties : {})) {
    if (rule === true) continue;
    if (!isRecord(rule) || Object.keys(rule).some((key) => key !== "const")) return undefined;
    if (Object.hasOwn(data, name) && data[name] !== rule.const) return false;
  }
  return true;
}

/**
 * Property names a schema node accepts, following allOf/anyOf/oneOf/$ref and conditional branches.
 * With `data`, only the branches that apply to it are followed (all of them when that is unclear).
 */
export function allowedProperties(schema: Schema | undefined, resolveRef: Resolve, data?: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 16 || !isRecord(node)) return;
    if (isRecord(node.properties)) for (const key of Object.keys(node.properties)) names.add(key);
    if (typeof node.$ref === "string") visit(resolveRef(node.$ref), depth + 1);
    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      if (Array.isArray(node[key])) for (const item of node[key] as unknown[]) visit(item, depth + 1);
    }
    const matches = data === undefined ? undefined : ifMatches(node.if, data);
    if (matches !== false) visit(node.then, depth + 1);
    if (matches !== true) visit(node.else, depth + 1);
  };
  visit(schema, 0);
  return [...names].sort();
}

/** A discriminator that decides whether `property` is allowed: `{ key: "type", values: ["bearer"] }`. */
export interface Discriminator {
  key: string;
  /** The discriminator values whose branch accepts the property. */
  values: unknown[];
}

/** Finds the `if`/`then` branches of `schema` (its own allOf) whose `then` declares `property`. */
export function discriminatorFor(
  schema: Schema | undefined,
  property: string,
  resolveRef: Resolve,
): Discriminator | undefined {
  let key: string | undefined;
  const values: unknown[] = [];
  const branches = Array.isArray(schema?.allOf) ? (schema.allOf as unknown[]) : [];
  for (const branch of branches) {
    if (!isRecord(branch) || !isRecord(branch.if) || !isRecord(branch.if.properties)) continue;
    const tests = Object.entries(branch.if.properties).filter(
      ([, rule]) => isRecord(rule) && "const" in rule,
    );
    const [test] = tests;
    if (tests.length !== 1 || test === undefined) continue;
    if (!allowedProperties(isRecord(branch.then) ? branch.then : undefined, resolveRef).includes(property))
      continue;
    key = test[0];
    values.push((test[1] as Schema).const);
  }
  return key === undefined ? undefined : { key, values };
}
