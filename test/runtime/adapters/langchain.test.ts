/**
 * `unitc/langchain` driven by LangChain's own agent loop (`createAgent` from `langchain`) with its
 * scripted test model (`fakeModel` from `@langchain/core/testing`; no network): the model asks for a
 * tool, the tool calls the real notes server on 127.0.0.1 through the unit, and the result reaches
 * the model's next step; a failed call reaches it as an error `ToolMessage` with unitc's code and
 * hint, and the loop goes on. Direct tools, search and Code Mode.
 */
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { langchainTools } from "../../../runtime/adapters/langchain.js";
import { TAG_INPUT, useNotesBundle } from "../agent-tools/fixture.js";

const bundle = useNotesBundle();

/** The tool messages the model was sent, oldest first. */
function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

describe("unitc/langchain", () => {
  it("runs direct tools in createAgent's loop: a result, then an error the model sees", async () => {
    const { tools, close } = langchainTools(bundle.manifestPath, { units: ["notes"] });
    const model = fakeModel()
      .respondWithTools([{ name: "notes__getNote", args: { id: "n2" }, id: "c1" }])
      .respondWithTools([{ name: "notes__getNote", args: { id: "missing" }, id: "c2" }])
      .respond((messages) => new AIMessage(`seen ${toolMessages(messages).length} results`));
    const agent = createAgent({ model, tools });
    const result = await agent.invoke({ messages: [{ role: "user", content: "read note n2" }] });
    await close();
    expect(result.messages.at(-1)?.content).toBe("seen 2 results");
    const [first, second] = toolMessages(model.calls[2]?.messages ?? []);
    expect(first).toMatchObject({ tool_call_id: "c1", status: "success" });
    expect(JSON.parse(String(first?.content))).toEqual({ id: "n2", title: "Standup" });
    expect(first?.artifact).toEqual({ id: "n2", title: "Standup" });
    expect(second).toMatchObject({ tool_call_id: "c2", status: "error" });
    expect(second?.content).toMatch(/^HTTP_STATUS: [\s\S]*\nhint: /);
    expect(second?.artifact).toMatchObject({ code: "HTTP_STATUS" });
    expect(bundle.notes.requests.map((request) => request.path)).toContain("/api/notes/n2");
  });

  it("offers each operation's JSON Schema as compiled: the $ref, enum, union and nullable field kept", () => {
    const { byName, close } = langchainTools(bundle.manifestPath, { units: ["notes"] });
    const offered = convertToOpenAITool(byName.notes__tagNote as NonNullable<typeof byName.notes__tagNote>);
    void close();
    expect(offered.function).toMatchObject({
      name: "notes__tagNote",
      description: "Tag a note with a colour.",
    });
    expect(offered.function.parameters).toMatchObject({
      $defs: TAG_INPUT.$defs,
      properties: TAG_INPUT.properties,
      required: TAG_INPUT.required,
    });
  });

  it("returns bad input to the model as INPUT_INVALID with the hint, not LangChain's stack trace", async () => {
    const { tools, close } = langchainTools(bundle.manifestPath, { units: ["notes"] });
    const model = fakeModel()
      .respondWithTools([{ name: "notes__tagNote", args: { id: "n1", color: "blue" }, id: "c1" }])
      .respond(new AIMessage("done"));
    const result = await createAgent({ model, tools }).invoke({
      messages: [{ role: "user", content: "tag" }],
    });
    await close();
    expect(result.messages.at(-1)?.content).toBe("done");
    const [seen] = toolMessages(model.calls[1]?.messages ?? []);
    expect(seen).toMatchObject({ tool_call_id: "c1", status: "error" });
    expect(seen?.content).toMatch(/^INPUT_INVALID: [\s\S]*\nhint: /);
    expect(seen?.content).not.toContain("    at ");
  });

  it("runs Code Mode scripts in the loop, a failing one included", async () => {
    const { tools, close } = langchainTools(bundle.manifestPath, { exposure: "code_mode" });
    expect(tools.map((tool) => tool.name)).toEqual(["code_mode"]);
    expect(tools[0]?.description).toContain("notes");
    const model = fakeModel()
      .respondWithTools([
        {
          name: "code_mode",
          args: { code: 'return (await units.notes.getNote({ id: "n1" })).title;' },
          id: "c1",
        },
      ])
      .respondWithTools([
        {
          name: "code_mode",
          args: { code: 'return await units.notes.getNote({ id: "missing" });' },
          id: "c2",
        },
      ])
      .respond(new AIMessage("done"));
    const result = await createAgent({ model, tools }).invoke({
      messages: [{ role: "user", content: "titles" }],
    });
    await close();
    expect(result.messages.at(-1)?.content).toBe("done");
    const [first, second] = toolMessages(model.calls[2]?.messages ?? []);
    expect(JSON.parse(String(first?.content))).toMatchObject({ ok: true, value: "Shopping" });
    expect(second).toMatchObject({ status: "error", content: expect.stringMatching(/^HTTP_STATUS: /) });
  });

  it("offers search_tools and call for the search exposure", async () => {
    const { tools, close } = langchainTools(bundle.manifestPath, { exposure: "search" });
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call"]);
    const model = fakeModel()
      .respondWithTools([{ name: "search_tools", args: { query: "read one note" }, id: "c1" }])
      .respondWithTools([
        { name: "call", args: { unit: "notes", operation: "getNote", args: { id: "n1" } }, id: "c2" },
      ])
      .respond(new AIMessage("done"));
    await createAgent({ model, tools }).invoke({ messages: [{ role: "user", content: "find and read" }] });
    await close();
    const [found, called] = toolMessages(model.calls[2]?.messages ?? []);
    expect(String(found?.content)).toContain('"operation":"getNote"');
    expect(JSON.parse(String(called?.content))).toEqual({ id: "n1", title: "Shopping" });
  });

  it("throws unitc's failure when called without a tool call, and answers the value when it succeeds", async () => {
    const { byName, close } = langchainTools(bundle.manifestPath, { units: ["notes"] });
    const getNote = byName.notes__getNote as NonNullable<typeof byName.notes__getNote>;
    await expect(getNote.invoke({ id: "n2" })).resolves.toEqual({ id: "n2", title: "Standup" });
    await expect(getNote.invoke({ id: "missing" })).rejects.toMatchObject({
      name: "AgentToolError",
      code: "HTTP_STATUS",
    });
    await close();
  });
});
