/**
 * A scripted AI SDK model for adapter tests (the AI SDK's own MockLanguageModelV4 from `ai/test`):
 * each step calls the next function of the script with what the model was sent (the tools it was
 * offered, the tool results so far) and answers a tool call or a final text.
 */
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
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
export function toolResults(options: Pick<LanguageModelV4CallOptions, "prompt">): SeenResult[] {
  return options.prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [part as SeenResult] : []))
      : [],
  );
}

/** One step's answer, typed by its literals so the mock models of both `ai` versions take it. */
function answer(next: ScriptedStep, step: number) {
  if ("text" in next) {
    return {
      content: [{ type: "text" as const, text: next.text }],
      finishReason: { unified: "stop" as const, raw: undefined },
      usage,
      warnings: [],
    };
  }
  return {
    content: [
      {
        type: "tool-call" as const,
        toolCallId: `call-${step}`,
        toolName: next.tool,
        input: JSON.stringify(next.input),
      },
    ],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

/** Plays `script`, one entry per step: a mock model's `doGenerate`, and the options each step was sent. */
export function playScript<Options>(script: Array<(options: Options) => ScriptedStep>) {
  let step = 0;
  const calls: Options[] = [];
  const doGenerate = async (options: Options) => {
    calls.push(options);
    const next = script[step]?.(options) ?? { text: "out of script" };
    step += 1;
    return answer(next, step);
  };
  return { calls, doGenerate };
}

/** A model that plays `script`, one entry per step; each entry sees the call's options first. */
export function scriptedModel(script: Array<(options: LanguageModelV4CallOptions) => ScriptedStep>) {
  const { calls, doGenerate } = playScript(script);
  return { model: new MockLanguageModelV4({ doGenerate }), calls };
}
