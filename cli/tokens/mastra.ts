/**
 * What Mastra hands its model for a bundle's `unitc/mastra` tools: one `generate` of a Mastra
 * `Agent` over a model that records the tools it is offered and answers at once (written here to the
 * AI SDK's model interface, which Mastra runs). Nothing is called and nothing leaves the machine.
 */
import type { AgentExposure } from "../../runtime/agent-tools/types.js";
import { DONE_ANSWER } from "./answer.js";

/** The tool definitions Mastra sends its model for `manifestPath` served as `exposure`. */
export async function offeredTools(manifestPath: string, exposure: AgentExposure): Promise<unknown[]> {
  const { Agent } = await import("@mastra/core/agent");
  const { mastraTools } = await import("../../runtime/adapters/mastra.js");
  const { tools, close } = mastraTools(manifestPath, { exposure });
  let offered: unknown[] = [];
  const model = {
    specificationVersion: "v4",
    provider: "unitc-tokens",
    modelId: "recorder",
    supportedUrls: {},
    async doGenerate(options: { tools?: unknown[] }) {
      offered = options.tools ?? [];
      return DONE_ANSWER;
    },
    doStream(): never {
      throw new Error("not streamed");
    },
  };
  type AgentModel = ConstructorParameters<typeof Agent>[0]["model"];
  try {
    const agent = new Agent({
      id: "tokens",
      name: "tokens",
      instructions: "Count the tools.",
      model: model as unknown as AgentModel,
      tools,
    });
    await agent.generate("count the tools");
  } finally {
    await close();
  }
  return offered;
}
