/**
 * Operation fields a format 3, 4 or 5 manifest leaves out where the rest of the operation says them:
 * the TypeScript name (the source name with `_` for what an identifier cannot hold), the MCP
 * annotations (title from the description's opening line, hints from the HTTP method or GraphQL
 * operation type), an OpenAPI or discovery operation's parameter list (the input schema's path,
 * query, header and cookie groups) and `invoke.kind` (the unit's kind). The compiler writes a field only where it
 * differs from what is derived here (`annotations: null` for none where some would be derived);
 * reading puts the derived value back, so every reader sees the operation the compiler had.
 */
import type { JsonSchema, ManifestOperation, ManifestParameter, ToolAnnotations } from "./manifest.js";
import { repeatRef, rootDefs, type SharedSchemas } from "./schema-defs.js";

type Data = Record<string, unknown>;

/** The TypeScript name a source name gets when no other operation wants it. */
export function derivedTsName(name: string): string {
  return name.replace(/[^A-Za-z0-9_$]/g, "_");
}

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
const DEPRECATED = "Deprecated. ";

/**
 * Annotations as the OpenAPI, discovery and GraphQL backends make them from the description and the
 * invoke; undefined when none, and for an invoke with neither a method nor a GraphQL operation type
 * (CLI actions and MCP tools carry what their author or server declared).
 */
