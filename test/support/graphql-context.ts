/**
 * A GraphQL unit's configured operations, discovered in memory: the schema built from SDL and the
 * unit's entry read as the config file would hold it (positions from a real source map), without a
 * project folder, the rest of the pipeline, codegen or emit.
 */
import { join, relative } from "node:path";
import { createDiagnostic, type Diagnostic, formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { configuredOperations } from "../../compiler/discover/graphql/documents.js";
import { toOperationIR } from "../../compiler/discover/graphql/prepare.js";
import { buildSchemaFromText } from "../../compiler/discover/graphql/schema.js";
import type { DiscoverContext, OperationIR } from "../../compiler/discover/shared/types.js";
import { parseDocument } from "../../compiler/load/parse-document.js";
import { withDefaults } from "../../compiler/resolve/backend-defaults.js";
import type { BackendFields } from "../../compiler/resolve/backend-types.js";
import type { ResolvedUnitOf } from "../../compiler/resolve/types.js";

type Data = Record<string, unknown>;

const PROJECT = join("/", "unitc-graphql-context");
const CONFIG_FILE = join(PROJECT, ".units", "config.json");

/** A discover context for unit `pets` with `entry` as its config entry; `text()` gives its diagnostics as the CLI prints them. */
export function graphqlContext(entry: Data): {
  context: DiscoverContext<"graphql">;
  backend: Data;
  text: () => string;
} {
  const backend: Data = { name: "pets", description: "The pets service.", auth: { type: "none" }, ...entry };
  const configText = `${JSON.stringify({ graphqlEndpoints: { pets: backend } }, null, 2)}\n`;
  const { sourceMap } = parseDocument(configText, { file: CONFIG_FILE, json: true });
  const backendPointer = "/graphqlEndpoints/pets";
  const unit = {
    id: "pets",
    kind: "graphql",
    name: "pets",
    description: "The pets service.",
    backend: withDefaults("graphql", backend as BackendFields["graphql"]),
    baseDir: join(PROJECT, ".units"),
    origin: { scope: "project", ...sourceMap.locate(backendPointer) },
    source: { map: sourceMap, backendPointer },
  } as unknown as ResolvedUnitOf<"graphql">;
  const diagnostics: Diagnostic[] = [];
  const context: DiscoverContext<"graphql"> = {
    unit,
    report(severity, code, message, pointer, hint) {
      const at = sourceMap.locateKey(`${backendPointer}${pointer}`);
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
    reportAt(severity, code, message, at, hint) {
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
  };
  const text = () => formatDiagnostics(diagnostics, (file) => relative(PROJECT, file));
  return { context, backend, text };
}

/** The operations `entry.operations` make of `sdl` for unit `pets`, and diagnostics as the CLI prints them. */
export async function graphqlOperations(
  sdl: string,
  entry: Data,
): Promise<{ operations: OperationIR[]; text: string }> {
  const built = buildSchemaFromText(sdl);
  if (!built.schema) throw new Error(`the schema does not build: ${JSON.stringify(built.problems)}`);
  const schema = built.schema;
  const { context, backend, text } = graphqlContext(entry);
  const prepared = await configuredOperations(
    context,
    schema,
    (backend.operations ?? {}) as Record<string, Data>,
  );
  return { operations: prepared.map((p) => toOperationIR(schema, p)), text: text() };
}
