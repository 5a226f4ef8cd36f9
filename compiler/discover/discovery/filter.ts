/**
 * `includeOperations` / `excludeOperations` of a discovery-document unit: globs over method IDs split
 * on dots. `*` matches one segment (or, inside a segment, any run of characters: `get*`), `**` any
 * number of segments, none included: `youtube.videos.*`, `**.list`, `youtube.**`. A leading `*`
 * matches one or more leading segments, as the reference implementation reads it: `*.delete` is
 * every delete method however deeply its resource is nested (`drive.files.delete`).
 */

/** True when the method ID `id` matches the glob `pattern`. */
export function matchesGlob(pattern: string, id: string): boolean {
  const [head, ...rest] = pattern.split(".");
  const segments = id.split(".");
  if (head !== "*") return matchSegments(pattern.split("."), segments);
  for (let skip = 1; skip <= segments.length; skip++)
    if (matchSegments(rest, segments.slice(skip))) return true;
  return false;
}

function matchSegments(pattern: readonly string[], id: readonly string[]): boolean {
  if (pattern.length === 0) return id.length === 0;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head === "**") {
    for (let skip = 0; skip <= id.length; skip++) if (matchSegments(rest, id.slice(skip))) return true;
    return false;
  }
  if (id.length === 0 || !matchSegment(head, id[0] as string)) return false;
  return matchSegments(rest, id.slice(1));
}

function matchSegment(pattern: string, segment: string): boolean {
  if (!pattern.includes("*")) return pattern === segment;
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`).test(segment);
}

/** The IDs kept by `include` (all when absent) minus `exclude`, and the patterns that matched nothing. */
export function filterIds(
  ids: readonly string[],
  include: readonly string[] | undefined,
  exclude: readonly string[] | undefined,
): { kept: Set<string>; unused: Array<{ field: "includeOperations" | "excludeOperations"; index: number }> } {
  const unused: Array<{ field: "includeOperations" | "excludeOperations"; index: number }> = [];
  const check = (field: "includeOperations" | "excludeOperations", patterns: readonly string[] | undefined) =>
    (patterns ?? []).forEach((pattern, index) => {
      if (!ids.some((id) => matchesGlob(pattern, id))) unused.push({ field, index });
    });
  check("includeOperations", include);
  check("excludeOperations", exclude);
  const kept = ids.filter(
    (id) =>
      (include === undefined || include.some((p) => matchesGlob(p, id))) &&
      !(exclude ?? []).some((p) => matchesGlob(p, id)),
  );
  return { kept: new Set(kept), unused };
}
