/**
 * A yes-or-no question ("was PR 42 merged?", "is dave online") asks to see or check a thing, not to
 * do what its verb says; requests that open the same way ("do the release", "can you delete it",
 * "have copilot propose a fix") are no questions.
 */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "../../../runtime/search/index.js";
import { stem } from "../../../runtime/search/stem.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

/** True when the query reads as asking to see or check (get and check as alternatives of one group). */
const asksToCheck = (query: string) =>
  readQuery(query).groups.some(
    (group) =>
      group.some((t) => t.term === stem("check") && t.kind === "synonym") &&
      group.some((t) => t.term === stem("get") && t.kind === "synonym"),
  );

describe("yes-or-no questions", () => {
  it.each([
    "was PR 42 merged?",
    "was PR 42 merged already",
    "is dave online right now",
    "does dave have write access on this repo",
    "did I already like these videos?",
    "can dave push to main",
    "have we registered a webhook for payments?",
  ])("%j asks to see or check", (query) => {
    expect(asksToCheck(query)).toBe(true);
  });

  it.each([
    "merge PR 42",
    "do the release",
    "is a draft release public",
    "can you delete the branch",
    "have copilot propose a fix for alert 12",
    "what is the status of run 5",
  ])("%j does not", (query) => {
    expect(asksToCheck(query)).toBe(false);
  });

  it("ranks the operation that checks above the one that does what the question asks about", () => {
    const search = SearchIndex.build({
      units: [
        {
          id: "api",
          name: "api",
          description: "An API.",
          tags: [],
          operations: [
            op("merge-pull", "Merges a pull request.", "PUT", "/pulls/{n}/merge"),
            op("check-if-merged", "Checks if a pull request has been merged.", "GET", "/pulls/{n}/merge"),
          ],
        },
      ],
    });
    expect(top(search, "was PR 42 merged?")[0]).toBe("check-if-merged");
    expect(top(search, "merge PR 42")[0]).toBe("merge-pull");
  });
});

describe("a question of where", () => {
  it("ranks the operation on the thing's locations above the one on the thing", () => {
    const search = index(
      op("get-alert", "Gets a single secret scanning alert.", "GET", "/alerts/{number}"),
      op(
        "list-locations-for-alert",
        "Lists all locations for a given secret scanning alert.",
        "GET",
        "/alerts/{number}/locations",
      ),
    );
    expect(top(search, "where did secret alert 7 show up?")[0]).toBe("list-locations-for-alert");
    // "Where" that does not open the query asks for no place.
    expect(top(search, "show secret alert 7")[0]).toBe("get-alert");
  });
});

describe("a question of what someone has", () => {
  const search = index(
    op(
      "create-check-run",
      "Creates a new check run for a commit in a repository.",
      "POST",
      "/repos/{repo}/check-runs",
    ),
    op(
      "get-collaborator-permission-level",
      "Checks the repository permission of a collaborator. The permission attribute gives the role: " +
        "admin, write, read or none; the user must be a member of the repository.",
      "GET",
      "/repos/{repo}/collaborators/{user}/permission",
    ),
    op("list-issues", "Lists issues of a repository.", "GET", "/repos/{repo}/issues"),
    op("get-release", "Gets a release.", "GET", "/repos/{repo}/releases/{id}"),
  );
  const terms = (query: string) => readQuery(query).groups.flat();

  it("reads a verb after have as what is held, not as an action", () => {
    expect(terms("does dave have write or admin on this repo")).not.toContainEqual({
      term: stem("create"),
      kind: "synonym",
    });
    expect(terms("does dave have write or admin on this repo").map((t) => t.term)).not.toContain(
      stem("have"),
    );
    // A request that opens with have, and a verb before it, keep their actions.
    expect(terms("write a note that dave has admin")).toContainEqual({
      term: stem("create"),
      kind: "synonym",
    });
    expect(terms("have copilot write a fix").map((t) => t.term)).toContain(stem("create"));
  });

  it("ranks the operation that reads what is held above one that does the verb", () => {
    expect(top(search, "does dave have write or admin on this repo")[0]).toBe(
      "get-collaborator-permission-level",
    );
  });
});

describe("a question of which things", () => {
  const search = index(
    op(
      "create-webhook-endpoint",
      "Creates a webhook endpoint: the url to send events to.",
      "POST",
      "/webhook_endpoints",
    ),
    op(
      "list-webhook-endpoints",
      "Returns a list of your webhook endpoints: their urls and the events they receive.",
      "GET",
      "/webhook_endpoints",
    ),
    op(
      "get-webhook-endpoint",
      "Retrieves the webhook endpoint with the given ID: its url and events.",
      "GET",
      "/webhook_endpoints/{id}",
    ),
    op("list-payments", "Lists payments.", "GET", "/payments"),
    op("create-payment", "Creates a payment.", "POST", "/payments"),
  );

  it("asks for a list when which or what opens on a plural", () => {
    const asksList = (query: string) =>
      readQuery(query).groups.some((group) =>
        group.some((t) => t.term === stem("list") && t.kind === "synonym"),
      );
    expect(asksList("which webhook urls have we registered for payment events")).toBe(true);
    expect(asksList("what playlists does my channel have")).toBe(true);
    // One thing asked about, or a plural past the question's verb, is no list.
    expect(asksList("which PR brought in commit abc123")).toBe(false);
    expect(asksList("what is the status of runs")).toBe(false);
  });

  it("ranks the list first, and a request for one the one that makes it", () => {
    expect(top(search, "which webhook urls have we registered for payment events")[0]).toBe(
      "list-webhook-endpoints",
    );
    expect(top(search, "register a webhook url for payment events")[0]).toBe("create-webhook-endpoint");
  });
});

describe("a question of who did a thing", () => {
  const search = index(
    op(
      "list-reviews",
      "Lists all reviews for a pull request, in chronological order.",
      "GET",
      "/pulls/{n}/reviews",
    ),
    op("get-review", "Retrieves a pull request review by its ID.", "GET", "/pulls/{n}/reviews/{id}"),
    op(
      "list-requested-reviewers",
      "Gets the users or teams whose review is requested for a pull request.",
      "GET",
      "/pulls/{n}/requested_reviewers",
    ),
    op(
      "request-reviewers",
      "Requests reviews for a pull request from a given set of users and teams.",
      "POST",
      "/pulls/{n}/requested_reviewers",
    ),
    op("list-pull-requests", "Lists pull requests.", "GET", "/pulls"),
  );

  it("ranks the list of what was done above reading one", () => {
    const names = search.query("who reviewed my PR", 5).map((hit) => hit.operation);
    expect(names.indexOf("list-reviews")).toBeLessThan(names.indexOf("get-review"));
    // Who does a thing now is no record of it done.
    expect(readQuery("who is in this channel").groups.flat()).not.toContainEqual({
      term: stem("list"),
      kind: "synonym",
    });
  });
});
