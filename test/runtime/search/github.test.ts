/**
 * Search over GitHub REST as one unit (1,223 operations, test/fixtures/search/github-rest.json.gz),
 * compiled by the real compiler and queried through the emitted search-index.json: the examples
 * that failed before (issue: "list pull requests", "fork a repository", "open a new issue in a
 * repository") and a slice of the evaluation set in bench/search-eval.mjs.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/index.js";
import { SearchIndex } from "../../../runtime/search/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

const FIXTURE = join(import.meta.dirname, "../../fixtures/search/github-rest.json.gz");

let index: SearchIndex;

beforeAll(async () => {
  const spec = gunzipSync(await readFile(FIXTURE)).toString("utf8");
  const dir = await writeProject({
    ".units/github.json": spec,
    ".units/config.json": JSON.stringify({
      openapiEndpoints: {
        github: {
          name: "GitHub",
          description: "GitHub REST API.",
          specPath: "github.json",
          baseUrl: "https://api.github.com",
          auth: { type: "none" },
        },
      },
    }),
  });
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "out") });
  const text = result.files.get("search-index.json");
  if (text === undefined) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  index = SearchIndex.load(JSON.parse(text));
});
afterAll(cleanupProjects);

const top3 = (query: string) => index.query(query, 3).map((hit) => hit.operation);

describe("GitHub REST as one unit", () => {
  it("holds every operation", () => {
    expect(index.documents).toHaveLength(1223);
  });

  it.each([
    ["list pull requests", "pulls/list"],
    ["fork a repository", "repos/create-fork"],
    ["open a new issue in a repository", "issues/create"],
  ])("%j finds %s in the top 3", (query, operation) => {
    expect(top3(query)).toContain(operation);
  });

  it("ranks pulls/list first for 'list pull requests' (the shorter, general operation)", () => {
    expect(top3("list pull requests")[0]).toBe("pulls/list");
  });

  // From the tuning split of the evaluation set: phrased as people ask, no copy of the summary.
  it.each([
    ["merge a PR", ["pulls/merge", "pulls/merge-async"]],
    ["add labels to an issue", ["issues/add-labels"]],
    ["lock the conversation on an issue", ["issues/lock"]],
    ["which files changed in a pull request", ["pulls/list-files"]],
    ["open a pull request", ["pulls/create"]],
    ["remove protection from a branch", ["repos/delete-branch-protection"]],
    ["remove a collaborator from my repo", ["repos/remove-collaborator"]],
    ["delete a file from a repo", ["repos/delete-file"]],
    ["get the newest release", ["repos/get-latest-release"]],
    ["upload a binary to a release", ["repos/upload-release-asset"]],
    ["unstar a repo", ["activity/unstar-repo-for-authenticated-user"]],
    ["list my notifications", ["activity/list-notifications-for-authenticated-user"]],
    ["react to an issue comment with an emoji", ["reactions/create-for-issue-comment"]],
    ["update my profile", ["users/update-authenticated"]],
    ["add a GPG key", ["users/create-gpg-key-for-authenticated-user"]],
  ])("%j finds one of %j in the top 3", (query, operations) => {
    expect(top3(query).some((name) => operations.includes(name))).toBe(true);
  });
});
