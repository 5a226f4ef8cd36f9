/**
 * Where a GraphQL unit's schema comes from: exactly one of `schemaPath` (a local SDL or introspection
 * file), `schemaUrl` (fetched) or `introspection: true` (the introspection query POSTed to
 * `endpointUrl`). Fetched text is cached for `operationCacheTtlMs`. Problems become diagnostics.
 */
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { type GraphQLSchema, getIntrospectionQuery } from "graphql";
import { readInput, recordInput } from "../shared/inputs.js";
import { fetchThroughCache } from "../sources/cached-fetch.js";
import { sameOrigin, tokenSource } from "../sources/fetch.js";
import type { GraphqlContext } from "./index.js";
import { type BuiltSchema, buildSchemaFromText } from "./schema.js";

/** A usable schema and the text it was built from (hashed into the unit's source hash). */
export interface LoadedSchema {
  schema: GraphQLSchema;
  text: string;
}

/** The introspection query sent for `introspection: true` (descriptions included). */
export const INTROSPECTION_QUERY = getIntrospectionQuery({ descriptions: true });

/** Loads the unit's schema; undefined (with diagnostics) when there is none to use. */
export async function loadGraphqlSchema(context: GraphqlContext): Promise<LoadedSchema | undefined> {
  const { schemaPath } = context.unit.backend;
  if (schemaPath !== undefined) return fromFile(context, schemaPath);
  const fetched = await fetchSource(context);
  if (!fetched) return undefined;
  const built = buildSchemaFromText(fetched.text);
  if (built.schema) {
    await fetched.store();
    return { schema: built.schema, text: fetched.text };
  }
  for (const problem of built.problems) {
    context.reportAt(
      "error",
      "GRAPHQL_SCHEMA_INVALID",
      `the schema from ${fetched.label} is not usable: ${problem.message}`,
      { ...context.unit.source.map.locate(`${context.unit.source.backendPointer}${fetched.pointer}`) },
      fetched.pointer === "/introspection"
        ? "the endpoint may not allow introspection: save its schema to a file and use schemaPath"
        : "fix the schema at its source, or save a corrected copy and use schemaPath",
    );
  }
  return undefined;
}

async function fromFile(context: GraphqlContext, schemaPath: string): Promise<LoadedSchema | undefined> {
  const file = resolve(context.unit.baseDir, schemaPath);
  recordInput(file);
  let text: string;
  try {
    text = await readInput(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "cannot be read";
    context.report(
      "error",
      "GRAPHQL_SCHEMA_MISSING",
      `schemaPath ${JSON.stringify(schemaPath)} ${reason}`,
      "/schemaPath",
      "point schemaPath at an SDL file or a saved introspection result, relative to the file that declares it",
    );
    return undefined;
  }
  const built = buildSchemaFromText(text);
  if (built.schema) return { schema: built.schema, text };
  reportFileProblems(context, file, built);
  return undefined;
}

function reportFileProblems(context: GraphqlContext, file: string, built: BuiltSchema): void {
  const sibling = built.format === "sdl" ? introspectionBeside(file) : undefined;
  const hint = sibling
    ? `an introspection result lies next to it: set schemaPath to ${basename(sibling)} instead`
    : built.format === "sdl"
      ? "fix the SDL at this position, or use an introspection result (JSON) of the same API"
      : "save the result of the introspection query (getIntrospectionQuery) as JSON";
  for (const problem of built.problems) {
    const at = problem.line === undefined ? { file } : { file, line: problem.line, column: problem.column };
    const kind = built.format === "sdl" ? "invalid SDL" : "invalid introspection result";
    context.reportAt("error", "GRAPHQL_SCHEMA_INVALID", `${kind}: ${problem.message}`, at, hint);
  }
}

/** A `.json` introspection result next to an SDL file (`schema.graphql` → `schema.json`), if any. */
function introspectionBeside(file: string): string | undefined {
  const stem = basename(file, extname(file));
  const candidates = [`${stem}.json`, "schema.json", "introspection.json"].map((n) => join(dirname(file), n));
  for (const candidate of new Set(candidates)) {
    if (!existsSync(candidate)) continue;
    try {
      const head = readFileHead(candidate);
      if (head.includes('"__schema"')) return candidate;
    } catch {
      // Unreadable: not a candidate.
    }
  }
  return undefined;
}

function readFileHead(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

interface Fetched {
  text: string;
  /** `schemaUrl …` or `introspection of …`, for messages. */
  label: string;
  /** The backend field the schema came from, for diagnostics. */
  pointer: "/schemaUrl" | "/introspection";
  /** Puts freshly fetched text into the cache. */
  store: () => Promise<void>;
}

/** Fetches (or reads from the cache) the text of a `schemaUrl` or of live introspection. */
async function fetchSource(context: GraphqlContext): Promise<Fetched | undefined> {
  const { backend } = context.unit;
  const { endpointUrl, schemaUrl } = backend;
  const auth = backend.auth ?? { type: "none" };
  const url = schemaUrl ?? endpointUrl;
  const pointer = schemaUrl !== undefined ? "/schemaUrl" : "/introspection";
  const label = schemaUrl !== undefined ? `schemaUrl ${url}` : `introspection of ${url}`;
  const body =
    schemaUrl !== undefined ? undefined : { query: INTROSPECTION_QUERY, operationName: "IntrospectionQuery" };
  // Credentials go to the endpoint's own origin only: a schemaUrl elsewhere is fetched without them.
  const sendAuth = sameOrigin(url, endpointUrl);
  const key = { kind: "graphql-schema", url, body: body ?? null, auth: sendAuth ? auth : null };
  const request = {
    url,
    ...(body ? { body } : {}),
    accept: "application/graphql-response+json, application/json, text/plain;q=0.9, */*;q=0.5",
    subject: "the schema",
    offline: "save the schema to a file and use schemaPath",
    authHint:
      "check the credentials the unit's auth refers to (they are read from the environment at build time)",
    ...(sendAuth
      ? { auth, oauth: { unitId: context.unit.id, resource: endpointUrl, ...tokenSource(context) } }
      : {}),
    timeoutMs: backend.requestTimeoutMs,
    env: process.env,
  };
  // Stored only once it has built into a schema, so a failed introspection is asked again next time.
  const fetched = await fetchThroughCache(
    { kind: "graphql", key, ttlMs: backend.operationCacheTtlMs, request },
    (message, hint) =>
      context.report("error", "GRAPHQL_SCHEMA_FETCH", `cannot load the schema: ${message}`, pointer, hint),
  );
  return fetched && { text: fetched.text, label, pointer, store: fetched.store };
}
