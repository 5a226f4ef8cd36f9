/**
 * A word of an author's search hint, typed in a query, scores as itself: with its own rarity, not
 * the rarity of the common words the lexicon relates to it ("promote" → set, role, admin), which
 * would let operations named for those words outrank the one the hint is on.
 */
import { describe, expect, it } from "vitest";
import { attainableScore } from "../../../runtime/search/confidence.js";
import type { SearchableOperation } from "../../../runtime/search/index.js";
import { index, op } from "./small-index.js";

/** A chat API's admin calls: several set things of a workspace, one makes a user an admin. */
function adminCalls(hints?: string[]): SearchableOperation[] {
  const call = (name: string, description: string) => op(name, description, "POST", `/${name}`);
  const setAdmin = call(
    "admin.users.setAdmin",
    "Set an existing guest, regular user, or owner to be an admin user.",
  );
  return [
    hints ? { ...setAdmin, searchHints: hints } : setAdmin,
    call("admin.teams.admins.list", "List all of the admins on a given workspace."),
    call("admin.teams.settings.setName", "Set the name of a given workspace."),
    call("admin.teams.settings.setDescription", "Set the description of a given workspace."),
    call("admin.teams.settings.setIcon", "Sets the icon of a workspace."),
    call(
      "admin.teams.settings.setDiscoverability",
      "An admin can set the discoverability of a given workspace.",
    ),
    call("admin.teams.settings.info", "Fetch information about settings in a workspace."),
    call("admin.teams.list", "List all teams on an Enterprise organization."),
    call(
      "admin.conversations.setTeams",
      "Set the workspaces in an organization that are connected to a channel.",
    ),
    call("admin.users.list", "List users on a workspace."),
    call("admin.users.remove", "Remove a user from a workspace."),
    call(
      "admin.users.setOwner",
      "Set an existing guest, regular user, or admin user to be a workspace owner.",
    ),
    call("chat.postMessage", "Sends a message to a channel."),
    call("conversations.create", "Initiates a public or private channel-based conversation."),
    call("reminders.add", "Creates a reminder."),
    call("files.upload", "Uploads or creates a file."),
  ];
}

const best = (hints: string[] | undefined, query: string) =>
  index(...adminCalls(hints)).query(query, 1)[0]?.operation;

describe("a hint's word typed in a query", () => {
  const query = "promote Priya to workspace admin";

  it("without the hint, the query finds an operation named for the words the lexicon relates", () => {
    expect(best(undefined, query)).not.toBe("admin.users.setAdmin");
  });

  it("with the hint, its rare word counts as itself and finds the operation the hint is on", () => {
    expect(best(["make someone a workspace admin", "promote to admin"], query)).toBe("admin.users.setAdmin");
  });

  it("a hint's word the query does not type lifts nothing", () => {
    expect(best(["elevate to admin"], query)).not.toBe("admin.users.setAdmin");
  });
});

describe("attainableScore", () => {
  // Term 0 is rare (2 of 100 documents), term 1 common (60): a group of both scores at most as the common one...
  const frequency = (term: number) => (term === 0 ? 2 : 60);
  const group = [
    { id: 0, term: "promot", kind: "typed" as const },
    { id: 1, term: "set", kind: "related" as const },
  ];
  const idf = (df: number) => Math.log(1 + (100 - df + 0.5) / (df + 0.5));

  it("counts a group at the idf of its most frequent member", () => {
    expect(attainableScore([group], frequency, 100)).toBeCloseTo(idf(60));
  });

  it("...unless its typed word is one some hint has: then at that word's own idf", () => {
    expect(attainableScore([group], frequency, 100, (term) => term === 0)).toBeCloseTo(idf(2));
    // A related word a hint has does not score as itself.
    expect(attainableScore([group], frequency, 100, (term) => term === 1)).toBeCloseTo(idf(60));
  });
});
