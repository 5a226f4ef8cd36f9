/**
 * What the index reads of an operation's parameter descriptions (the `inputs` field): the words
 * they have that the operation's name, summary and parameter names lack, weighted low, so that
 * they tell apart operations that otherwise read alike and never outrank a name that says the word.
 */
import { describe, expect, it } from "vitest";
import { FIELDS } from "../../../runtime/search/fields.js";
import { buildSearchIndex, type SearchableUnit, SearchIndex } from "../../../runtime/search/index.js";

const http = (method: string, path: string) => ({ kind: "openapi", method, path });

/** Two operations that read alike (Slack's two ways to post) but for `on`'s input schema. */
function catalogue(inputSchema: unknown, on = "chat_postEphemeral"): { units: SearchableUnit[] } {
  const post = (name: string, path: string) => ({
    name,
    tsName: name,
    description: "Sends a message to a channel.",
    inputSchema: name === on ? inputSchema : { type: "object" },
    invoke: http("POST", path),
  });
  return {
    units: [
      {
        id: "chat",
        name: "Chat",
        description: "A chat.",
        tags: [],
        operations: [
          post("chat_postEphemeral", "/chat.postEphemeral"),
          post("chat_postMessage", "/chat.postMessage"),
        ],
      },
    ],
  };
}

/** An OpenAPI-style input: the parameters under the place each goes (here the body). */
const body = (properties: Record<string, unknown>) => ({
  type: "object",
  properties: { body: { type: "object", properties } },
});

const whisper = body({
  channel: { type: "string", description: "Channel to send the message to." },
  user: {
    type: "string",
    description: "The user it is shown to, hidden from everyone else. Must be in the channel.",
  },
});

const inputs = (manifest: { units: SearchableUnit[] }) => {
  const data = buildSearchIndex(manifest);
  return (data.fields[0]?.[FIELDS.indexOf("inputs")] ?? []).map((id) => data.terms[id]);
};

describe("the descriptions of an operation's inputs", () => {
  it("keeps the first sentence of each parameter's description, without the words other fields have", () => {
    const terms = inputs(catalogue(whisper));
    expect(terms).toEqual(expect.arrayContaining(["shown", "hidden"]));
    // "Must be in the channel" is past the first sentence; "channel" and "user" are parameter names.
    expect(terms).not.toContain("must");
    expect(terms).not.toContain("channel");
  });

  it("finds, of two operations that read alike, the one whose parameter says what the task asks", () => {
    const [best, next] = SearchIndex.build(catalogue(whisper)).query("message hidden from everyone", 5);
    expect(best?.operation).toBe("chat_postEphemeral");
    expect(best?.score).toBeGreaterThan(next?.score ?? 0);
  });

  it("reads a GraphQL-style input's fields one level down, and not what they nest", () => {
    const input = {
      type: "object",
      properties: {
        input: {
          type: "object",
          description: "Parameters of the mutation.",
          properties: {
            reason: {
              type: "object",
              description: "Why the item is hidden.",
              properties: { note: { type: "string", description: "A moderator's remark." } },
            },
          },
        },
      },
    };
    const terms = inputs(catalogue(input));
    expect(terms).toEqual(expect.arrayContaining(["hidden"]));
    expect(terms).not.toContain("moder");
  });

  it("ranks below the name: an operation whose name says the word wins", () => {
    const note = body({ text: { type: "string", description: "Shown as an ephemeral note." } });
    const [best] = SearchIndex.build(catalogue(note, "chat_postMessage")).query("ephemeral", 5);
    expect(best?.operation).toBe("chat_postEphemeral");
  });
});
