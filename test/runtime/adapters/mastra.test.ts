/**
 * `unitc/mastra` driven by Mastra's own loop (`new Agent({...}).generate(...)` with a scripted
 * MockLanguageModelV4 from `ai/test`, an AI SDK model as Mastra runs them; scripted-mastra-model.ts
 * says which `ai`): the model asks for a
 * tool, the tool calls the real notes server on 127.0.0.1 through the unit, and the result reaches
 * the model's next step; a failed call reaches it as a tool error with unitc's code and hint, and the
 * loop goes on. Direct tools, search and Code Mode.
 */
import { Agent } from "@mastra/core/agent";
import { describe, expect, it } from "vitest";
import { mastraTools } from "../../../runtime/adapters/mastra.js";
import { TAG_INPUT, useNotesBundle } from "../agent-tools/fixture.js";
import { toolResults } from "./scripted-ai-model.js";
import { type MastraModelCall, scriptedMastraModel as scriptedModel } from "./scripted-mastra-model.js";

const bundle = useNotesBundle();

/** An agent over `tools` and `model`, as an application builds one. */
function agent(
  model: ReturnType<typeof scriptedModel>["model"],
  tools: ReturnType<typeof mastraTools>["tools"],
) {
  return new Agent({ id: "notes", name: "notes", instructions: "Use the notes tools.", model, tools });
}

/** The tool results the model was sent at step `index`. */
function seenAt(calls: MastraModelCall[], index: number) {
  return toolResults(calls[index] as MastraModelCall);
}

describe("unitc/mastra", () => {
  it("runs direct tools in the agent's loop: a result, then an error the model sees", async () => {
    const { tools, close } = mastraTools(bundle.manifestPath, { units: ["notes"] });
    const { model, calls } = scriptedModel([
      () => ({ tool: "notes__getNote", input: { id: "n2" } }),
      () => ({ tool: "notes__getNote", input: { id: "missing" } }),
      (options) => ({ text: `seen ${toolResults(options).length} results` }),
    ]);
    const result = await agent(model, tools).generate("read note n2", { maxSteps: 5 });
    await close();
    expect(result.text).toBe("seen 2 results");
    const [first, second] = seenAt(calls, 2);
    expect(first?.output).toEqual({ type: "json", value: { id: "n2", title: "Standup" } });
    expect(second?.output.type).toBe("error-text");
    expect(second?.output.value).toMatch(/^HTTP_STATUS: [\s\S]*\nhint: /);
    expect(bundle.notes.requests.map((request) => request.path)).toContain("/api/notes/n2");
  });

  it("offers the compiled schema as it is, even to a model whose provider Mastra rewrites schemas for", async () => {
    const { tools, close } = mastraTools(bundle.manifestPath, { units: ["notes"] });
    const { model, calls } = scriptedModel([() => ({ text: "nothing to do" })], {
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
    });
    await agent(model, tools).generate("tag a note", { maxSteps: 2 });
    await close();
    const offered = calls[0]?.tools?.find((tool) => tool.name === "notes__tagNote");
    expect(offered).toMatchObject({ type: "function", description: "Tag a note with a colour." });
    const schema = (offered as unknown as { inputSchema: Record<string, unknown> }).inputSchema;
    expect(schema.properties).toEqual(TAG_INPUT.properties);
    expect(schema.$defs).toEqual(TAG_INPUT.$defs);
    expect(schema.required).toEqual(TAG_INPUT.required);
  });

  it("returns bad input to the model as INPUT_INVALID with the hint", async () => {
    const { tools, close } = mastraTools(bundle.manifestPath, { units: ["notes"] });
    const { model, calls } = scriptedModel([
      () => ({ tool: "notes__createNote", input: { title: "" } }),
      () => ({ text: "done" }),
    ]);
    await agent(model, tools).generate("make a note", { maxSteps: 3 });
    await close();
    const [seen] = seenAt(calls, 1);
    expect(seen?.output.type).toBe("error-text");
    expect(seen?.output.value).toMatch(/^INPUT_INVALID: [\s\S]*\nhint: /);
  });

  it("runs Code Mode scripts in the loop, a failing one included", async () => {
    const { tools, close } = mastraTools(bundle.manifestPath, { exposure: "code_mode" });
    expect(Object.keys(tools)).toEqual(["code_mode"]);
    const { model, calls } = scriptedModel([
      () => ({
        tool: "code_mode",
        input: { code: 'return (await units.notes.getNote({ id: "n1" })).title;' },
      }),
      () => ({ tool: "code_mode", input: { code: 'return await units.notes.getNote({ id: "missing" });' } }),
      () => ({ text: "done" }),
    ]);
    const result = await agent(model, tools).generate("titles", { maxSteps: 5 });
    await close();
    expect(result.text).toBe("done");
    expect(calls[0]?.tools?.[0]?.type === "function" && calls[0].tools[0].description).toContain("notes");
    const [first, second] = seenAt(calls, 2);
    expect(first?.output).toMatchObject({ type: "json", value: { ok: true, value: "Shopping" } });
    expect(second?.output).toMatchObject({
      type: "error-text",
      value: expect.stringMatching(/^HTTP_STATUS: /),
    });
  });

  it("offers search_tools and call for the search exposure", async () => {
    const { tools, close } = mastraTools(bundle.manifestPath, { exposure: "search" });
    const { model, calls } = scriptedModel([
      () => ({ tool: "search_tools", input: { query: "read one note" } }),
      () => ({ tool: "call", input: { unit: "notes", operation: "getNote", args: { id: "n1" } } }),
      () => ({ text: "done" }),
    ]);
    await agent(model, tools).generate("find and read", { maxSteps: 5 });
    await close();
    expect(Object.keys(tools)).toEqual(["search_tools", "call"]);
    const [found, called] = seenAt(calls, 2);
    expect(JSON.stringify(found?.output.value)).toContain('"operation":"getNote"');
    expect(called?.output).toEqual({ type: "json", value: { id: "n1", title: "Shopping" } });
  });
});
