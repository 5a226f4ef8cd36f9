/**
 * A task that puts a thing on another that holds items ("put PR 55 on the roadmap project") asks
 * for the operation that adds an item to the holder, named for the holder and its items rather than
 * for the thing put there.
 */
import { describe, expect, it } from "vitest";
import { stem } from "../../../runtime/search/stem.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

const asksItem = (query: string) =>
  readQuery(query).groups.some((group) => group.some((t) => t.term === stem("item")));

describe("putting a thing on another", () => {
  it.each([
    "put PR 55 on the roadmap project",
    "pin the release notes on the team board",
    "attach the design doc on the sprint board",
  ])("%j asks for an item", (query) => {
    expect(asksItem(query)).toBe(true);
  });

  it.each([
    // An object named by its ID, or a person or an account, holds no items.
    "put a green check on commit abc123",
    "put a hold on customer cus_42",
    "put a note on her profile",
    // No verb of placing, or none first.
    "add an issue to a project board",
    "show what I put on the board",
  ])("%j does not", (query) => {
    expect(asksItem(query)).toBe(false);
  });

  it("ranks the operation that adds an item to the holder above those on the thing put there", () => {
    const search = index(
      op("add-pull-request-review", "Adds a review to a pull request.", "POST", "/pulls/{n}/reviews"),
      op("update-pull-request", "Updates a pull request.", "PATCH", "/pulls/{n}"),
      op("request-reviews", "Requests reviews for a pull request.", "POST", "/pulls/{n}/reviewers"),
      op("create-project", "Creates a project.", "POST", "/projects"),
      op("delete-project", "Deletes a project.", "DELETE", "/projects/{id}"),
      op("add-project-item", "Links existing content to a project.", "POST", "/projects/{id}/items"),
      op("list-issues", "Lists issues.", "GET", "/issues"),
    );
    expect(top(search, "put PR 55 on the roadmap project")[0]).toBe("add-project-item");
  });
});
