/**
 * Configured GraphQL operations: each entry's `document` (inline) or `documentPath` is parsed, its
 * operation chosen (`operationName` is required when the document holds several), and the whole
 * document validated against the schema. Problems point at the line and column inside the document:
 * in its own file, or, for an inline document, inside the config or unit file that holds it.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import type { GraphqlOperation } from "../../../runtime/contract/config-types.generated.js";
import type { DiagnosticCode } from "../../codes/diagnostics.js";
import { joinPointer } from "../../load/pointer.js";
import type { Known } from "../../resolve/backend-types.js";
import { readInput, recordInput } from "../shared/inputs.js";
import type { GraphqlContext } from "./index.js";
import { type DocumentLocator, fileLocator, inlineLocator } from "./positions.js";
import { finalDocument, type PreparedOperation } from "./prepare.js";

/** A configured operation as its schema types it. */
type Entry = Known<GraphqlOperation>;

/** Problems reported per document; the rest are counted in the last one. */
const MAX_DOCUMENT_PROBLEMS = 10;

interface LoadedDocument {
  text: string;
  locate: DocumentLocator;
}

/** Prepares every configured operation; entries with problems are reported and left out. */
export async function configuredOperations(
  context: GraphqlContext,
  schema: GraphQLSchema,
  operations: Readonly<Record<string, GraphqlOperation | undefined>>,
): Promise<PreparedOperation[]> {
  const out: PreparedOperation[] = [];
  for (const [name, entry] of Object.entries(operations)) {
    if (entry === undefined) continue;
    const pointer = joinPointer("/operations", name);
    const loaded = await loadDocument(context, pointer, entry);
    if (!loaded) continue;
    const prepared = prepareConfigured(context, schema, name, entry, pointer, loaded);
    if (prepared) out.push(prepared);
  }
  return out;
}

async function loadDocument(
  context: GraphqlContext,
  pointer: string,
  entry: Entry,
): Promise<LoadedDocument | undefined> {
  if (entry.document !== undefined) {
    const { map, backendPointer } = context.unit.source;
    const at = map.locate(`${backendPointer}${pointer}/document`);
    const fileText = await readFile(map.file, "utf8").catch(() => "");
    return { text: entry.document, locate: inlineLocator(fileText, map.file, at) };
  }
  const file = resolve(context.unit.baseDir, String(entry.documentPath));
  recordInput(file);
  try {
    const text = await readInput(file);
    return { text, locate: fileLocator(file) };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "cannot be read";
    context.report(
      "error",
      "GRAPHQL_DOCUMENT_MISSING",
      `documentPath ${JSON.stringify(entry.documentPath)} ${reason}`,
      `${pointer}/documentPath`,
      "point documentPath at a .graphql file, relative to the file that declares it",
    );
    return undefined;
  }
}

function prepareConfigured(
  context: GraphqlContext,
  schema: GraphQLSchema,
  name: string,
  entry: Entry,
  pointer: string,
  loaded: LoadedDocument,
): PreparedOperation | undefined {
  const report = (error: GraphQLError, code: DiagnosticCode, hint: string, suffix = "") => {
    const at = error.locations?.[0];
    const location = at ? loaded.locate(at.line, at.column) : { ...loaded.locate(1, 1) };
    const message = error.message.replace(/^Syntax Error: /, "syntax error: ");
    context.reportAt("error", code, `operation "${name}": ${message}${suffix}`, location, hint);
  };
  let document: DocumentNode;
  try {
    document = parse(loaded.text);
  } catch (error) {
    report(error as GraphQLError, "GRAPHQL_DOCUMENT_SYNTAX", "fix the GraphQL syntax at this position");
    return undefined;
  }
  const operation = chooseOperation(context, name, entry, pointer, document);
  if (!operation) return undefined;
  const errors = validate(schema, document);
  errors.slice(0, MAX_DOCUMENT_PROBLEMS).forEach((error, index) => {
    const more = errors.length - MAX_DOCUMENT_PROBLEMS;
    const suffix = index === MAX_DOCUMENT_PROBLEMS - 1 && more > 0 ? ` (and ${more} more problems)` : "";
    report(error, "GRAPHQL_DOCUMENT_INVALID", "make the document match the unit's schema", suffix);
  });
  if (errors.length > 0) return undefined;
  const prepared: PreparedOperation = {
    name,
    operationType: operation.operation as "query" | "mutation",
    document: finalDocument(document, operation),
  };
  for (const field of ["description", "useWhen", "avoidWhen"] as const) {
    const value = entry[field];
    if (value !== undefined) prepared[field] = value;
  }
  if (entry.searchHints !== undefined) prepared.searchHints = entry.searchHints;
  return prepared;
}

/** The operation to run: the only one, or the one `operationName` names. */
function chooseOperation(
  context: GraphqlContext,
  name: string,
  entry: Entry,
  pointer: string,
  document: DocumentNode,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const names = operations.map((o) => o.name?.value ?? "(anonymous)");
  const wanted = entry.operationName;
  const fail = (message: string, at: string, hint: string): undefined => {
    context.report("error", "GRAPHQL_OPERATION", `operation "${name}": ${message}`, at, hint);
    return undefined;
  };
  if (operations.length === 0) {
    return fail("the document holds no operation, only fragments", pointer, "add a query or mutation");
  }
  let operation = operations[0];
  if (wanted !== undefined) {
    operation = operations.find((o) => o.name?.value === wanted);
    if (!operation) {
      return fail(
        `the document has no operation named ${wanted}`,
        `${pointer}/operationName`,
        `set operationName to one of: ${names.join(", ")}`,
      );
    }
  } else if (operations.length > 1) {
    return fail(
      `the document holds ${operations.length} operations, so operationName is required`,
      pointer,
      `set operationName to one of: ${names.join(", ")}`,
    );
  }
  if (operation?.operation === "subscription") {
    return fail(
      "subscriptions are not supported (they need a streaming transport)",
      pointer,
      "configure a query or mutation instead",
    );
  }
  return operation;
}
