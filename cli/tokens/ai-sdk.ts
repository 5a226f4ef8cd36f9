/**
 * What the Vercel AI SDK hands its model for a bundle's `unitc/ai-sdk` tools: one `generateText` step
 * of the SDK's own loop over a model from `ai/test` that records the tools it is offered and answers
 * at once. Nothing is called and nothing leaves the machine.
 */
import type { AgentExposure } from "../../runtime/agent-tools/types.js";
import { DONE_ANSWER } from "./answer.js";

/** The tool definitions the AI SDK sends its model for `manifestPath` served as `exposure`. */
export async function offeredTools(manifestPath: string, exposure: AgentExposure): Promise<unknown[]> {
  const { generateText } = await import("ai");
  const { MockLanguageModelV4 } = await import("ai/test");
  const { aiSdkTools } = await import("../../runtime/adapters/ai-sdk.js");
  const { tools, close } = aiSdkTools(manifestPath, { exposure });
  let offered: unknown[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      offered = options.tools ?? [];
      return DONE_ANSWER;
    },
  });
  try {
    await generateText({ model, tools, prompt: "count the tools" });
  } finally {
    await close();
  }
  return offered;
}
