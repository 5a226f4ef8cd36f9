/**
 * `openapiEndpoints` / `openapiEndpoint`: an OpenAPI 3.0/3.1 document (Swagger 2.0 converted first),
 * from `specPath` or `specUrl`, becomes one operation per path and method. `$ref`s are followed only
 * inside the spec's folder; operations that cannot be expressed are skipped with a warning naming
 * them, never the whole spec. The operations come from `spec-operations.ts`, the types from
 * openapi-typescript (`types-module.ts`).
 * https://spec.openapis.org/oas/v3.1.0
 */
import type { OpenapiConnection } from "../../../runtime/contract/manifest.js";
import type { ResolvedBackend } from "../../resolve/backend-types.js";
import { contentHash } from "../../shared/canonical.js";
import { readTextHash } from "../shared/inputs.js";
import type { DiscoverContext, UnitIR } from "../shared/types.js";
import type { SpecDocument } from "../sources/parse.js";
import { SpecRefs } from "../sources/refs.js";
import { remoteConnection } from "../sources/remote-connection.js";
import { loadSpecSource } from "../sources/source.js";
import { openapiGroups } from "./groups.js";
import { apiBaseUrl } from "./server.js";
import { discoverOperations, keptSites, operationContext, operationSites } from "./spec-operations.js";
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
  const usable = await usableSpec(context, root, specPointer);
  if (!usable) return undefined;
  const { version, baseUrl } = usable;
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
    connection: connection(backend, baseUrl, root.location),
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

/** The spec as an OpenAPI 3 document and the API's base URL; undefined (reported) when either is missing. */
async function usableSpec(context: DiscoverContext<"openapi">, root: SpecDocument, specPointer: string) {
  const version = await openapiDocument(root.value);
  if ("problem" in version) {
    const hint = "point the unit at an OpenAPI 3.0, 3.1 or Swagger 2.0 document";
    context.report("error", "SPEC_INVALID", `${root.id}: ${version.problem}`, specPointer, hint);
    return undefined;
  }
  const base = apiBaseUrl(context.unit.backend, version.spec, root.location);
  if ("problem" in base) {
    context.report("error", "BASE_URL_MISSING", base.problem, specPointer, base.hint);
    return undefined;
  }
  return { version, baseUrl: base.baseUrl };
}

function connection(
  backend: ResolvedBackend<"openapi">,
  baseUrl: string,
  location: string,
): OpenapiConnection {
  return remoteConnection("openapi", backend, baseUrl, location);
}

function textHash(document: SpecDocument): string {
  // The hash its read recorded (the same sha256 of the text), when discovery read it from a file.
  return `${document.id}:${readTextHash(document.text)}`;
}
