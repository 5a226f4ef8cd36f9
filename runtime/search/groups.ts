/**
 * The text of the groups a unit's operations sit in (OpenAPI tags, discovery resources, GraphQL
 * return types; see the manifest's `groups`), for the index: each group's terms once, and each
 * operation's group by number. An operation shares its group's terms as a weak field, as it shares
 * its unit's.
 */
import type { OperationGroup } from "../contract/manifest.js";
import { indexTerms } from "./index-terms.js";
import { plainText, splitWords } from "./split-words.js";

/** A unit as its groups need it. */
export interface GroupedUnit {
  id: string;
  groups?: readonly OperationGroup[];
  operations: ReadonlyArray<{ group?: string }>;
}

/** The terms of one group: its name (split into words), title and description. */
export function groupTerms(group: OperationGroup): string[] {
  const text = [group.name, ...splitWords(group.name), group.title ?? "", group.description ?? ""].join("\n");
  return [...new Set(indexTerms(plainText(text)))];
}

/**
 * The unit's groups with their terms (numbered from `first`), and per operation the number of its
 * group (-1 for none).
 */
export function unitGroups(
  unit: GroupedUnit,
  first: number,
): { groups: Array<{ unit: string; name: string; terms: string[] }>; docGroup: number[] } {
  const groups = (unit.groups ?? []).map((group) => ({
    unit: unit.id,
    name: group.name,
    terms: groupTerms(group),
  }));
  const number = new Map(groups.map((group, i) => [group.name, first + i]));
  const docGroup = unit.operations.map((op) => (op.group === undefined ? -1 : (number.get(op.group) ?? -1)));
  return { groups, docGroup };
}
