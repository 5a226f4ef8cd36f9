/**
 * The TypeScript types of a GraphQL unit's operations, written by @graphql-codegen/core with the
 * typescript-operations plugin: one module of exported types for the whole unit (the enums and input
 * objects the operations use, and per operation its variables and its result) and, per operation,
 * the `$types.<name>` expressions of its input and output.
 * https://the-guild.dev/graphql/codegen/plugins/typescript/typescript-operations
 */
import { codegen } from "@graphql-codegen/core";
import * as typescriptOperations from "@graphql-codegen/typescript-operations";
import operationsPackage from "@graphql-codegen/typescript-operations/package.json" with { type: "json" };
// `graphql/index.js`, here and in every graphql*.ts: the file Node resolves `graphql` to, and so the
// copy @graphql-codegen uses. Tools that prefer the `module` field (vite, so vitest) would otherwise
// load `index.mjs` for this code: a second copy, whose schemas codegen rejects.
import { type DefinitionNode, type DocumentNode, type GraphQLSchema, Kind } from "graphql";
import type { TypesModule } from "../shared/types.js";
import { CodegenNames, codegenDocument } from "./codegen-names.js";
import type { PreparedOperation } from "./prepare.js";

/** Per tool name, the `$types` expressions of its variables and its result. */
export type OperationTypes = Map<string, { input: string; output: string }>;

export interface GeneratedTypes {
  module: TypesModule;
  operations: OperationTypes;
}

/**
 * Types match what the runtime accepts and returns: enums as string-literal unions (no values), `ID`
 * a string and lists only arrays (as in the variables' JSON Schema that validates input), names kept
 * as the schema spells them (a case change could make two names one).
 */
const CONFIG = {
  enumType: "string-literal",
  namingConvention: "keep",
  arrayInputCoercion: false,
  scalars: { ID: { input: "string", output: "string" } },
} as const;

/** A top-level line that declares a value, imports, or exports anything but a type. */
const NOT_A_TYPE =
  /^(?:export\s+(?!type\s|interface\s)|(?:declare|const|let|var|enum|function|class|import|namespace|module|abstract|async)\b)/m;

/** The generator named in the header of `spec-types.ts`. */
export const CODEGEN_GENERATOR = `@graphql-codegen/typescript-operations ${operationsPackage.version}`;

/**
 * Runs codegen over every operation of a unit. Operations and fragments are renamed for codegen
 * only (the documents the runtime sends stay as they are), so no two generated names meet.
 * Throws when codegen fails or writes something other than exported types.
 */
export async function generateOperationTypes(
  schema: GraphQLSchema,
  operations: readonly PreparedOperation[],
): Promise<GeneratedTypes> {
  const names = new CodegenNames(schema);
  const definitions: DefinitionNode[] = [];
  const types: OperationTypes = new Map();
  for (const operation of operations) {
    const renamed = codegenDocument(names, operation);
    definitions.push(...renamed.definitions);
    types.set(operation.name, renamed.types);
  }
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
  const output = await codegen({
    filename: "spec-types.ts",
    // The plugin reads the schema from `schemaAst`; the SDL document is only needed for document
    // transforms, which are not used, so an empty one spares printing a large schema.
    schema: { kind: Kind.DOCUMENT, definitions: [] },
    schemaAst: schema,
    documents: [{ location: "operations.graphql", document }],
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations },
    config: CONFIG,
    // Every document was validated against the schema already.
    skipDocumentsValidation: { skipValidationAgainstSchema: true },
  });
  const text = exportAll(output);
  checkModule(text, types);
  return { module: { generator: CODEGEN_GENERATOR, text }, operations: types };
}

/** Codegen leaves its `Exact` helper unexported; every declaration of the module is exported. */
function exportAll(text: string): string {
  const body = text.replace(/^type /gm, "export type ").trimEnd();
  return `${body.replace(/\n{3,}/g, "\n\n")}\n`;
}

/** Throws unless the module holds only exported types, each name once, among them every one `types` uses. */
function checkModule(text: string, types: OperationTypes): void {
  const bad = NOT_A_TYPE.exec(text);
  if (bad) throw new Error(`codegen wrote a declaration that is not a type: ${bad[0]}`);
  const declared = new Set<string>();
  for (const match of text.matchAll(/^export (?:type|interface) ([A-Za-z_$][\w$]*)/gm)) {
    const name = match[1] as string;
    if (declared.has(name)) throw new Error(`codegen declared ${name} twice`);
    declared.add(name);
  }
  for (const { input, output } of types.values()) {
    for (const expression of [input, output]) {
      const name = expression.replace(/^\$types\./, "");
      if (!declared.has(name)) throw new Error(`codegen wrote no type ${name}`);
    }
  }
}
