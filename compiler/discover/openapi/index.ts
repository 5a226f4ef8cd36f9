/**
 * `openapiEndpoints` / `openapiEndpoint`: an OpenAPI 3.0/3.1 document (Swagger 2.0 converted first),
 * from `specPath` or `specUrl`, becomes one operation per path and method. `$ref`s are followed only
 * inside the spec's folder; operations that cannot be expressed are skipped with a warning naming
 * them, never the whole spec. Types come from openapi-typescript (`types-module.ts`).
 * https://spec.openapis.org/oas/v3.1.0
 */
import type { AuthConfig, OpenapiConnection, OpenapiMethod } from "../../../runtime/contract/manifest.js";
import { joinPointer } from "../../load/pointer.js";
import type { ResolvedBackend } from "../../resolve/backend-types.js";
import { contentHash } from "../../shared/canonical.js";
import { readTextHash } from "../shared/inputs.js";
import { filterIds, matchesWildcard } from "../shared/operation-filter.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../shared/types.js";
import { SchemaDefs } from "../sources/defs.js";
import type { SpecDocument } from "../sources/parse.js";
import { SpecRefs } from "../sources/refs.js";
import { remoteConnection } from "../sources/remote-connection.js";
import { loadSpecSource } from "../sources/source.js";
import { openapiGroups } from "./groups.js";
import { operationNames } from "./names.js";
import {
  convertOperation,
  inputSchemaSkipped,
  label,
  type OperationContext,
  type OperationSite,
} from "./operation.js";
import { refusedByDefinitions } from "./schema-check.js";
import { apiBaseUrl } from "./server.js";
import {
  convertChecked,
  RECHECK,
  specPaths,
  specTypesWorker,
  startChecks,
  startSpecTypes,
  TYPES_AFTER_OPERATIONS,
  WORKER_SPEC_BYTES,
  withSpecTypes,
} from "./spec-workers.js";
import type { SpecTypes } from "./types-module.js";
import { openapiDocument } from "./version.js";

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

/** Discovers the operations of an OpenAPI unit; undefined (with diagnostics) when its spec is unusable. */
export function discoverOpenapi(context: DiscoverContext<"openapi">): Promise<UnitIR | undefined> {
  return convertChecked(context, discoverSpec);
}

/**
 * The unit's operations, its input schemas checked in a worker when `workerChecks` is set and the
 * spec is large: RECHECK when the worker refused one (the caller converts again with the checks in line).
 */
async function discoverSpec(
  context: DiscoverContext<"openapi">,
  workerChecks: boolean,
): Promise<UnitIR | undefined | typeof RECHECK> {
  // Converted in a call of its own, so that nothing of the parsed spec is held while the types are awaited.
  const converted = await convertSpec(context, workerChecks);
  if (converted === undefined || converted === RECHECK) return converted;
  const { unit, specId, specPointer } = converted;
  const written = await converted.types.done;
  const { operations, typesModule } = withSpecTypes(unit.operations, written, (problem) => {
    const message = `openapi-typescript could not type ${specId} (${problem}); the types are printed from the operations' JSON Schemas instead`;
    const hint = "fix the part of the spec the message names; the generated client works as usual meanwhile";
    context.report("warning", "OPENAPI_TYPES_FALLBACK", message, specPointer, hint);
  });
  for (const { schema, problem } of "fallbacks" in written ? written.fallbacks : []) {
    const message = `the type openapi-typescript writes for schema ${JSON.stringify(schema)} of ${specId} does not compile (${problem}); it is typed unknown`;
    const hint =
      "fix the schema the message names (a type beside oneOf or anyOf is a common cause); the rest of the types are unaffected";
    context.report("warning", "OPENAPI_TYPES_FALLBACK", message, specPointer, hint);
  }
  return { ...unit, operations, ...(typesModule ? { typesModule } : {}) };
}

/** What {@link convertSpec} gives: the unit without its types, and the types being written. */
interface ConvertedSpec {
  unit: UnitIR;
  types: { done: Promise<SpecTypes | { problem: string }> };
  specId: string;
  specPointer: string;
}

