/**
 * `graphqlEndpoints` / `graphqlEndpoint`: the schema (file, URL or live introspection) plus configured
 * operations, or, when none are configured, one generated operation per Query and Mutation field.
 * Every document is validated against the schema; each operation gets JSON Schemas of its variables
 * and of its result, and keeps its final document for the runtime.
 */
import { createHash } from "node:crypto";
import { type GraphQLSchema, parse, validate } from "graphql";
import type { GraphqlConnection } from "../../../runtime/contract/manifest.js";
import { remoteResponseCap } from "../../resolve/backend-defaults.js";
import type { ResolvedBackend } from "../../resolve/backend-types.js";
import { contentHash } from "../../shared/canonical.js";
import type { DiscoverContext, OperationIR, TypesModule, UnitIR } from "../shared/types.js";
import type { GeneratedTypes } from "./codegen.js";
import { configuredOperations } from "./documents.js";
import { generateOperations, MAX_GENERATED_CHARS, type SelectionCut } from "./generate.js";
import { returnTypeGroups } from "./groups.js";
import { type PreparedOperation, toOperationIR } from "./prepare.js";
import { loadGraphqlSchema } from "./source.js";

/** What a GraphQL discoverer gets. */
export type GraphqlContext = DiscoverContext<"graphql">;

/** Builds the operations of a GraphQL unit; undefined (with diagnostics) when its schema is unusable. */
export async function discoverGraphql(context: GraphqlContext): Promise<UnitIR | undefined> {
  const { backend } = context.unit;
  const loaded = await loadGraphqlSchema(context);
  if (!loaded) return undefined;
  const configured = backend.operations ?? {};
  const prepared =
    Object.keys(configured).length > 0
      ? await configuredOperations(context, loaded.schema, configured)
      : generatedOperations(context, loaded.schema);
  const operations = prepared.map((p) => toOperationIR(loaded.schema, p));
  const groups = returnTypeGroups(loaded.schema, prepared, operations);
  const typesModule = await withCodegenTypes(context, loaded.schema, prepared, operations);
  return {
    unit: context.unit,
    connection: graphqlConnection(backend),
    operations,
    ...(typesModule ? { typesModule } : {}),
    ...(groups.length > 0 ? { manifestExtras: { groups } } : {}),
    sourceHash: contentHash({
      kind: "graphql",
      backend: context.unit.declared,
      schema: createHash("sha256").update(loaded.text).digest("hex"),
      documents: operations.map((o) => (o.invoke as { document: string }).document),
    }),
  };
}

/**
 * Sets each operation's `types` from codegen and returns codegen's module. When codegen fails the
 * unit still compiles: a warning, and emit prints the types from the JSON Schemas instead.
 */
async function withCodegenTypes(
  context: GraphqlContext,
  schema: GraphQLSchema,
  prepared: readonly PreparedOperation[],
  operations: readonly OperationIR[],
): Promise<TypesModule | undefined> {
  if (prepared.length === 0) return undefined;
  // Loaded on first use: codegen takes a third of a second to import, which other builds need not pay.
  const { CODEGEN_GENERATOR, generateOperationTypes } = await import("./codegen.js");
  let generated: GeneratedTypes;
  try {
    generated = await generateOperationTypes(schema, prepared);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    context.report(
      "warning",
      "GRAPHQL_CODEGEN_FAILED",
      `${CODEGEN_GENERATOR} could not type the operations (${reason}); their types are printed from their JSON Schemas instead`,
      "",
      "the client still compiles and works; if the operations look right, report this with the schema and documents",
    );
    return undefined;
  }
  for (const operation of operations) {
    const types = generated.operations.get(operation.name);
    if (types) operation.types = types;
  }
  return generated.module;
}

/** What the runtime needs to call the endpoint; `maxResponseBytes` is the HTTP default (no field sets it). */
function graphqlConnection(backend: ResolvedBackend<"graphql">): GraphqlConnection {
  return {
    kind: "graphql",
    endpointUrl: backend.endpointUrl,
    auth: backend.auth ?? { type: "none" },
    requestTimeoutMs: backend.requestTimeoutMs,
    maxResponseBytes: remoteResponseCap(),
  };
}

/**
 * Generated operations, each validated; one that does not validate is reported and left out. The
 * generator writes only documents that validate, so one that does not is a bug in unitc; `generate`
 * is a parameter so a test can put such a document in.
 */
export function generatedOperations(
  context: GraphqlContext,
  schema: GraphQLSchema,
  generate: typeof generateOperations = generateOperations,
): PreparedOperation[] {
  const depth = context.unit.backend.selectionDepth;
  const out: PreparedOperation[] = [];
  const all = generate(schema, depth);
  const shallower = all.filter((g) => g.depth < depth).map((g) => g.name);
  if (shallower.length > 0) {
    context.report(
      "info",
      "GRAPHQL_DEPTH_LOWERED",
      `${shallower.length} generated operations use a smaller selectionDepth than ${depth} to stay under ${MAX_GENERATED_CHARS} characters: ${shallower.slice(0, 5).join(", ")}${shallower.length > 5 ? ", …" : ""}`,
      "/selectionDepth",
      "lower selectionDepth, or configure these operations with documents of your own",
    );
  }
  for (const generated of all) {
    if (generated.cut) reportCut(context, generated.name, generated.cut);
    const wanted = `${generated.operationType}_${generated.field}`;
    if (generated.name !== wanted) {
      context.report(
        "warning",
        "OPERATION_RENAMED",
        `generated operation ${wanted} is named ${JSON.stringify(generated.name)}: tool names are at most 64 characters`,
        "",
        "configure the field under operations with a shorter name of your own to choose the name",
      );
    }
    const document = parse(generated.text);
    const errors = validate(schema, document);
    if (errors.length > 0) {
      context.report(
        "warning",
        "GRAPHQL_GENERATED_INVALID",
        `generated operation ${generated.name} is left out: ${errors[0]?.message}`,
        "",
        "this is a bug in unitc: please report it with the schema; until then, configure this operation under operations with a document of your own",
      );
      continue;
    }
    out.push({
      name: generated.name,
      operationType: generated.operationType,
      document,
      description: generated.description,
      typeName: generated.field,
    });
  }
  return out;
}

/** Warns that a generated operation selects only part of its root field's type. */
function reportCut(context: GraphqlContext, name: string, cut: SelectionCut): void {
  const what = cut.kind === "members" ? `members of ${cut.type}` : `selections of ${cut.type}`;
  context.report(
    "warning",
    "GRAPHQL_SELECTION_CUT",
    `generated operation ${name} selects more than ${MAX_GENERATED_CHARS} characters even one level deep: it keeps ${cut.kept} of the ${cut.total} ${what}, scalar fields only`,
    "",
    "the other operations are unaffected; to select other parts of this field, configure it under operations with a document of your own",
  );
}