export function derivedAnnotations(description: string, invoke: Data): ToolAnnotations | undefined {
  if (invoke.kind !== "graphql" && typeof invoke.method !== "string") return undefined;
  const annotations: ToolAnnotations = {};
  const opening = description.split("\n\n", 1)[0] ?? "";
  const title = (opening.startsWith(DEPRECATED) ? opening.slice(DEPRECATED.length) : opening).trim();
  if (title !== "") annotations.title = title;
  if (invoke.kind === "graphql") annotations.readOnlyHint = invoke.operationType === "query";
  else if (typeof invoke.method === "string") {
    if (READ_ONLY.has(invoke.method)) annotations.readOnlyHint = true;
    if (invoke.method === "DELETE") annotations.destructiveHint = true;
    if (invoke.method === "PUT" || invoke.method === "DELETE") annotations.idempotentHint = true;
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

const PLACES = ["path", "query", "header", "cookie"] as const;
const DEFS = "#/$defs/";

const isData = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `schema`, or the definition it is a bare `#/$defs/<name>` ref to (its own first, then the unit's). */
function resolved(schema: unknown, own: Data | undefined, shared: SharedSchemas | undefined): unknown {
  if (!isData(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith(DEFS)) return schema;
  const name = ref.slice(DEFS.length);
  // A repeat written with its description (format 4) names the same parameters as the bare one.
  if (Object.keys(schema).length !== 1 && repeatRef(schema) !== name) return schema;
  if (own !== undefined && Object.hasOwn(own, name)) return own[name];
  return shared !== undefined && Object.hasOwn(shared, name) ? shared[name] : undefined;
}

/**
 * The parameters an input schema's groups name, groups in OpenAPI's order, each in its properties'
 * order; `required` as the group lists it (always for path).
 */
export function derivedParameters(inputSchema: unknown, shared?: SharedSchemas): ManifestParameter[] {
  if (!isData(inputSchema) || !isData(inputSchema.properties)) return [];
  const own = rootDefs(inputSchema as JsonSchema);
  const parameters: ManifestParameter[] = [];
  for (const place of PLACES) {
    const group = resolved(inputSchema.properties[place], own, shared);
    if (!isData(group) || !isData(group.properties)) continue;
    const required = new Set(Array.isArray(group.required) ? group.required : []);
    for (const name of Object.keys(group.properties)) {
      parameters.push({ name, in: place, required: place === "path" || required.has(name) });
    }
  }
  return parameters;
}

const HAS_PARAMETERS = new Set(["openapi", "discovery"]);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The operation as a format 3, 4 or 5 manifest writes it (schemas as the unit's `shared` table leaves them):
 * a field is left out only where reading puts back the same value, and the whole operation is
 * written out when reading it back would not give the operation again, key order included.
 */
export function compactOperation(op: ManifestOperation, unitKind: string, shared?: SharedSchemas): Data {
  const compact = leaner(op, unitKind, shared, true);
  return same(expandOperation(compact, unitKind, shared), op) ? compact : leaner(op, unitKind, shared, false);
}

/**
 * The operation with what is derived left out (`lean`) or only the invoke's kind moved to the
 * unit: every other field is copied in the operation's order, so a field added to
 * {@link ManifestOperation} later is written without this function naming it.
 */
function leaner(
  op: ManifestOperation,
  unitKind: string,
  shared: SharedSchemas | undefined,
  lean: boolean,
): Data {
  const { kind, ...invokeRest } = op.invoke as unknown as Data;
  const invoke: Data = { ...(lean && kind === unitKind ? {} : { kind }), ...invokeRest };
  if (lean && kind === unitKind && kind === "graphql") {
    if (invoke.operationName === op.name) delete invoke.operationName;
    if (invoke.operationType === openingWord(invoke.document)) delete invoke.operationType;
  }
  if (
    lean &&
    HAS_PARAMETERS.has(kind as string) &&
    same(invoke.parameters, derivedParameters(op.inputSchema, shared))
  )
    delete invoke.parameters;
  const derived = derivedAnnotations(op.description, op.invoke as unknown as Data);
  // `null` says "none" where reading would derive some; it goes where the annotations would be.
  const annotations = lean && same(op.annotations, derived) ? undefined : (op.annotations ?? null);
  const written: Data = {};
  for (const [key, value] of Object.entries(op)) {
    if (key === "invoke" && annotations !== undefined && !Object.hasOwn(written, "annotations"))
      written.annotations = annotations;
    if (value === undefined) continue;
    if (key === "tsName" && lean && value === derivedTsName(op.name)) continue;
    if (key === "annotations") {
      if (annotations !== undefined) written.annotations = annotations;
    } else written[key] = key === "invoke" ? invoke : value;
  }
  return written;
}

/** The word a GraphQL document opens with (`query`, `mutation`): its first operation's type. */
const openingWord = (document: unknown) =>
  typeof document === "string" ? /^[a-z]+/.exec(document)?.[0] : undefined;

/**
 * A GraphQL invoke written without its kind (from format 4, in the unit's kind) with the operation type
 * its document opens with and the operation's own name put back where they were left out.
 */
function graphqlInvoke(rest: Data, name: unknown): Data {
  const { operationType = openingWord(rest.document), document, operationName = name, ...after } = rest;
  return { kind: "graphql", operationType, document, operationName, ...after };
}

/**
 * An invoke with its kind and, for OpenAPI and discovery, its parameters put back, in written order.
 * The parameters are derived on first read: only a call reads them, and a serve that starts with a
 * large bundle does not pay for every operation's at load.
 */
function expandedInvoke(raw: Data, unitKind: string, op: Data, shared?: SharedSchemas): Data {
  const { kind = unitKind, ...rest } = raw;
  if (op.graphqlNames === true && raw.kind === undefined && kind === "graphql")
    return graphqlInvoke(rest, op.name);
  const { inputSchema } = op;
  if (!HAS_PARAMETERS.has(kind as string) || rest.parameters !== undefined) return { kind, ...rest };
  const { method, path, ...after } = rest;
  const invoke: Data = { kind, method, path };
  let parameters: ManifestParameter[] | undefined;
  Object.defineProperty(invoke, "parameters", {
    enumerable: true,
    configurable: true,
    get: () => {
      parameters ??= derivedParameters(inputSchema, shared);
      return parameters;
    },
    set: (value: ManifestParameter[]) => {
      parameters = value;
    },
  });
  return Object.assign(invoke, after);
}

/**
 * An operation of a format 3, 4 or 5 manifest with the fields it leaves out put back (schemas
 * untouched); `graphqlNames` from format 4, which also leaves out what {@link graphqlInvoke} puts back.
 */
export function expandOperation(
  raw: Data,
  unitKind: string,
  shared?: SharedSchemas,
  graphqlNames = true,
): ManifestOperation {
  const { name, tsName, description, inputSchema, outputSchema, annotations, ...rest } = raw;
  const invoke = isData(rest.invoke)
    ? expandedInvoke(rest.invoke, unitKind, { name, inputSchema, graphqlNames }, shared)
    : rest.invoke;
  const annotated =
    annotations === null
      ? undefined
      : (annotations ?? (isData(invoke) ? derivedAnnotations(String(description), invoke) : undefined));
  const { invoke: _written, ...after } = rest;
  return {
    name,
    tsName: tsName ?? (typeof name === "string" ? derivedTsName(name) : name),
    description,
    inputSchema,
    ...(outputSchema !== undefined ? { outputSchema } : {}),
    ...(annotated !== undefined ? { annotations: annotated } : {}),
    invoke,
    ...after,
  } as unknown as ManifestOperation;
}
