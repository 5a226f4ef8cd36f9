/**
 * A scripted AI SDK model for adapter tests (the AI SDK's own MockLanguageModelV4 from `ai/test`):
 * each step calls the next function of the script with what the model was sent (the tools it was
 * offered, the tool results so far) and answers a tool call or a final text.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";

/** One step of a script: a tool to call with its input, or the final text. */
export type ScriptedStep = { tool: string; input: unknown } | { text: string };

/** A tool result as the model received it in its prompt. */
export interface SeenResult {
  toolName: string;
  output: { type: string; value?: unknown };
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** The tool results in `prompt`, oldest first. */
export function toolResults(options: LanguageModelV4CallOptions): SeenResult[] {
  return options.prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [part as SeenResult] : []))
      : [],
  );
}

/** A model that plays `script`, one entry per step; each entry sees the call's options first. */
export function scriptedModel(script: Array<(options: LanguageModelV4CallOptions) => ScriptedStep>) {
  let step = 0;
  const calls: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options): Promise<LanguageModelV4GenerateResult> => {
      calls.push(options);
      const next = script[step]?.(options) ?? { text: "out of script" };
      step += 1;
      if ("text" in next) {
        return {
          content: [{ type: "text", text: next.text }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          {
            type: "tool-call",
            toolCallId: `call-${step}`,
            toolName: next.tool,
            input: JSON.stringify(next.input),
          },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, calls };
}
