/**
 * The types module of an OpenAPI unit, written by openapi-typescript: `paths`, `components`,
 * `operations` and the rest, which the operations' `$types.operations[…]` (or `$types.paths[…][…]`)
 * expressions index.
 *
 * It runs openapi-typescript's transform on the document `types-document.ts` builds, not
 * `openapiTS()`: that entry point first lints and bundles the spec with Redocly, whose resolver
 * reads files and fetches URLs a `$ref` names (unitc decides which `$ref`s are followed, and has
 * already followed them), fails on lint errors unitc reports as warnings (duplicate operationIds),
 * and takes as long again as the transform. The transform reads only the document it is given.
 *
 * For a large spec it runs in a worker thread (this same file), beside the conversion of the
 * operations: GitHub's REST spec takes seconds either way.
 * https://openapi-ts.dev/node
 */
import { createRequire } from "node:module";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { GlobalContext, OpenAPI3 } from "openapi-typescript";
import oatsPackage from "openapi-typescript/package.json" with { type: "json" };
import { compileCache } from "../../../runtime/shared/compile-cache.js";
import type { TypesModule } from "../shared/types.js";
import { dropAbsentInOperations } from "./types-absent.js";
import { checkTypesModule } from "./types-check.js";
import { dropAbsentMembers, dropOperationComments } from "./types-paths.js";
import { printTypes } from "./types-print.js";

/** The generator named in the header of `spec-types.ts`. */
export const OPENAPI_TYPES_GENERATOR = `openapi-typescript ${oatsPackage.version}`;

/** Marks the worker's data, so the file knows it was started as the worker. */
const WORKER_KEY = "unitcOpenapiTypes";

/**
 * openapi-typescript's options, chosen so types say what the runtime accepts: a property with a
 * `default` stays optional (the runtime does not fill it in), a bare `{ type: object }` is any object
 * (as it is to the validator), and no enums or other values are written.
 */
const OPTIONS = {
  additionalProperties: false,
  alphabetize: false,
  arrayLength: false,
  defaultNonNullable: false,
  emptyObjectsUnknown: true,
  enum: false,
  enumValues: false,
  conditionalEnums: false,
  dedupeEnums: false,
  excludeDeprecated: false,
  exportType: false,
  immutable: false,
  rootTypes: false,
  rootTypesNoSchemaPrefix: false,
  rootTypesKeepCasing: false,
  pathParamsAsTypes: false,
  propertiesRequiredByDefault: false,
  silent: true,
  makePathsEnum: false,
  generatePathParams: false,
  readWriteMarkers: false,
} as const;

/** A component schema typed `unknown` because the types written for it did not compile. */
export interface SchemaFallback {
  schema: string;
  /** The first TypeScript error in it. */
  problem: string;
}

/** The spec's types module, and the schemas typed `unknown` so that it compiles. */
export interface SpecTypes extends TypesModule {
  fallbacks: SchemaFallback[];
}

/** Rounds of typing offending schemas `unknown` before the whole module is given up. */
const MAX_CHECK_ROUNDS = 3;

/**
 * The module for `source` (the document, or its JSON text), whose `$ref`s must all be local,
 * type-checked (see types-check.ts): a component schema whose types do not compile is typed
 * `unknown` and listed. Rejects when openapi-typescript fails, writes anything but type and interface
 * declarations, or writes types that do not compile outside any component schema. openapi-typescript
 * and TypeScript are loaded on first use: only a compile with an OpenAPI unit needs them. Given the
 * text (as the worker is), the parsed document lives only while openapi-typescript reads it, not
 * while the types are printed and checked (for Microsoft Graph, about 50 MB).
 */
export async function generateOpenapiTypes(source: Record<string, unknown> | string): Promise<SpecTypes> {
  const oats = await import("openapi-typescript");
  // CommonJS: `require` gives the module as TypeScript's own types describe it.
  const ts = createRequire(import.meta.url)("typescript") as typeof import("typescript");
  const fallbacks: SchemaFallback[] = [];
  for (let round = 0; round < MAX_CHECK_ROUNDS; round++) {
    const unknown = fallbacks.map((fallback) => fallback.schema);
    const nodes = transformed(oats, ts, source, unknown);
    // Only `components` is read again, by the check (its schemas on a reference cycle).
    const { text, kept } = printTypes(ts, nodes, (node) => declares(ts, node, "components"));
    const check = checkTypesModule(ts, text, kept);
    if ("ok" in check) return { generator: OPENAPI_TYPES_GENERATOR, text, fallbacks };
    if ("problem" in check) throw new Error(`the types it writes do not compile (${check.problem})`);
    for (const [schema, problem] of check.schemas) fallbacks.push({ schema, problem });
  }
  throw new Error(`the types it writes still do not compile with ${fallbacks.length} schemas typed unknown`);
}

/** Whether `node` is the interface named `name`. */
function declares(ts: typeof import("typescript"), node: import("typescript").Node, name: string): boolean {
  return ts.isInterfaceDeclaration(node) && ts.idText(node.name) === name;
}

/** `document` with the named component schemas replaced by `{}`, which is typed `unknown`. */
function withUnknownSchemas(document: Record<string, unknown>, names: string[]): Record<string, unknown> {
  if (names.length === 0) return document;
  const components = (document.components ?? {}) as Record<string, unknown>;
  const schemas = { ...((components.schemas ?? {}) as Record<string, unknown>) };
  for (const name of names) schemas[name] = {};
  return { ...document, components: { ...components, schemas } };
}

/**
 * openapi-typescript's nodes for the document `source` is or holds, with the schemas named `unknown`
 * typed so, checked and trimmed (see the functions called). A document parsed here is garbage once
 * this returns: nothing it holds is in the nodes.
 */
