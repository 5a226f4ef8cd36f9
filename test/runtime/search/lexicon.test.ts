/**
 * The query-side lexicon: a task word finds the word APIs use for it ("ship this PR" merges it,
 * "kill the deploy" cancels it), weighted below the word typed, so that an operation with the
 * literal word still wins; irregular forms, phrases with a gap, verbs read as verbs only when they
 * lead, and the signs of a value (`#channel`, an email address, an `:emoji:`, a URL).
 */
import { describe, expect, it } from "vitest";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

/** The terms of the group a typed word leads, with how each came. */
function groupOf(query: string, typed: string): Record<string, string> {
  const group = readQuery(query).groups.find((g) => g.some((t) => t.term === typed && t.kind === "typed"));
  return Object.fromEntries((group ?? []).map((t) => [t.term, t.kind]));
}

describe("the lexicon ranks the operation a task means", () => {
  const pulls = index(
    op("pulls/create", "Create a pull request.", "POST", "/pulls"),
    op("pulls/merge", "Merge a pull request.", "PUT", "/pulls/{number}/merge"),
    op("pulls/get", "Get a pull request.", "GET", "/pulls/{number}"),
    op("shipments/list", "List the shipments of an order.", "GET", "/orders/{id}/shipments"),
  );

  it("reads a task verb as the API's verb: ship a PR → merge it, land it → merge it", () => {
    expect(top(pulls, "ship this PR")[0]).toBe("pulls/merge");
    expect(top(pulls, "land my pull request")[0]).toBe("pulls/merge");
  });

  it("reads idioms for what an API names plainly: shelve → archive, log out → revoke, top up → topup", () => {
    const search = index(
      op("channels/create", "Create a channel.", "POST", "/channels"),
      op("channels/archive", "Archive a channel.", "POST", "/channels/{id}/archive"),
      op("users/get", "Get a user.", "GET", "/users/{id}"),
      op("users/revoke-sessions", "Revoke the sessions of a user.", "DELETE", "/users/{id}/sessions"),
      op("balance/get", "Get the balance.", "GET", "/balance"),
      op("topups/create", "Create a topup.", "POST", "/topups"),
    );
    expect(top(search, "shelve the old channel")[0]).toBe("channels/archive");
    expect(top(search, "log this user out everywhere")[0]).toBe("users/revoke-sessions");
    expect(top(search, "refill my balance")[0]).toBe("topups/create");
  });

  it("still ranks the operation with the literal word above the one with its API word", () => {
    const search = index(
      op("orders/ship", "Ship an order.", "POST", "/orders/{id}/ship"),
      op("orders/merge", "Merge an order.", "POST", "/orders/{id}/merge"),
      op("repos/list-tags", "List the tags of a repository.", "GET", "/repos/{repo}/tags"),
      op("repos/list-labels", "List the labels of a repository.", "GET", "/repos/{repo}/labels"),
    );
    // The merge is found through "ship", and ranks below the operation that says "ship".
    expect(top(search, "ship an order").slice(0, 2)).toEqual(["orders/ship", "orders/merge"]);
    expect(top(search, "list the tags of a repository").slice(0, 2)).toEqual([
      "repos/list-tags",
      "repos/list-labels",
    ]);
  });
});

describe("how the lexicon reads a query", () => {
  it("adds the API's words beside the typed word, never in its place", () => {
    expect(groupOf("kill the deploy", "kill")).toMatchObject({ kill: "typed", cancel: "related" });
    expect(groupOf("ship this PR", "ship")).toMatchObject({ ship: "typed", merg: "related" });
  });

  it("reads another form of a word as that word, below the form typed", () => {
    expect(groupOf("list deployments", "deploy")).toMatchObject({ deploy: "typed", deploi: "form" });
    expect(groupOf("who wrote this", "wrote")).toMatchObject({ wrote: "typed", write: "form" });
  });

  it("leaves out an irregular past form after the first word, as it does a regular one", () => {
    expect(readQuery("edit the message I sent").phrase).toEqual(["edit", "messag"]);
  });

  it("reads a phrase whose words a few others stand between (log this user out)", () => {
    expect(groupOf("log this user out everywhere", "log")).toMatchObject({ revok: "related" });
    expect(groupOf("log in as admin", "log")).not.toHaveProperty("revok");
  });

  it("reads a verb that is mostly a noun as a verb only when the task starts with it", () => {
    expect(groupOf("pull the logs", "pull")).toMatchObject({ get: "related" });
    expect(groupOf("review a pull request", "pull")).not.toHaveProperty("get");
  });

  it("reads #name as a channel", () => {
    const groups = readQuery("who is in #design").groups.map((g) => g.map((t) => `${t.term}:${t.kind}`));
    expect(groups).toContainEqual(["channel:related", "convers:related"]);
  });

  it("reads an email address, an :emoji: and a URL as the things they are", () => {
    const groups = (query: string) => readQuery(query).groups.map((g) => g.map((t) => `${t.term}:${t.kind}`));
    expect(groups("who is jane@acme.com")).toContainEqual(["email:related"]);
    expect(groups("upload :partyparrot: for everyone")).toContainEqual(["emoji:related"]);
    expect(groups("notify https://api.acme.io/hooks on a payment")).toContainEqual(["url:related"]);
    expect(groups("meet at 10:30:00 in the lobby")).not.toContainEqual(["emoji:related"]);
    expect(groups("email the team")).not.toContainEqual(["email:related"]);
  });

  it("finds the operation a sign's thing names", () => {
    const users = index(
      op("users/get", "Get a user's profile.", "GET", "/users/{id}"),
      op("users/lookup", "Find a user with an email address.", "GET", "/users/lookup"),
    );
    expect(top(users, "who is jane@acme.com")[0]).toBe("users/lookup");
  });
});
