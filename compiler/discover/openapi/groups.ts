/**
 * An OpenAPI document's grouping of its operations: each operation's first tag, and the document's
 * top-level `tags` entries (`x-displayName`, `description`) for what each group is. A document that
 * tags no operation is grouped by the resource its paths name (`/v1/customers/{id}` → customers),
 * so that a search unsure of its hits still has groups to offer for browsing.
 */
import type { OperationGroup } from "../../../runtime/contract/manifest.js";
import { groupsOf } from "../shared/groups.js";
import type { OperationIR } from "../shared/types.js";
import type { OperationSite } from "./operation.js";

type Data = Record<string, unknown>;

/** Sets each operation's `group` to its site's first tag; returns the unit's groups. */
export function openapiGroups(root: unknown, sites: readonly OperationSite[], operations: OperationIR[]) {
  const tagOf = new Map<string, string>();
  for (const site of sites) {
    const tags = (site.operation as Data).tags;
    const first = Array.isArray(tags) ? tags.find((tag) => typeof tag === "string" && tag !== "") : undefined;
    if (typeof first === "string") tagOf.set(`${site.method} ${site.path}`, first);
  }
  for (const operation of operations) {
    const invoke = operation.invoke as { method?: string; path?: string };
    const tag = tagOf.get(`${invoke.method} ${invoke.path}`);
    if (tag !== undefined) operation.group = tag;
  }
  if (tagOf.size === 0) groupByPath(operations);
  return groupsOf(operations, declaredTags(root));
}

/**
 * Groups operations by the first fixed segment of their paths after those every path shares (`v1`,
 * `api`): the resource each acts on. An operation on the shared root alone stays ungrouped, and so
 * does every operation when the paths name fewer than two resources.
 */
function groupByPath(operations: OperationIR[]): void {
  const segments = operations.map((operation) => {
    const path = (operation.invoke as { path?: unknown }).path;
    return typeof path === "string" ? path.split("/").filter((s) => s !== "" && !s.startsWith("{")) : [];
  });
  const first = segments[0] ?? [];
  let shared = 0;
  while (shared < first.length && segments.every((list) => list[shared] === first[shared])) shared++;
  const resources = segments.map((list) => list[shared]);
  // One resource (a document about pets, with /pets/{id}/labels beside /pets) is nothing to browse by.
  if (new Set(resources.filter((resource) => resource !== undefined)).size < 2) return;
  operations.forEach((operation, i) => {
    const resource = resources[i];
    if (resource !== undefined) operation.group = resource;
  });
}

/** The document's `tags` entries by name. */
function declaredTags(root: unknown): Map<string, Omit<OperationGroup, "name">> {
  const tags = (root as Data | null)?.tags;
  const known = new Map<string, Omit<OperationGroup, "name">>();
  if (!Array.isArray(tags)) return known;
  for (const tag of tags as Data[]) {
    if (typeof tag?.name !== "string") continue;
    const title = tag["x-displayName"];
    const description = tag.description;
    known.set(tag.name, {
      ...(typeof title === "string" && title !== "" ? { title } : {}),
      ...(typeof description === "string" && description !== "" ? { description } : {}),
    });
  }
  return known;
}
