/**
 * `unitc/openai-agents` driven by the OpenAI Agents SDK's own loop (`run` over an `Agent`) with a
 * scripted custom `Model` (the SDK's interface, no network): the model asks for a tool, the tool calls
 * the real notes server on 127.0.0.1 through the unit, and the result reaches the model's next turn;
 * a failed call reaches it as unitc's code, message and hint, and the run goes on. Direct and Code Mode.
 */
import { Agent, type ModelRequest, run } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { openaiAgentsTools } from "../../../runtime/adapters/openai-agents.js";
import { TAG_INPUT, useNotesBundle } from "../agent-tools/fixture.js";
import { outputs, scriptedModel } from "./scripted-openai-model.js";

const bundle = useNotesBundle();

describe("unitc/openai-agents", () => {
  it("runs direct tools in the SDK's loop: a result, then an error the model reads", async () => {
    const { tools, close } = openaiAgentsTools(bundle.manifestPath, { units: ["notes"] });
    const { model, requests } = scriptedModel([
      () => ({ tool: "notes__getNote", input: { id: "n2" } }),
      () => ({ tool: "notes__getNote", input: { id: "missing" } }),
      (request) => ({ text: `seen ${outputs(request).length} results` }),
    ]);
    const agent = new Agent({ name: "notes", instructions: "Read notes.", model, tools });
    const result = await run(agent, "read note n2", { maxTurns: 5 });
    await close();
    expect(result.finalOutput).toBe("seen 2 results");
    const offered = requests[0]?.tools.find((tool) => tool.name === "notes__tagNote");
    expect(offered).toMatchObject({ type: "function", strict: false });
    expect((offered as { parameters: { properties: unknown } }).parameters.properties).toEqual(
      TAG_INPUT.properties,
    );
    const [first, second] = outputs(requests[2] as ModelRequest);
    expect(JSON.parse(first ?? "")).toEqual({ id: "n2", title: "Standup" });
    expect(second).toMatch(/^HTTP_STATUS: [\s\S]*\nhint: /);
  });

  it("runs Code Mode scripts in the loop, a failing one included", async () => {
    const { tools, close } = openaiAgentsTools(bundle.manifestPath, { exposure: "code_mode" });
    const { model, requests } = scriptedModel([
      () => ({
        tool: "code_mode",
        input: { code: 'return (await units.notes.getNote({ id: "n1" })).title;' },
      }),
      () => ({ tool: "code_mode", input: { code: "return units.notes.nope();" } }),
      () => ({ text: "done" }),
    ]);
    const result = await run(new Agent({ name: "coder", model, tools }), "titles", { maxTurns: 5 });
    await close();
    expect(result.finalOutput).toBe("done");
    expect(requests[0]?.tools.map((tool) => tool.name)).toEqual(["code_mode"]);
    const [first, second] = outputs(requests[2] as ModelRequest);
    expect(JSON.parse(first ?? "")).toMatchObject({ ok: true, value: "Shopping" });
    expect(second).toMatch(/^[A-Z_]+: /);
    expect(second).not.toContain("An error occurred while running the tool");
  });
});
