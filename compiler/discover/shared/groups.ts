/**
 * The groups a unit's operations sit in, as its source names them (OpenAPI tags, discovery
 * resources, GraphQL return types): written once per unit in the manifest, and named by each
 * operation. Search indexes a group's text as a weak field of its operations, and names a unit's
 * groups when a query finds nothing it is sure of.
 */
import type { OperationGroup } from "../../../runtime/contract/manifest.js";
import type { OperationIR } from "./types.js";

/** Longest group description kept: the opening says what the group is; the rest is detail. */
const MAX_DESCRIPTION = 300;

/** The groups the kept operations name, in the order first named, with what `known` says of each. */
export function groupsOf(
  operations: readonly OperationIR[],
  known: ReadonlyMap<string, Omit<OperationGroup, "name">>,
): OperationGroup[] {
  const out = new Map<string, OperationGroup>();
  for (const { group } of operations) {
    if (group === undefined || out.has(group)) continue;
    const { title, description } = known.get(group) ?? {};
    out.set(group, {
      name: group,
      ...(title ? { title } : {}),
      ...(description ? { description: cut(description) } : {}),
    });
  }
  return [...out.values()];
}

function cut(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= MAX_DESCRIPTION ? trimmed : `${trimmed.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}
