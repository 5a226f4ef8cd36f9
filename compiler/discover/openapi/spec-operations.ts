/**
 * The operations of a spec: every path item's methods in document order, those the unit's
 * `includeOperations` / `excludeOperations` keep, converted, named and de-duplicated.
 */
import type { AuthConfig, OpenapiMethod } from "../../../runtime/contract/manifest.js";
import { joinPointer } from "../../load/pointer.js";
import type { ResolvedBackend } from "../../resolve/backend-types.js";
import { filterIds, matchesWildcard } from "../shared/operation-filter.js";
import type { DiscoverContext, OperationIR } from "../shared/types.js";
import { SchemaDefs } from "../sources/defs.js";
import type { SpecRefs } from "../sources/refs.js";
import { operationNames } from "./names.js";
import {
  convertOperation,
  inputSchemaSkipped,
  label,
  type OperationContext,
  type OperationSite,
} from "./operation.js";
import { refusedByDefinitions } from "./schema-check.js";

type Data = Record<string, unknown>;

const METHODS: readonly OpenapiMethod[] = [
  "GET",
  "PUT",
  "POST",
  "DELETE",
  "OPTIONS",
  "HEAD",
  "PATCH",
  "TRACE",
];

/** What converting operations needs; partial conversions are reported once per message. */
export function operationContext(
  refs: SpecRefs,
  dialect: "3.0" | "3.1",
  backend: ResolvedBackend<"openapi">,
): OperationContext {
  const warned = new Set<string>();
  return {
    refs,
    defs: new SchemaDefs(),
    dialect,
    authHeaders: authHeaderNames(backend.auth),
    warn(message, document, pointer) {
      if (warned.has(message)) return;
      warned.add(message);
      const hint = "the rest of the operation compiles as usual";
      refs.report("warning", "OPENAPI_PARTIAL", message, document, pointer, hint);
    },
  };
}

/**
 * The operations the unit's `includeOperations` / `excludeOperations` keep (`filtered` when it has
 * either), matched on the names the operations would have; a pattern matching none is a warning.
 */
export function keptSites(
  context: DiscoverContext<"openapi">,
  specId: string,
  sites: OperationSite[],
): { kept: OperationSite[]; filtered: boolean } {
  const { includeOperations, excludeOperations } = context.unit.backend;
  if (includeOperations === undefined && excludeOperations === undefined)
    return { kept: sites, filtered: false };
  const { names } = operationNames(sites.map(namedSite));
  const { kept, unused } = filterIds(names, includeOperations, excludeOperations, matchesWildcard);
  for (const { field, index } of unused) {
    context.report(
      "warning",
      "FILTER_UNUSED",
      `${field}[${index}] matches no operation of ${specId}`,
      `/${field}/${index}`,
      "operation names are operationIds (else method and path: get_users_id); * matches any characters",
    );
  }
  return { kept: sites.filter((_, index) => kept.has(names[index] as string)), filtered: true };
}

function namedSite(site: OperationSite) {
  return { method: site.method, path: site.key, operationId: site.operation.operationId };
}

/** Every path and method in document order (or `sites` of them), converted, named and de-duplicated. */
export function discoverOperations(
  refs: SpecRefs,
  context: OperationContext,
  sites: readonly OperationSite[] = operationSites(refs),
): OperationIR[] {
  const converted: Array<{ site: OperationSite; operation: Omit<OperationIR, "name"> }> = [];
  const skip = (site: OperationSite, reason: string) =>
    refs.report(
      "warning",
      "OPERATION_SKIPPED",
      `${label(site)} is left out: ${reason}`,
      site.document,
      site.pointer,
      "the other operations are unaffected; fix the spec to include this one",
    );
  for (const site of sites) {
    const result = convertOperation(site, context);
    if ("skipped" in result) skip(site, result.skipped);
    else converted.push({ site, operation: result.operation });
  }
  // The shared definitions are checked once, not again in each operation (see schema-check.ts).
  const inputs = converted.map(({ operation }) => operation.inputSchema);
  // A worker checking the inputs (context.inputChecks) is asked about the definitions by the caller.
  const refused = context.inputChecks
    ? new Map<number, string>()
    : refusedByDefinitions(inputs, context.defs.all());
  for (const [index, problem] of refused)
    skip((converted[index] as { site: OperationSite }).site, inputSchemaSkipped(problem));
  const kept = converted.filter((_, index) => !refused.has(index));
  const { names, collisions } = operationNames(kept.map(({ site }) => namedSite(site)));
  for (const collision of collisions) {
    const { site } = kept[collision.index] as { site: OperationSite };
    const other = (kept[collision.keptBy] as { site: OperationSite }).site;
    refs.report(
      "warning",
      "OPERATION_RENAMED",
      `${label(site)} is named ${JSON.stringify(collision.name)}: ${JSON.stringify(collision.wanted)} is taken by ${other.method} ${other.key}`,
      site.document,
      site.pointer,
      "give each operation a unique operationId",
    );
  }
  return kept.map(({ operation }, index) => ({ name: names[index] as string, ...operation }));
}

/** The operations of every path item (following a path item's `$ref`), in document order. */
export function operationSites(refs: SpecRefs): OperationSite[] {
  const paths = (refs.root.value as Data).paths;
  if (typeof paths !== "object" || paths === null) return [];
  const sites: OperationSite[] = [];
  for (const [key, item] of Object.entries(paths)) {
    const resolved = refs.deref(item, refs.root);
    if (!resolved || typeof resolved.value !== "object" || resolved.value === null) continue;
    const pathItem = resolved.value as Data;
    const itemPointer = resolved.document === refs.root ? joinPointer("/paths", key) : "";
    // A fragment is never sent: `/pets#search` (a way to list one path twice) is requested as `/pets`.
    const path = key.includes("#") ? key.slice(0, key.indexOf("#")) : key;
    for (const method of METHODS) {
      const operation = pathItem[method.toLowerCase()];
      if (typeof operation !== "object" || operation === null || Array.isArray(operation)) continue;
      const pointer = joinPointer(itemPointer, method.toLowerCase());
      sites.push({
        key,
        path,
        method,
        pathItem,
        operation: operation as Data,
        document: resolved.document,
        pointer,
      });
    }
  }
  return sites;
}

/** Lower-case names of the headers `auth` sets. */
export function authHeaderNames(auth: AuthConfig | undefined): Set<string> {
  if (auth?.type === "bearer") return new Set(["authorization"]);
  if (auth?.type === "headers") return new Set(Object.keys(auth.headers).map((name) => name.toLowerCase()));
  return new Set();
}
