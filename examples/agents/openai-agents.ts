/**
 * Agent code with the OpenAI Agents SDK over examples/tour: every tour unit reached from one
 * `code_mode` tool (`unitc/openai-agents`), run by the SDK's `run` loop. Pass any Agents SDK model;
 * CI passes a scripted one (test/e2e/example-agents.test.ts), so the example runs without a network or a key.
 */
import { Agent, type Model, run } from "@openai/agents";
import { openaiAgentsTools } from "unitc/openai-agents";
import type { Units } from "../../generated/tour/bundle/index.js";

/** Asks `model` a question it answers by writing Code Mode scripts; returns its final answer. */
export async function askTour(units: Units, model: Model, question: string): Promise<string> {
  const { tools } = openaiAgentsTools(units, { exposure: "code_mode" });
  const agent = new Agent({ name: "tour", instructions: "Answer from the units.", model, tools });
  const result = await run(agent, question, { maxTurns: 5 });
  return String(result.finalOutput ?? "");
}
