/**
 * An OpenAPI document's grouping of its operations: each operation's first tag, and the document's
 * top-level `tags` entries (`x-displayName`, `description`) for what each group is.
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
  return groupsOf(operations, declaredTags(root));
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
