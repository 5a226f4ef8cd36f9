/**
 * The answer a recording model gives at once, in the AI SDK's model interface (which Mastra runs
 * too): a final text and no usage, so the framework's loop ends after the step that offered the tools.
 */
export const DONE_ANSWER = {
  content: [{ type: "text" as const, text: "done" }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage: {
    inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 0, text: 0, reasoning: undefined },
  },
  warnings: [],
};
