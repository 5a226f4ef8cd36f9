/**
 * Relative links in README.md, CONTRIBUTING.md and docs/ point at files that exist, and a `#anchor`
 * at a heading of that file (GitHub's slugs), so a page moved or a heading renamed shows here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/built-cli.js";

/** The text outside fenced blocks and inline code, where links are links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? "")));
}

const pages = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(REPO, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("links in README.md, CONTRIBUTING.md and docs/", () => {
  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const file = join(REPO, page);
      const broken: string[] = [];
      for (const m of prose(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] ?? "";
        if (/^[a-z]+:/.test(target)) continue;
        const [path = "", anchor] = target.split("#");
        const resolved = path === "" ? file : join(dirname(file), path);
        if (!existsSync(resolved)) broken.push(`${target} (no ${relative(REPO, resolved)})`);
        else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
          broken.push(`${target} (no heading #${anchor})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
