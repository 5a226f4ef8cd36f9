/**
 * The agent framework examples (examples/agents/) over the committed tour bundle, each driven by its
 * framework's loop with a scripted model (no network, no key): the model's tool call reaches the
 * examples' real petstore service, started on a free port, and the answer reaches the model.
 */

import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askPetstore } from "../../examples/agents/ai-sdk.js";
import { askBySearch } from "../../examples/agents/langchain.js";
import { askTourBySearch } from "../../examples/agents/mastra.js";
import { askTour } from "../../examples/agents/openai-agents.js";
import { redirectingFetch } from "../../examples/http-support.mjs";
import { startPetstoreServer } from "../../examples/openapi/server.mjs";
import { createUnits, type Units } from "../../generated/tour/bundle/index.js";
import { scriptedModel as aiModel, toolResults } from "../runtime/adapters/scripted-ai-model.js";
import { scriptedMastraModel as mastraModel } from "../runtime/adapters/scripted-mastra-model.js";
import { scriptedModel as agentsModel, outputs } from "../runtime/adapters/scripted-openai-model.js";

let petstore: { url: string; close(): Promise<void> };
let units: Units;

beforeAll(async () => {
  petstore = await startPetstoreServer({ port: 0 });
  units = createUnits({
    env: { PATH: process.env.PATH },
    fetch: redirectingFetch({ "http://127.0.0.1:4320": petstore.url }),
  });
});
afterAll(async () => {
  await units.$runtime.close();
  await petstore.close();
});

describe("examples/agents", () => {
  it("ai-sdk.ts: the model lists the dogs through the petstore tool", async () => {
    const { model } = aiModel([
      () => ({ tool: "pets__petstore__findPets", input: { query: { tags: ["dog"] } } }),
      (options) => ({ text: JSON.stringify(toolResults(options)[0]?.output) }),
    ]);
    const answer = await askPetstore(units, model, "Which dogs are in the store?");
    expect(JSON.parse(answer)).toEqual({ type: "json", value: [{ id: 1, name: "Rex", tag: "dog" }] });
  });

  it("openai-agents.ts: the model runs a Code Mode script over the tour units", async () => {
    const { model } = agentsModel([
      () => ({
        tool: "code_mode",
        input: {
          code: 'const dogs = await units.pets__petstore.findPets({ query: { tags: ["dog"] } }); return dogs[0]?.name;',
        },
      }),
      (request) => ({ text: outputs(request)[0] ?? "" }),
    ]);
    const answer = await askTour(units, model, "Name a dog in the store.");
    expect(JSON.parse(answer)).toMatchObject({ ok: true, value: "Rex" });
  });

  it("langchain.ts: the model finds the petstore's operation with search_tools and calls it", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "search_tools", args: { query: "find pets by tag" } }])
      .respondWithTools([
        {
          name: "call",
          args: { unit: "pets__petstore", operation: "findPets", args: { query: { tags: ["dog"] } } },
        },
      ])
      .respond(
        (messages) =>
          new AIMessage(
            String(messages.filter((message) => ToolMessage.isInstance(message)).at(-1)?.content),
          ),
      );
    const answer = await askBySearch(units, model, "Which dogs are in the store?");
    expect(JSON.parse(answer)).toEqual([{ id: 1, name: "Rex", tag: "dog" }]);
    const found = model.calls[1]?.messages.find((message) => ToolMessage.isInstance(message));
    expect(String(found?.content)).toContain('"operation":"findPets"');
  });

  it("mastra.ts: the model finds the petstore operation with search_tools, then calls it", async () => {
    const { model } = mastraModel([
      () => ({ tool: "search_tools", input: { query: "find pets by tag" } }),
      () => ({
        tool: "call",
        input: { unit: "pets__petstore", operation: "findPets", args: { query: { tags: ["dog"] } } },
      }),
      (options) => ({ text: JSON.stringify(toolResults(options).map((result) => result.output)) }),
    ]);
    const [found, called] = JSON.parse(await askTourBySearch(units, model, "Which dogs are in the store?"));
    expect(JSON.stringify(found)).toContain('"operation":"findPets"');
    expect(called).toEqual({ type: "json", value: [{ id: 1, name: "Rex", tag: "dog" }] });
  });
});
