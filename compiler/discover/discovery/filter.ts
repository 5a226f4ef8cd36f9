/**
 * `includeOperations` / `excludeOperations` of a discovery-document unit: globs over method IDs split
 * on dots. `*` matches one segment (or, inside a segment, any run of characters: `get*`), `**` any
 * number of segments, none included: `youtube.videos.*`, `**.list`, `youtube.**`. A leading `*`
 * matches one or more leading segments, as the reference implementation reads it: `*.delete` is
 * every delete method however deeply its resource is nested (`drive.files.delete`).
 */
import { matchesWildcard } from "../shared/operation-filter.js";

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
  if (id.length === 0 || !matchesWildcard(head, id[0] as string)) return false;
  return matchSegments(rest, id.slice(1));
}
