/** Configured GraphQL operations, discovered in memory: documents, fragments, descriptions, annotations. */
import { describe, expect, it } from "vitest";
import type { GraphqlInvoke } from "../../../../runtime/contract/manifest.js";
import { PETS_SDL } from "../../../e2e/graphql-support.js";
import { graphqlOperations } from "../../../support/graphql-context.js";

function compileOperations(operations: Record<string, unknown>) {
  return graphqlOperations(PETS_SDL, {
    endpointUrl: "https://pets.example.com/graphql",
    schemaPath: "pets.graphql",
    selectionDepth: 3,
    operations,
  });
}

describe("configured GraphQL operations", () => {
  it("replace the generated ones", async () => {
    const { text, operations } = await compileOperations({ clock: { document: "{ now }" } });
    expect(text).toBe("");
    expect(operations.map((o) => o.name)).toEqual(["clock"]);
  });

  it("send only the chosen operation and the fragments it reaches, without the characters GraphQL ignores", async () => {
    const document = `
      query Other { pet(id: 1) { ...Unrelated } }
      query Mine($id: ID!) { pet(id: $id) { ...Outer } }
      fragment Outer on Pet { name ...Inner }
      fragment Inner on Pet { species }
      fragment Unrelated on Pet { id }`;
    const { text, operations } = await compileOperations({ mine: { document, operationName: "Mine" } });
    expect(text).toBe("");
    // Indentation and line breaks are a third of a generated document; the server reads it the same.
    expect((operations[0]?.invoke as GraphqlInvoke | undefined)?.document).toBe(
      "query Mine($id:ID!){pet(id:$id){...Outer}}fragment Outer on Pet{name ...Inner}fragment Inner on Pet{species}",
    );
  });

  it.each([
    [
      "a configured description",
      { document: "{ now }", description: "What time is it." },
      "What time is it.",
    ],
    ["the single root field's description", { document: "{ pet(id: 1) { id } }" }, "Look up one pet by ID."],
    ["a sentence naming the operation", { document: "{ now failing }" }, "GraphQL query op."],
    [
      "useWhen and avoidWhen as literal lines",
      { document: "query Now { now }", useWhen: "The user asks the time.", avoidWhen: "Never at night." },
      "GraphQL query Now.\n\nUse when: The user asks the time.\n\nAvoid when: Never at night.",
    ],
  ])("are described by %s", async (_name, entry, description) => {
    const { text, operations } = await compileOperations({ op: entry });
    expect(text).toBe("");
    expect(operations[0]?.description).toBe(description);
  });

  it("leave operationName out of the invoke of an anonymous operation, and mark queries read-only", async () => {
    const { operations } = await compileOperations({
      now: { document: "{ now }" },
      adopt: { document: 'mutation { addPet(input: { name: "a", species: CAT }) { id } }' },
    });
    expect(operations.map((o) => [o.invoke, o.annotations])).toEqual([
      [{ kind: "graphql", operationType: "query", document: "{now}" }, { readOnlyHint: true }],
      [expect.objectContaining({ operationType: "mutation" }), { readOnlyHint: false }],
    ]);
  });

  it("report a document holding only fragments, and keep the valid operations", async () => {
    const { text, operations } = await compileOperations({
      good: { document: "{ now }" },
      bad: { document: "fragment F on Pet { id }" },
    });
    expect(text).toMatch(
      /error GRAPHQL_OPERATION operation "bad": the document holds no operation, only fragments/,
    );
    expect(operations.map((o) => o.name)).toEqual(["good"]);
  });
});
