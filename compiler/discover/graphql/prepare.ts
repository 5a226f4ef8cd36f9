/**
 * A validated GraphQL operation → an `OperationIR`: the final document (the operation plus the
 * fragments it uses, printed without the characters GraphQL ignores), JSON Schemas of its variables and of its result, and a description.
 */
import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  print,
  stripIgnoredCharacters,
  visit,
} from "graphql";
import type { GraphqlInvoke } from "../../../runtime/contract/manifest.js";
import type { OperationIR } from "../shared/types.js";
import { variableDescriptions, variablesSchema } from "./input-schema.js";
import { resultSchema } from "./output-schema.js";

/** An operation ready to become IR; `document` holds it and the fragments it uses, nothing else. */
export interface PreparedOperation {
  /** The tool name (configured key, or `query_<field>`). */
  name: string;
  operationType: "query" | "mutation";
  document: DocumentNode;
  description?: string;
  useWhen?: string;
  avoidWhen?: string;
  /** Short phrases its author gave for search. */
  searchHints?: string[];
  /** The base of its generated type names (`Viewer` → `ViewerQuery`); default: the operation's name. */
  typeName?: string;
}

/** The operation and the fragments it reaches (transitively), in document order. */
export function finalDocument(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  const fragments = fragmentMap(document);
  const used = new Set<string>();
  const pending: DefinitionNode[] = [operation];
  while (pending.length > 0) {
    visit(pending.pop() as DefinitionNode, {
      FragmentSpread(node) {
        const name = node.name.value;
        const fragment = fragments.get(name);
        if (used.has(name) || !fragment) return;
        used.add(name);
        pending.push(fragment);
      },
    });
  }
  const definitions = document.definitions.filter(
    (d) => d === operation || (d.kind === Kind.FRAGMENT_DEFINITION && used.has(d.name.value)),
  );
  return { kind: Kind.DOCUMENT, definitions };
}

/** Fragment definitions by name. */
export function fragmentMap(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const out = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
  return out;
}

/** The operation definition of a final document. */
function operationOf(document: DocumentNode): OperationDefinitionNode {
  return document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
}

/** The IR of a prepared operation. */
export function toOperationIR(schema: GraphQLSchema, prepared: PreparedOperation): OperationIR {
  const operation = operationOf(prepared.document);
  const invoke: GraphqlInvoke = {
    kind: "graphql",
    operationType: prepared.operationType,
    // Only the runtime reads it, to send: indentation and line breaks were a third of GitHub's
    // generated documents (0.1 of its 1.35 MB manifest), and a server reads the document the same.
    document: stripIgnoredCharacters(print(prepared.document)),
  };
  if (operation.name) invoke.operationName = operation.name.value;
  return {
    name: prepared.name,
    description: describe(schema, prepared, operation),
    inputSchema: variablesSchema(schema, operation, variableDescriptions(schema, prepared.document)),
    outputSchema: resultSchema(schema, operation, fragmentMap(prepared.document)),
    annotations: { readOnlyHint: prepared.operationType === "query" },
    invoke,
    ...(prepared.searchHints ? { searchHints: prepared.searchHints } : {}),
  };
}

/**
 * The description agents see: the configured one, else that of the single root field, else a
 * sentence naming the operation. Per-operation `useWhen` / `avoidWhen` are appended as literal
 * lines, as the IR has no fields of its own for them.
 */
function describe(
  schema: GraphQLSchema,
  prepared: PreparedOperation,
  operation: OperationDefinitionNode,
): string {
  const lines = [
    prepared.description ?? rootFieldDescription(schema, operation) ?? fallback(prepared, operation),
  ];
  if (prepared.useWhen) lines.push(`Use when: ${prepared.useWhen}`);
  if (prepared.avoidWhen) lines.push(`Avoid when: ${prepared.avoidWhen}`);
  return lines.join("\n\n");
}

function rootFieldDescription(schema: GraphQLSchema, operation: OperationDefinitionNode): string | undefined {
  const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
  if (fields.length !== 1 || operation.selectionSet.selections.length !== 1) return undefined;
  const root = schema.getRootType(operation.operation);
  const description = root?.getFields()[fields[0]?.name.value ?? ""]?.description?.trim();
  return description || undefined;
}

function fallback(prepared: PreparedOperation, operation: OperationDefinitionNode): string {
  return `GraphQL ${prepared.operationType} ${operation.name?.value ?? prepared.name}.`;
}
