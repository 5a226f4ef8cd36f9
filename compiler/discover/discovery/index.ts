/**
 * `vendorDiscoveryApis` / `vendorDiscoveryApi`: a discovery document (from `discoveryPath` or
 * `discoveryUrl`) becomes one operation per method, found in `methods` and in nested `resources`,
 * named by the method's `id` and filtered by `includeOperations` / `excludeOperations`. Requests go to
 * `rootUrl` + `servicePath`, or to `baseUrl` when the unit sets it.
 * https://developers.google.com/discovery/v1/reference/apis
 */
import { createHash } from "node:crypto";
import type { DiscoveryConnection, OperationGroup } from "../../../runtime/contract/manifest.js";
import { joinPointer } from "../../load/pointer.js";
import type { ResolvedBackend } from "../../resolve/backend-types.js";
import { contentHash } from "../../shared/canonical.js";
import { checkHttpUrl } from "../../validate/url-rules.js";
import { groupsOf } from "../shared/groups.js";
import { filterIds } from "../shared/operation-filter.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../shared/types.js";
import { SchemaDefs } from "../sources/defs.js";
import type { SpecDocument } from "../sources/parse.js";
import { documentChosenBase, remoteConnection } from "../sources/remote-connection.js";
import { loadSpecSource } from "../sources/source.js";
import { matchesGlob } from "./filter.js";
import { convertDiscoveryMethod, type DiscoveryMethodContext } from "./method.js";
import { withDeclaredScopes } from "./scopes.js";

type Data = Record<string, unknown>;
type DiscoveryContext = DiscoverContext<"discovery">;

/** Discovers the methods of a discovery-document unit; undefined (with diagnostics) when unusable. */
export async function discoverVendorApi(context: DiscoveryContext): Promise<UnitIR | undefined> {
  const { backend } = context.unit;
  const document = await loadSpecSource(context);
  if (!document) return undefined;
  const sourcePointer = backend.discoveryPath !== undefined ? "/discoveryPath" : "/discoveryUrl";
  const root = document.value as Data;
  if (!isDiscoveryDocument(context, document, sourcePointer)) return undefined;
  const baseUrl = backend.baseUrl ?? documentBaseUrl(root);
  const chosen = baseUrl && documentChosenBase(backend, document.location, "rootUrl + servicePath", baseUrl);
  if (chosen) {
    context.report(
      "error",
      "BASE_URL_MISSING",
      `${document.id}: ${chosen.problem}`,
      sourcePointer,
      chosen.hint,
    );
    return undefined;
  }
  const problem = baseUrl === undefined ? "names no rootUrl and servicePath" : checkHttpUrl(baseUrl, "base");
  if (problem !== undefined || baseUrl === undefined) {
    context.report(
      "error",
      "BASE_URL_MISSING",
      `${document.id}: the base URL ${baseUrl === undefined ? "" : `${JSON.stringify(baseUrl)} `}${problem}`,
      sourcePointer,
      "set baseUrl on the unit",
    );
    return undefined;
  }
  const { operations, groups } = discoverMethods(context, document);
  return {
    unit: context.unit,
    connection: connection(backend, baseUrl, document.location, operations),
    operations,
    sourceHash: contentHash({
      kind: "discovery",
      backend: context.unit.declared,
      document: createHash("sha256").update(document.text).digest("hex"),
    }),
    ...(groups.length > 0 ? { manifestExtras: { groups } } : {}),
  };
}

const KIND = "discovery#restDescription";
const KIND_HINT = `point the unit at a discovery document (kind: ${KIND})`;

/** A discovery document is an object of kind `discovery#restDescription` with methods or resources. */
function isDiscoveryDocument(
  context: DiscoveryContext,
  document: SpecDocument,
  sourcePointer: string,
): boolean {
  const root = document.value as Data;
  const problem = (message: string) => {
    context.report(
      "error",
      "SPEC_INVALID",
      `${document.id} is not a discovery document: ${message}`,
      sourcePointer,
      KIND_HINT,
    );
    return false;
  };
  if (typeof root !== "object" || root === null || Array.isArray(root)) return problem("it is not an object");
  if (root.kind === undefined) return problem(`it has no kind (a discovery document says "kind": "${KIND}")`);
  if (root.kind !== KIND) {
    const message = `${document.id} is not a discovery document: its kind is ${JSON.stringify(root.kind)}, not "${KIND}"`;
    context.reportAt(
      "error",
      "SPEC_INVALID",
      message,
      { file: document.location, ...document.locate("/kind") },
      KIND_HINT,
    );
    return false;
  }
  if (root.resources === undefined && root.methods === undefined)
    return problem("it has no resources or methods");
  return true;
}

function documentBaseUrl(root: Data): string | undefined {
  if (typeof root.rootUrl === "string" && typeof root.servicePath === "string")
    return `${root.rootUrl}${root.servicePath}`;
  return typeof root.baseUrl === "string" ? root.baseUrl : undefined;
}

