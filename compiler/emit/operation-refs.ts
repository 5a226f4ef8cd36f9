/**
 * An OpenAPI operation's types in `types.ts` index openapi-typescript's `operations` by the key its
 * `paths` entry names (`get: operations["pets/list"];`), not `paths` by path and method: the same
 * type in fewer bytes (GitHub's REST types: 39 KB), and `units.describe` then shows the operation
 * without the `paths` entry on its way. An operation `paths` holds inline (no operationId) keeps its
 * `paths` reference.
 */

/** A path's entry in `paths`, as openapi-typescript prints it (indented by tabs, see types-module.ts). */
const PATH_ENTRY = /^\t("(?:[^"\\\n]|\\.)*"): \{$/;
/** One of its methods, when it names an operation of `operations`. */
const METHOD_ENTRY = /^\t\t([a-z]+): operations\[("(?:[^"\\\n]|\\.)*")\];$/;
/** A reference to an operation through `paths` in a type expression. */
const PATHS_REF = /\$types\.paths\[("(?:[^"\\\n]|\\.)*")\]\["([a-z]+)"\]/g;

/**
 * For each `$types.paths["<path>"]["<method>"]` whose entry names an operation, the reference to that
 * operation, read from the `paths` interface of the unit's `spec-types.ts` text.
 */
export function operationRefs(specTypes: string): Map<string, string> {
  const refs = new Map<string, string>();
  const start = specTypes.indexOf("export interface paths {\n");
  if (start < 0) return refs;
  const end = specTypes.indexOf("\n}\n", start);
  let path: string | undefined;
  for (const line of specTypes.slice(start, end < 0 ? undefined : end).split("\n")) {
    const entry = PATH_ENTRY.exec(line);
    if (entry) {
      path = entry[1];
      continue;
    }
    const method = path === undefined ? null : METHOD_ENTRY.exec(line);
    if (method) refs.set(`$types.paths[${path}]["${method[1]}"]`, `$types.operations[${method[2]}]`);
  }
  return refs;
}

/** `expression` with each reference through `paths` that `refs` knows written as the operation's. */
export function withOperationRefs(expression: string, refs: ReadonlyMap<string, string>): string {
  if (refs.size === 0) return expression;
  return expression.replace(PATHS_REF, (whole) => refs.get(whole) ?? whole);
}
