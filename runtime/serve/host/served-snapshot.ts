/** What a serving host serves, merged from its parts: the project's bundle, the user's, an upstream. */

import { createSnapshot, type Snapshot } from "../sessions/context.js";
import { mergeUnits, type NamespaceAliases } from "../shared/merge.js";
import type { Generation } from "./bundle-slot.js";
import type { UpstreamCatalog } from "./upstream.js";

/** The parts a host's snapshot is merged from; the project's bundle gives the search limits. */
export interface ServedParts {
  project: Generation;
  user: Generation | undefined;
  upstream: UpstreamCatalog | undefined;
  aliases: NamespaceAliases | undefined;
}

/**
 * The snapshot of `parts` under the shadowing rules, and the merge's notices: those not in `seen` (the
 * previous merge's) are logged, so a notice is told once while it holds.
 */
export function servedSnapshot(
  parts: ServedParts,
  seen: ReadonlySet<string>,
  log: (line: string) => void,
): { snapshot: Snapshot; notices: Set<string> } {
  const { project, user, upstream, aliases } = parts;
  const merged = mergeUnits({
    local: project.local,
    ...(user ? { user: user.local } : {}),
    ...(upstream ? { upstream: { url: upstream.url, units: upstream.units } } : {}),
    ...(aliases ? { aliases } : {}),
  });
  for (const notice of merged.notices) if (!seen.has(notice)) log(notice);
  const notices = new Set(merged.notices);
  const indexes = [
    project.index,
    ...(user ? [user.index] : []),
    ...(upstream
      ? [{ source: { kind: "upstream" as const, url: upstream.url }, index: upstream.index }]
      : []),
  ];
  return { snapshot: createSnapshot(merged.units, indexes, project.runtime.manifest.settings), notices };
}
