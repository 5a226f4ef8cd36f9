/**
 * What LangChain.js hands a model for a bundle's `unitc/langchain` tools: each tool as LangChain's
 * own converter writes it for the model provider (`convertToOpenAITool`, what its chat models send
 * when tools are bound). Nothing is called and nothing leaves the machine.
 */
import type { AgentExposure } from "../../runtime/agent-tools/types.js";

/** The tool definitions LangChain sends its model for `manifestPath` served as `exposure`. */
export async function offeredTools(manifestPath: string, exposure: AgentExposure): Promise<unknown[]> {
  const { convertToOpenAITool } = await import("@langchain/core/utils/function_calling");
  const { langchainTools } = await import("../../runtime/adapters/langchain.js");
  const { tools, close } = langchainTools(manifestPath, { exposure });
  try {
    return tools.map((tool) => convertToOpenAITool(tool));
  } finally {
    await close();
  }
}
