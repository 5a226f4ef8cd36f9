/**
 * Agent code with the Vercel AI SDK over examples/tour: the petstore unit as AI SDK tools
 * (`unitc/ai-sdk`), handed to `generateText`'s tool loop. Pass any AI SDK model; CI passes a scripted
 * one (test/e2e/example-agents.test.ts), so the example runs without a network or a key.
 */
import { generateText, isStepCount, type LanguageModel } from "ai";
import { aiSdkTools } from "unitc/ai-sdk";
import type { Units } from "../../generated/tour/bundle/index.js";

/** Asks `model` a question it answers with the petstore's operations; returns its final text. */
export async function askPetstore(units: Units, model: LanguageModel, question: string): Promise<string> {
  const { tools } = aiSdkTools(units, { units: ["pets__petstore"] });
  const { text } = await generateText({ model, tools, prompt: question, stopWhen: isStepCount(5) });
  return text;
}
