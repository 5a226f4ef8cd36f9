/**
 * README.md stays a front door: short, with the two fresh-machine commands as written (CI and people
 * copy them) and a link to every page of docs/, so no page is left unreachable.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/built-cli.js";

const readme = readFileSync(join(REPO, "README.md"), "utf8");

describe("README.md", () => {
  it("is at most 250 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
  });

  it("holds the demo and test commands verbatim, each in a shell block", () => {
    expect(readme).toContain("```sh\nnpm ci && npm run demo\n```");
    expect(readme).toContain("```sh\nnpm ci && npm test\n```");
  });

  it("links every page of docs/", () => {
    const pages = readdirSync(join(REPO, "docs")).filter((f) => f.endsWith(".md"));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(pages.filter((page) => !readme.includes(`](docs/${page})`))).toEqual([]);
  });
});
