/**
 * The kinds of action a query asks for and an operation names: an operation that deletes when the
 * task does not (or the other way round) ranks below one that does what the task says.
 */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "../../../runtime/search/index.js";
import { actionKinds, conflicts, nameKinds } from "../../../runtime/search/intent.js";
import { stem } from "../../../runtime/search/stem.js";

const op = (name: string, description: string) => ({
  name,
  tsName: name,
  description,
  inputSchema: { type: "object" },
});

const top = (index: SearchIndex, query: string) => index.query(query, 1).map((hit) => hit.operation);

describe("the action a task asks for", () => {
  it("ranks an operation that deletes below one that adds, for a task that adds", () => {
    const index = SearchIndex.build({
      units: [
        {
          id: "projects",
          name: "projects",
          description: "Projects.",
          tags: [],
          operations: [
            op("deleteProjectV2Item", "Deletes an item from a Project."),
            op("addProjectV2ItemById", "Links an existing content instance to a Project."),
            // "add" is a common word here, "item" and "project" are not.
            ...["Label", "Comment", "Star", "Reaction"].map((thing) =>
              op(`add${thing}`, `Adds a ${thing.toLowerCase()}.`),
            ),
          ],
        },
      ],
    });
    expect(top(index, "add an item to a project")).toEqual(["addProjectV2ItemById"]);
    expect(top(index, "remove an item from a project")).toEqual(["deleteProjectV2Item"]);
  });

  it("reads the kinds from verbs and their synonyms, not from a name's HTTP method word", () => {
    expect(actionKinds(stem("remove"))).toBe(actionKinds(stem("delete")));
    expect(actionKinds(stem("project"))).toBe(0);
    expect(nameKinds(["post", "custom"])).toBe(0);
    expect(nameKinds([stem("delete"), "item"])).toBe(actionKinds(stem("delete")));
  });

  it("reads subscribing and replying as making one, unsubscribing as deleting, in a task but not in a name", () => {
    expect(actionKinds(stem("subscribe"))).toBe(actionKinds(stem("create")));
    expect(actionKinds(stem("reply"))).toBe(actionKinds(stem("create")));
    expect(actionKinds(stem("unsubscribe"))).toBe(actionKinds(stem("delete")));
    // `subscriptions.delete` deletes a subscription; `conversations_replies` reads replies.
    expect(nameKinds([stem("subscriptions"), stem("delete")])).toBe(actionKinds(stem("delete")));
    expect(nameKinds(["convers", stem("replies")])).toBe(0);
    const index = SearchIndex.build({
      units: [
        {
          id: "videos",
          name: "videos",
          description: "Videos.",
          tags: [],
          operations: [
            op("subscriptions.delete", "Deletes a subscription."),
            op("subscriptions.insert", "Adds a subscription for the authenticated user's channel."),
          ],
        },
      ],
    });
    expect(top(index, "subscribe to a creator")).toEqual(["subscriptions.insert"]);
  });

  it("lets creating, reading and updating blur; only deleting against another kind conflicts", () => {
    const [create, read, update, remove] = ["add", "get", "set", "delete"].map((w) => actionKinds(stem(w)));
    expect(conflicts(update as number, create as number)).toBe(false);
    expect(conflicts(read as number, update as number)).toBe(false);
    expect(conflicts(create as number, remove as number)).toBe(true);
    expect(conflicts(remove as number, read as number)).toBe(true);
    expect(conflicts(0, remove as number)).toBe(false);
  });

  it("reads a state verb no operation is named by as an update of the thing", () => {
    const index = SearchIndex.build({
      units: [
        {
          id: "tracker",
          name: "tracker",
          description: "Issues and milestones.",
          tags: [],
          operations: [
            op("getMilestone", "Gets a milestone."),
            op("createMilestone", "Creates a milestone."),
            op("updateMilestone", "Updates a milestone."),
            op("lockIssue", "Locks an issue."),
            op("updateIssue", "Updates an issue."),
          ],
        },
      ],
    });
    expect(top(index, "close a milestone")).toEqual(["updateMilestone"]);
    // "lock" names an operation: the update fallback stays out of its way.
    const lock = index.query("lock an issue", 2).map((hit) => hit.operation);
    expect(lock[0]).toBe("lockIssue");
    expect(lock[1]).not.toBe("updateIssue");
  });
});
