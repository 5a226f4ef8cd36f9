/**
 * What a query excludes: the word a negation governs is read as excluded (idioms that exclude
 * nothing left alone), and an operation whose name has it ranks below one that does not.
 */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "../../../runtime/search/index.js";
import { RANKING } from "../../../runtime/search/rank.js";
import { stem } from "../../../runtime/search/stem.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { op, top } from "./small-index.js";

describe("readQuery's excluded words", () => {
  it.each([
    ["set NODE_VERSION as a plain (non-secret) setting", ["secret"]],
    ["commit a file without cloning the repo", ["cloning"]],
    ["list the repos that aren't archived", ["archived"]],
    ["list the repos that aren’t archived", ["archived"]],
    ["list members who don't have 2FA", ["2"]],
    ["close the issue as not planned", ["planned"]],
    ["list every repo except forks", ["forks"]],
    ["list the members other than admins", ["admins"]],
    ["create a token that never expires", ["expires"]],
  ])("%j excludes %j", (query, words) => {
    expect(readQuery(query).excluded).toEqual(words.map(stem));
  });

  it.each([
    // Idioms with a negation that exclude nothing.
    "not only the open issues but the closed ones",
    "I no longer need the webhook, delete it",
    "don't forget to notify the team",
    "make sure no one can push to main",
    // A modal's negation states the problem or the rule the task is about.
    "issue 50 can't start until 48 is done",
    // "No X yet": X is what the task makes.
    "jot a task onto the project board, no issue yet",
    // A word the query also asks for is not excluded.
    "list the teams, not the team members",
  ])("%j excludes nothing", (query) => {
    expect(readQuery(query).excluded).toEqual([]);
  });

  it("keeps an excluded word as a typed term: prose often says the same", () => {
    const terms = readQuery("save a card without charging it").groups.flat();
    expect(terms).toContainEqual({ term: stem("charging"), kind: "typed" });
  });
});

describe("ranking with excluded words", () => {
  const operations = [
    op(
      "get-clones",
      "Gets how many times a repository's files were cloned.",
      "GET",
      "/repos/{repo}/traffic/clones",
    ),
    op("update-file", "Creates or replaces a file's contents.", "PUT", "/repos/{repo}/contents/{path}"),
  ];
  const manifest = {
    units: [{ id: "api", name: "api", description: "An API.", tags: [], operations }],
  };
  const query = "update a repo file without cloning the repo";

  it("ranks an operation named for what the task excludes below one that is not", () => {
    expect(top(SearchIndex.build(manifest), query)[0]).toBe("update-file");
  });

  it("owes it to the excluded words: weighed at 1, the name that has the word wins", () => {
    const even = { ...structuredClone(RANKING), excluded: 1 };
    expect(top(SearchIndex.build(manifest, even), query)[0]).toBe("get-clones");
  });

  it("holds nothing against a name when the query excludes nothing", () => {
    const search = SearchIndex.build(manifest);
    expect(top(search, "how many times was the repo cloned")[0]).toBe("get-clones");
  });
});
