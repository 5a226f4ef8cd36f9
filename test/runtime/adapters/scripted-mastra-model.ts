/**
 * The scripted AI SDK model (scripted-ai-model.ts) for Mastra: the same script player in the
 * MockLanguageModelV4 of `ai` 7.0.111 (the `ai-mastra` alias), whose model interface (from
 * @ai-sdk/provider 4.0.17) is the one @mastra/core 1.71's declarations name: the newer provider
 * package adds a finish reason those declarations do not accept. `identity` names the provider and
 * model the mock reports, by which Mastra picks its schema rewrites.
 */
import { MockLanguageModelV4 } from "ai-mastra/test";
import { playScript, type ScriptedStep } from "./scripted-ai-model.js";

/** What the model was sent at one step. */
export type MastraModelCall = Parameters<MockLanguageModelV4["doGenerate"]>[0];

/** A model Mastra's agents run that plays `script`, one entry per step. */
export function scriptedMastraModel(
  script: Array<(options: MastraModelCall) => ScriptedStep>,
  identity: { provider?: string; modelId?: string } = {},
): { model: MockLanguageModelV4; calls: MastraModelCall[] } {
  const { calls, doGenerate } = playScript(script);
  return { model: new MockLanguageModelV4({ ...identity, doGenerate }), calls };
}