function transformed(
  oats: typeof import("openapi-typescript"),
  ts: typeof import("typescript"),
  source: Record<string, unknown> | string,
  unknown: string[],
): import("typescript").Node[] {
  const document = typeof source === "string" ? (JSON.parse(source) as Record<string, unknown>) : source;
  const spec = withUnknownSchemas(document, unknown) as unknown as OpenAPI3;
  const context: GlobalContext = {
    ...OPTIONS,
    discriminators: oats.scanDiscriminators(spec, { silent: true }),
    injectFooter: [],
    postTransform: undefined,
    transform: undefined,
    transformProperty: undefined,
    // Read only by openapiTS()'s lint and bundle steps, which are not run.
    redoc: undefined as unknown as GlobalContext["redoc"],
    resolve: ($ref) => oats.resolveRef(spec, $ref, { silent: true }),
  };
  const nodes = [...oats.transformSchema(spec, context)];
  const other = nodes.find((node) => !ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node));
  if (other !== undefined) {
    throw new Error(`openapi-typescript wrote a ${ts.SyntaxKind[other.kind]}, not only types`);
  }
  checkNames(ts, nodes);
  dropOperationComments(ts, nodes);
  dropAbsentMembers(ts, nodes);
  dropAbsentInOperations(ts, nodes);
  return nodes;
}

/**
 * An identifier openapi-typescript builds: a name, or a string literal it makes as an identifier
 * (`JSON.stringify` of an enum value). Anything else would be printed as written, as code.
 */
const NAME = /^(?:[A-Za-z_$][A-Za-z0-9_$]*|"(?:[^"\\\n\r]|\\.)*")$/;

/**
 * Throws when a spec string reached an identifier: openapi-typescript names a `$ref`'s target by its
 * first pointer token as written. unitc rewrites every `$ref` it gives openapi-typescript to name a
 * component, so this is a guard for positions that rewrite does not know.
 */
function checkNames(ts: typeof import("typescript"), nodes: readonly import("typescript").Node[]): void {
  const visit = (node: import("typescript").Node): void => {
    if (ts.isIdentifier(node) && !NAME.test(ts.idText(node))) {
      throw new Error(`openapi-typescript would write ${JSON.stringify(ts.idText(node))} as a name`);
    }
    ts.forEachChild(node, visit);
  };
  for (const node of nodes) visit(node);
}

type WorkerReply = { module: SpecTypes } | { error: string };

/**
 * The worker's young generation, in MB. Left to V8 it grows as large as the main thread's while
 * both threads run: for GitHub's REST spec about 70 MB of the compile's peak memory (695 → 622 MB
 * with this limit), and its CPU time measured no higher (bench/openapi-github.mjs).
 */
const YOUNG_MB = 24;

/** A thread for {@link generateOpenapiTypes}, loading openapi-typescript and TypeScript as it waits. */
export interface TypesWorker {
  /** The module for `document`; call it once. */
  run(document: Record<string, unknown>): Promise<SpecTypes>;
  /** Ends the thread when it will not be given a document. */
  stop(): void;
}

/**
 * A worker thread for the spec's types, started before its document is ready: loading
 * openapi-typescript and TypeScript (about half a second) overlaps the making of the document.
 * Undefined when this file is not one Node can start (from TypeScript sources, as in tests).
 */
export function startTypesWorker(): TypesWorker | undefined {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".js")) return undefined;
  const thread = new Worker(self, {
    workerData: { [WORKER_KEY]: true },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
  });
  const reply = new Promise<SpecTypes>((resolve, reject) => {
    thread.once("message", (message: WorkerReply) => {
      if ("module" in message) resolve(message.module);
      else reject(new Error(message.error));
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the types worker stopped (exit code ${code})`)));
  });
  // A thread stopped unused rejects with no one waiting; one never given a document (the conversion
  // failed first) does not hold the process open.
  reply.catch(() => undefined);
  thread.unref();
  return {
    run(document) {
      thread.ref();
      // As JSON: it costs this thread less than a structured clone (GitHub's spec: about 50 ms
      // against 80), the document is plain data, and JSON.parse keeps a `__proto__` key an own property.
      thread.postMessage(JSON.stringify(document));
      return reply;
    },
    stop: () => void thread.terminate(),
  };
}

/**
 * {@link generateOpenapiTypes} in a worker thread when `worker` is set (a thread already started, or
 * true for a new one) and this file is one Node can start; else in this thread.
 */
export function openapiTypes(
  document: Record<string, unknown>,
  worker: boolean | TypesWorker | undefined,
): Promise<SpecTypes> {
  const thread = worker === true ? startTypesWorker() : worker || undefined;
  return thread ? thread.run(document) : generateOpenapiTypes(document);
}

function runAsWorker(): void {
  // A worker thread does not share its process's compile cache: without its own, the 9 MB of
  // TypeScript it loads would be compiled from source in every compile.
  compileCache();
  // Loaded while the document is on its way; generateOpenapiTypes finds them loaded. A failure to
  // load is said by generateOpenapiTypes's own attempt.
  const loading = import("openapi-typescript").then(() => createRequire(import.meta.url)("typescript"));
  loading.catch(() => undefined);
  parentPort?.once("message", async (text: string) => {
    let reply: WorkerReply;
    try {
      reply = { module: await generateOpenapiTypes(text) };
    } catch (error) {
      reply = { error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(reply);
    parentPort?.close();
  });
}

const started = isMainThread ? undefined : (workerData as Record<string, unknown> | null)?.[WORKER_KEY];
if (started === true) runAsWorker();
