/**
 * A scripted model for the OpenAI Agents SDK (a custom `Model`, the SDK's own interface; no network):
 * each turn calls the next function of the script with the request, and answers a function call or
 * the final text.
 */
import type { Model, ModelRequest, ModelResponse } from "@openai/agents";
import { Usage } from "@openai/agents";

/** One turn of a script: a tool to call with its input, or the final text. */
export type Step = { tool: string; input: unknown } | { text: string };

/** The tool outputs the model was sent, oldest first. */
export function outputs(request: ModelRequest): string[] {
  if (typeof request.input === "string") return [];
  return request.input.flatMap((item) => {
    if (item.type !== "function_call_result") return [];
    const output = item.output;
    if (typeof output === "string") return [output];
    return [!Array.isArray(output) && output.type === "text" ? output.text : JSON.stringify(output)];
  });
}

/** A custom Model playing `script`, one entry per turn (labelled: the SDK's interface, scripted). */
export function scriptedModel(script: Array<(request: ModelRequest) => Step>) {
  const requests: ModelRequest[] = [];
  const model: Model = {
    async getResponse(request): Promise<ModelResponse> {
      requests.push(request);
      const step = script[requests.length - 1]?.(request) ?? { text: "out of script" };
      const output: ModelResponse["output"] =
        "text" in step
          ? [
              {
                type: "message",
                role: "assistant",
                status: "completed",
                content: [{ type: "output_text", text: step.text }],
              },
            ]
          : [
              {
                type: "function_call",
                callId: `call-${requests.length}`,
                name: step.tool,
                arguments: JSON.stringify(step.input),
                status: "completed",
              },
            ];
      return { usage: new Usage(), output };
    },
    getStreamedResponse() {
      throw new Error("the scripted model does not stream");
    },
  };
  return { model, requests };
}
