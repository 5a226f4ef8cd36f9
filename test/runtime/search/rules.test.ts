/**
 * Queries that state a rule ("nobody merges into main without 2 approvals", "only admins can post
 * in #announcements") ask for the operation that sets the rule, named for a protection, a
 * restriction or preferences, not for the verb the rule is about.
 */
import { describe, expect, it } from "vitest";
import { lowerWords } from "../../../runtime/search/index-terms.js";
import { statesRule } from "../../../runtime/search/rules.js";
import { index, op, top } from "./small-index.js";

describe("statesRule", () => {
  it.each([
    "nobody can push to main",
    "make sure nobody merges into main without 2 approvals",
    "e2e job must pass before anything lands on main",
    "admins should have to follow the branch rules too",
    "only admins can post in #announcements",
    "only the deploy-bot app may push to main",
    "let only past contributors comment for a day",
    "new employees should join #general",
  ])("%j states a rule", (query) => {
    expect(statesRule(lowerWords(query))).toBe(true);
  });

  it.each([
    // A request that opens with its verb asks for that action; the rule only describes its thing.
    "send a message only one user can see",
    "merge the pull request into main",
    // A rule in a clause that describes the thing made is not what the task asks for.
    "store the db password so only jobs of the staging env can read it",
    "a new employee who should get a company card",
    // "May" after no subject is a month.
    "invoices paid in may",
    "list only open issues",
  ])("%j states none", (query) => {
    expect(statesRule(lowerWords(query))).toBe(false);
  });
});

describe("search on a rule", () => {
  const search = index(
    op("merge-pull-request", "Merges a pull request into its base branch.", "PUT", "/pulls/{number}/merge"),
    op(
      "update-branch-protection",
      "Updates the protection of a branch: required reviews and status checks before a pull request is merged.",
      "PUT",
      "/branches/{branch}/protection",
    ),
    op("create-commit-status", "Creates a commit status.", "POST", "/statuses/{sha}"),
  );

  it("finds the operation that sets the rule, not the one that does what the rule is about", () => {
    expect(top(search, "nobody merges a pull request without 2 reviews")[0]).toBe("update-branch-protection");
  });

  it("still finds the operation a request asks for", () => {
    expect(top(search, "merge the pull request without 2 reviews")[0]).toBe("merge-pull-request");
  });
});
