/**
 * A GraphQL operation's invoke leaves out, from format 4, the operation type its document opens
 * with and the operation name when it is the operation's own name; reading puts both back in their
 * place. An anonymous operation, or one named otherwise, reads back as it was, and a format 3
 * manifest (which wrote both) gains nothing on reading.
 */
import { describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { checkManifest, type Manifest, type ManifestOperation } from "../../../runtime/contract/manifest.js";
import { graphqlManifest } from "../../support/manifest.js";

function operation(name: string, invoke: Record<string, unknown>): ManifestOperation {
  return {
    name,
    tsName: name,
    description: `Run ${name}.`,
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: { title: `Run ${name}.`, readOnlyHint: invoke.operationType === "query" },
    invoke: { kind: "graphql", ...invoke } as never,
    schemaHash: "sha256:0000000000000000",
  };
}

const named = operation("query_viewer", {
  operationType: "query",
  document: "query query_viewer{viewer{login}}",
  operationName: "query_viewer",
});
const mutation = operation("mutation_star", {
  operationType: "mutation",
  document: "mutation mutation_star($id:ID!){addStar(input:{starrableId:$id}){clientMutationId}}",
  operationName: "mutation_star",
});
const anonymous = operation("viewer", { operationType: "query", document: "{viewer{login}}" });
const other = operation("viewer2", {
  operationType: "query",
  document: "query Viewer{viewer{login}}",
  operationName: "Viewer",
});

describe("GraphQL invokes in format 4", () => {
  it("leave out the operation type and a name the operation already has", () => {
    const written = JSON.parse(manifestText(graphqlManifest([named, mutation]))) as Manifest;
    const invokes = written.units[0]?.operations.map((op) => op.invoke);
    const document = (op: ManifestOperation) => (op.invoke as { document: string }).document;
    expect(invokes).toEqual([{ document: document(named) }, { document: document(mutation) }]);
  });

  it("read back exactly, key order included, named otherwise or not at all", () => {
    const full = graphqlManifest([named, mutation, anonymous, other]);
    const read = checkManifest(JSON.parse(manifestText(full)));
    expect(JSON.stringify(read)).toBe(JSON.stringify(full));
  });

  it("derive nothing in a format 3 manifest", () => {
    const { kind: _kind, ...lean } = anonymous.invoke as unknown as Record<string, unknown>;
    const written = { ...graphqlManifest([]), format: 3 } as Manifest;
    const unit = { ...written.units[0], operations: [{ ...anonymous, invoke: lean }] };
    const read = checkManifest({ ...written, units: [unit] });
    expect(read.units[0]?.operations[0]?.invoke).toEqual(anonymous.invoke);
  });
});
