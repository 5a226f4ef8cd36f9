/**
 * Agent code with LangChain.js over examples/tour: every tour unit reached through two tools,
 * `search_tools` and `call` (`unitc/langchain`, the search exposure), run by LangChain's `createAgent`
 * loop. Pass any LangChain chat model; CI passes a scripted one (test/e2e/example-agents.test.ts), so
 * the example runs without a network or a key.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { createAgent } from "langchain";
import { langchainTools } from "unitc/langchain";
import type { Units } from "../../generated/tour/bundle/index.js";

/** Asks `model` a question it answers by searching the tour's operations and calling one; returns its final text. */
export async function askBySearch(units: Units, model: BaseChatModel, question: string): Promise<string> {
  const { tools } = langchainTools(units, { exposure: "search" });
  const agent = createAgent({
    model,
    tools,
    systemPrompt: "Find the operation with search_tools, then call it.",
  });
  const { messages } = await agent.invoke({ messages: [{ role: "user", content: question }] });
  return messages.at(-1)?.text ?? "";
}