function connection(
  backend: ResolvedBackend<"discovery">,
  baseUrl: string,
  location: string,
  operations: readonly OperationIR[],
): DiscoveryConnection {
  const shared = remoteConnection("discovery", backend, baseUrl, location);
  return { ...shared, auth: withDeclaredScopes(shared.auth, operations) };
}

/**
 * Every method of the document (depth first, in document order) that the filters keep, each in the
 * group of the resource it sits under, and those groups.
 */
function discoverMethods(
  context: DiscoveryContext,
  document: SpecDocument,
): { operations: OperationIR[]; groups: OperationGroup[] } {
  const root = document.value as Data;
  const found = [
    ...methodsOf(root, "", typeof root.name === "string" && root.name !== "" ? [root.name] : []),
  ];
  const kept = filteredIds(
    context,
    document,
    found.map((m) => m.id),
  );
  const methodContext = methodContextFor(context, document);
  const operations: OperationIR[] = [];
  const resources = new Map<string, { description: string }>();
  const named = new Set<string>();
  for (const { method, pointer, id, resource } of found) {
    if (!kept.has(id)) continue;
    const result = named.has(id)
      ? { skipped: "another method has the same ID" }
      : convertDiscoveryMethod(method, pointer, id, methodContext);
    named.add(id);
    if ("operation" in result) {
      if (resource) {
        result.operation.group = resource.name;
        if (resource.description) resources.set(resource.name, { description: resource.description });
      }
      operations.push(result.operation);
    } else {
      context.reportAt(
        "warning",
        "OPERATION_SKIPPED",
        `method ${JSON.stringify(id)} is left out: ${result.skipped}`,
        { file: document.location, ...document.locate(pointer) },
        "the other methods are unaffected",
      );
    }
  }
  if (operations.length === 0) {
    const hint = "check includeOperations and excludeOperations";
    context.report("warning", "NO_OPERATIONS", `no method of ${document.id} is left to call`, "", hint);
  }
  return { operations, groups: groupsOf(operations, resources) };
}

/** The resource a method sits under: its path of resource names, and what the document says of it. */
interface DiscoveryResource {
  name: string;
  description?: string;
}

/** The method IDs the unit's filters keep; a pattern that matches nothing is a warning. */
function filteredIds(context: DiscoveryContext, document: SpecDocument, ids: string[]): Set<string> {
  const { includeOperations, excludeOperations } = context.unit.backend;
  const { kept, unused } = filterIds(ids, includeOperations, excludeOperations, matchesGlob);
  for (const { field, index } of unused) {
    context.report(
      "warning",
      "FILTER_UNUSED",
      `${field}[${index}] matches no method of ${document.id}`,
      `/${field}/${index}`,
      "method IDs look like api.resource.method; * matches one segment (a leading * one or more), ** any number",
    );
  }
  return kept;
}

/** What converting methods needs; partial conversions are reported once per message. */
function methodContextFor(context: DiscoveryContext, document: SpecDocument): DiscoveryMethodContext {
  const schemas = (document.value as Data).schemas;
  const warned = new Set<string>();
  return {
    schemas: (typeof schemas === "object" && schemas !== null ? schemas : {}) as Data,
    defs: new SchemaDefs(),
    warn(message, pointer) {
      if (warned.has(message)) return;
      warned.add(message);
      const at = { file: document.location, ...document.locate(pointer) };
      context.reportAt(
        "warning",
        "DISCOVERY_PARTIAL",
        message,
        at,
        "the rest of the method compiles as usual",
      );
    },
  };
}

/**
 * Methods of a resource and of its nested resources, with their pointers and IDs. A method without an
 * `id` is named as Google names its methods: the API's name, the resource path and the method's key
 * (`oauth2.userinfo.v2.me.get`).
 */
function* methodsOf(
  resource: Data,
  pointer: string,
  path: readonly string[],
  depth = 0,
  resourcePath: readonly string[] = [],
): Generator<{ method: Data; pointer: string; id: string; resource?: DiscoveryResource }> {
  if (depth > 32) return;
  const described = typeof resource.description === "string" ? resource.description : undefined;
  const own: DiscoveryResource | undefined =
    resourcePath.length > 0
      ? { name: resourcePath.join("."), ...(described ? { description: described } : {}) }
      : undefined;
  const methods = resource.methods;
  if (typeof methods === "object" && methods !== null) {
    for (const [name, method] of Object.entries(methods)) {
      if (typeof method !== "object" || method === null) continue;
      const { id } = method as Data;
      yield {
        method: method as Data,
        pointer: joinPointer(pointer, "methods", name),
        id: typeof id === "string" && id !== "" ? id : [...path, name].join("."),
        ...(own ? { resource: own } : {}),
      };
    }
  }
  const resources = resource.resources;
  if (typeof resources === "object" && resources !== null) {
    for (const [name, child] of Object.entries(resources)) {
      if (typeof child === "object" && child !== null)
        yield* methodsOf(child as Data, joinPointer(pointer, "resources", name), [...path, name], depth + 1, [
          ...resourcePath,
          name,
        ]);
    }
  }
}