/** The unit's operations converted, with its spec's types started (see {@link TYPES_AFTER_OPERATIONS}). */
async function convertSpec(
  context: DiscoverContext<"openapi">,
  workerChecks: boolean,
): Promise<ConvertedSpec | undefined | typeof RECHECK> {
  const { backend } = context.unit;
  const root = await loadSpecSource(context);
  if (!root) return undefined;
  const specPointer = backend.specPath !== undefined ? "/specPath" : "/specUrl";
  const version = await openapiDocument(root.value);
  if ("problem" in version) {
    const hint = "point the unit at an OpenAPI 3.0, 3.1 or Swagger 2.0 document";
    context.report("error", "SPEC_INVALID", `${root.id}: ${version.problem}`, specPointer, hint);
    return undefined;
  }
  const base = apiBaseUrl(backend, version.spec, root.location);
  if ("problem" in base) {
    context.report("error", "BASE_URL_MISSING", base.problem, specPointer, base.hint);
    return undefined;
  }
  // Refs are checked in the document as written, so positions are exact even for Swagger 2.0.
  const loaded = await SpecRefs.load(root, (...args) => context.reportAt(...args));
  const refs = version.converted ? loaded.withRootValue(version.spec) : loaded;
  const sites = keptSites(context, root.id, operationSites(refs));
  const size = refs.documents().reduce((sum, document) => sum + document.text.length, 0);
  // The spec's types are written while the operations are converted (see types-module.ts), unless
  // the spec is so large that the two together take too much memory. Their worker starts first: the
  // types are what the compile waits for longest.
  const after = sites.kept.length >= specPaths.typesAfterOperations;
  const thread = after ? undefined : await specTypesWorker(size);
  const checks = workerChecks && size >= WORKER_SPEC_BYTES ? await startChecks() : undefined;
  // The types are those of the unit's operations and the components they reach, filtered or not: a
  // spec's components an operation never reaches (GitHub REST's webhook payloads, 1.6 of its 3.7 MB
  // of types) type nothing the unit has.
  const beside = after ? undefined : await startSpecTypes(refs, sites.kept, thread);
  const conversion = {
    ...operationContext(refs, version.dialect, backend),
    ...(checks ? { inputChecks: checks } : {}),
  };
  const discovered = discoverOperations(refs, conversion, sites.kept);
  if (checks && !(await checks.accepted(conversion.defs.all()))) return RECHECK;
  if (discovered.length === 0) {
    const message = `${root.id} describes no operation unitc can call`;
    const hint = sites.filtered
      ? "check includeOperations and excludeOperations"
      : "check that the spec has paths";
    context.report("warning", "NO_OPERATIONS", message, specPointer, hint);
  }
  const types = beside ?? (await startSpecTypes(refs, sites.kept, await specTypesWorker(size)));
  const groups = openapiGroups(refs.root.value, sites.kept, discovered);
  const unit: UnitIR = {
    unit: context.unit,
    connection: connection(backend, base.baseUrl, root.location),
    operations: discovered,
    sourceHash: contentHash({
      kind: "openapi",
      backend: context.unit.declared,
      documents: refs.documents().map(textHash),
    }),
    ...(groups.length > 0 ? { manifestExtras: { groups } } : {}),
  };
  return { unit, types, specId: root.id, specPointer };
}

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

function connection(
  backend: ResolvedBackend<"openapi">,
  baseUrl: string,
  location: string,
): OpenapiConnection {
  return remoteConnection("openapi", backend, baseUrl, location);
}

/**
 * The operations the unit's `includeOperations` / `excludeOperations` keep (`filtered` when it has
 * either), matched on the names the operations would have; a pattern matching none is a warning.
 */
function keptSites(
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
function operationSites(refs: SpecRefs): OperationSite[] {
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

function textHash(document: SpecDocument): string {
  // The hash its read recorded (the same sha256 of the text), when discovery read it from a file.
  return `${document.id}:${readTextHash(document.text)}`;
}
