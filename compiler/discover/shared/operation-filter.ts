/**
 * `includeOperations` / `excludeOperations`: the names a unit's patterns keep, and the patterns that
 * matched nothing (each a warning at its position). Each backend says how a pattern matches a name:
 * discovery documents by dotted method-ID segments, OpenAPI by `*` over the whole name.
 */

/** A pattern's field and index in the unit. */
export interface UnusedPattern {
  field: "includeOperations" | "excludeOperations";
  index: number;
}

/** The names kept by `include` (all when absent) minus `exclude`, and the patterns that matched nothing. */
export function filterIds(
  ids: readonly string[],
  include: readonly string[] | undefined,
  exclude: readonly string[] | undefined,
  matches: (pattern: string, id: string) => boolean,
): { kept: Set<string>; unused: UnusedPattern[] } {
  const unused: UnusedPattern[] = [];
  const check = (field: UnusedPattern["field"], patterns: readonly string[] | undefined) =>
    (patterns ?? []).forEach((pattern, index) => {
      if (!ids.some((id) => matches(pattern, id))) unused.push({ field, index });
    });
  check("includeOperations", include);
  check("excludeOperations", exclude);
  const kept = ids.filter(
    (id) =>
      (include === undefined || include.some((p) => matches(p, id))) &&
      !(exclude ?? []).some((p) => matches(p, id)),
  );
  return { kept: new Set(kept), unused };
}

/** True when `name` matches `pattern`, where `*` is any run of characters (none included). */
export function matchesWildcard(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s").test(name);
}
