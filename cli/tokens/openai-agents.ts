/**
 * What the OpenAI Agents SDK hands its model for a bundle's `unitc/openai-agents` tools: one turn of
 * the SDK's own `run` over a custom `Model` that records the tools it is offered and answers at once.
 * Tracing is off for the run, so nothing leaves the machine.
 */
import type { AgentExposure } from "../../runtime/agent-tools/types.js";

/** The tool definitions the OpenAI Agents SDK sends its model for `manifestPath` served as `exposure`. */
export async function offeredTools(manifestPath: string, exposure: AgentExposure): Promise<unknown[]> {
  const { Agent, Runner, Usage } = await import("@openai/agents");
  const { openaiAgentsTools } = await import("../../runtime/adapters/openai-agents.js");
  const { tools, close } = openaiAgentsTools(manifestPath, { exposure });
  let offered: unknown[] = [];
  const model = {
    async getResponse(request: { tools: unknown[] }) {
      offered = request.tools;
      return {
        usage: new Usage(),
        output: [
          {
            type: "message" as const,
            role: "assistant" as const,
            status: "completed" as const,
            content: [{ type: "output_text" as const, text: "done" }],
          },
        ],
      };
    },
    getStreamedResponse(): never {
      throw new Error("not streamed");
    },
  };
  try {
    const agent = new Agent({ name: "tokens", instructions: "Count the tools.", model, tools });
    await new Runner({ tracingDisabled: true }).run(agent, "count the tools", { maxTurns: 1 });
  } finally {
    await close();
  }
  return offered;
}
