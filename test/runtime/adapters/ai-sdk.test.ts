/**
 * `unitc/ai-sdk` driven by the AI SDK's own loop (`generateText` with a scripted MockLanguageModelV4
 * from `ai/test`): the model asks for a tool, the tool calls the real notes server on 127.0.0.1
 * through the unit, and the result reaches the model's next step; a failed call reaches it as a tool
 * error with unitc's code and hint, and the loop goes on. Direct tools and Code Mode.
 */
import { generateText, isStepCount } from "ai";
import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../../runtime/adapters/ai-sdk.js";
import { TAG_INPUT, useNotesBundle } from "../agent-tools/fixture.js";
import { scriptedModel, toolResults } from "./scripted-ai-model.js";

const bundle = useNotesBundle();

describe("unitc/ai-sdk", () => {
  it("runs direct tools in generateText's loop: a result, then an error the model sees", async () => {
    const { tools, close } = aiSdkTools(bundle.manifestPath, { units: ["notes"] });
    const { model, calls } = scriptedModel([
      () => ({ tool: "notes__getNote", input: { id: "n2" } }),
      () => ({ tool: "notes__getNote", input: { id: "missing" } }),
      (options) => ({ text: `seen ${toolResults(options).length} results` }),
    ]);
    const result = await generateText({ model, tools, prompt: "read note n2", stopWhen: isStepCount(5) });
    await close();
    expect(result.text).toBe("seen 2 results");
    const offered = calls[0]?.tools?.find((tool) => tool.name === "notes__tagNote");
    expect(offered).toMatchObject({ type: "function", description: "Tag a note with a colour." });
    expect((offered as { inputSchema: { properties: unknown } }).inputSchema.properties).toEqual(
      TAG_INPUT.properties,
    );
    const [first, second] = toolResults(calls[2] as NonNullable<(typeof calls)[2]>);
    expect(first?.output).toEqual({ type: "json", value: { id: "n2", title: "Standup" } });
    expect(second?.output.type).toBe("error-text");
    expect(second?.output.value).toMatch(/^HTTP_STATUS: /);
    expect(bundle.notes.requests.map((request) => request.path)).toContain("/api/notes/n2");
  });

  it("returns bad input to the model as INPUT_INVALID with the hint", async () => {
    const { tools, close } = aiSdkTools(bundle.manifestPath, { units: ["notes"] });
    const { model, calls } = scriptedModel([
      () => ({ tool: "notes__createNote", input: { title: "" } }),
      () => ({ text: "done" }),
    ]);
    await generateText({ model, tools, prompt: "make a note", stopWhen: isStepCount(3) });
    await close();
    const [seen] = toolResults(calls[1] as NonNullable<(typeof calls)[1]>);
    expect(seen?.output.type).toBe("error-text");
    expect(seen?.output.value).toMatch(/^INPUT_INVALID: [\s\S]*\nhint: /);
  });

  it("runs Code Mode scripts in the loop, a failing one included", async () => {
    const { tools, close } = aiSdkTools(bundle.manifestPath, { exposure: "code_mode" });
    expect(Object.keys(tools)).toEqual(["code_mode"]);
    const { model, calls } = scriptedModel([
      () => ({
        tool: "code_mode",
        input: { code: 'return (await units.notes.getNote({ id: "n1" })).title;' },
      }),
      () => ({ tool: "code_mode", input: { code: 'return await units.notes.getNote({ id: "missing" });' } }),
      () => ({ text: "done" }),
    ]);
    const result = await generateText({ model, tools, prompt: "titles", stopWhen: isStepCount(5) });
    await close();
    expect(result.text).toBe("done");
    expect(calls[0]?.tools?.[0]?.type === "function" && calls[0].tools[0].description).toContain("notes");
    const [first, second] = toolResults(calls[2] as NonNullable<(typeof calls)[2]>);
    expect(first?.output).toMatchObject({ type: "json", value: { ok: true, value: "Shopping" } });
    expect(second?.output).toMatchObject({
      type: "error-text",
      value: expect.stringMatching(/^HTTP_STATUS: /),
    });
  });

  it("offers search_tools and call for the search exposure", async () => {
    const { tools, close } = aiSdkTools(bundle.manifestPath, { exposure: "search" });
    const { model, calls } = scriptedModel([
      () => ({ tool: "search_tools", input: { query: "read one note" } }),
      () => ({ tool: "call", input: { unit: "notes", operation: "getNote", args: { id: "n1" } } }),
      () => ({ text: "done" }),
    ]);
    await generateText({ model, tools, prompt: "find and read", stopWhen: isStepCount(5) });
    await close();
    expect(Object.keys(tools)).toEqual(["search_tools", "call"]);
    const [found, called] = toolResults(calls[2] as NonNullable<(typeof calls)[2]>);
    expect(JSON.stringify(found?.output.value)).toContain('"operation":"getNote"');
    expect(called?.output).toEqual({ type: "json", value: { id: "n1", title: "Shopping" } });
  });
});
