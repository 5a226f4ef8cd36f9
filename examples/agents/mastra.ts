/**
 * Agent code with Mastra over examples/tour: the tour units behind two tools, `search_tools` and
 * `call` (`unitc/mastra`, the search exposure for bundles too large to list), run by a Mastra
 * `Agent`'s loop. Pass any model Mastra runs; CI passes a scripted one
 * (test/e2e/example-agents.test.ts), so the example runs without a network or a key.
 */
import { Agent } from "@mastra/core/agent";
import type { MastraModelConfig } from "@mastra/core/llm";
import { mastraTools } from "unitc/mastra";
import type { Units } from "../../generated/tour/bundle/index.js";

/** Asks `model` a question it answers by searching the tour units and calling one; returns its final text. */
export async function askTourBySearch(
  units: Units,
  model: MastraModelConfig,
  question: string,
): Promise<string> {
  const { tools } = mastraTools(units, { exposure: "search" });
  const agent = new Agent({ id: "tour", name: "tour", instructions: "Answer from the units.", model, tools });
  const { text } = await agent.generate(question, { maxSteps: 5 });
  return text;
}
