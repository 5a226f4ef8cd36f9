/**
 * unitc's o200k_base counter against js-tiktoken's own encoder, on every text `unitc tokens` counts
 * for the committed examples/basic bundle and on text that makes the byte pair merges work.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { tokenTexts } from "../../cli/commands/tokens.js";
import { FRAMEWORKS, type FrameworkName, offeredByExposure } from "../../cli/tokens/frameworks.js";
import { o200kCounter, type TokenCounter } from "../../cli/tokens/o200k.js";
import { readManifest } from "../../runtime/contract/manifest.js";
import { runUnitc } from "../support/cli.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const manifestFile = "generated/basic/manifest.json";
const manifest = readManifest(join(repoRoot, manifestFile)).manifest;
const frameworks = Object.keys(FRAMEWORKS) as FrameworkName[];

/** Text whose pieces are not ranks whole, so the count goes through the merges. */
const HARD_TEXTS = [
  "Grüße aus Köln, naïve café, Ærøskøbing, Ελληνικά, русский текст, עברית, العربية",
  "日本語のテキストと中文文本，한국어 텍스트 🙂🚀👩🏽‍💻 ∑∫√∞ ‰ ™",
  "they're we've I'LL she'd DON'T 1234567890 3.14159 0x7fffffff 1e-9",
  "getWeatherForecastByCityName __proto__ snake_case_identifier kebab-case-name HTTPSProxyURL",
  "line\r\nbreaks\n\n\n\t\ttabs    spaces  \u00a0 nbsp\u2003em\r\n   ",
  "a".repeat(300) + "ab".repeat(150) + "xyzzy".repeat(60),
  '{"type":"object","properties":{"q":{"type":"string","minLength":1}},"required":["q"]}',
];

let count: TokenCounter;
let reference: Tiktoken;

beforeAll(async () => {
  count = await o200kCounter();
  reference = new Tiktoken(o200k);
});

/** js-tiktoken's count of `text`, special tokens read as ordinary text. */
const expected = (text: string) => reference.encode(text, [], []).length;

describe("the o200k_base counter", () => {
  it("counts what js-tiktoken counts, text by text", () => {
    for (const text of HARD_TEXTS)
      expect({ text, tokens: count(text) }).toEqual({ text, tokens: expected(text) });
    for (const { name, text } of [...tokenTexts(manifest), ...tokenTexts(manifest, "weather")])
      expect({ name, tokens: count(text) }).toEqual({ name, tokens: expected(text) });
  });

  it("counts a special token's text as ordinary text, as a model reads it in a tool list", () => {
    const text = "ends with <|endoftext|> and <|endofprompt|>";
    expect(count(text)).toBe(expected(text));
    expect(count(text)).toBeGreaterThan(2);
  });

  it("is built once per process", async () => {
    expect(await o200kCounter()).toBe(count);
  });
});

describe("unitc tokens, counted by js-tiktoken in the test", () => {
  it("prints js-tiktoken's count of each serving style", async () => {
    for (const query of ["get details", "weather"]) {
      const run = await runUnitc(
        ["tokens", "--manifest", manifestFile, "--format", "json", "--query", query],
        repoRoot,
      );
      expect(run.code).toBe(0);
      const { figures } = JSON.parse(run.stdout) as { figures: Array<{ name: string; tokens: number }> };
      const want = tokenTexts(manifest, query).map(({ name, text }) => ({ name, tokens: expected(text) }));
      expect(figures.map(({ name, tokens }) => ({ name, tokens }))).toEqual(want);
    }
  });

  it("prints js-tiktoken's count of what each framework offers its model", async () => {
    const search = tokenTexts(manifest).find((t) => t.name === "search_tools answer")?.text ?? "";
    for (const framework of frameworks) {
      const run = await runUnitc(
        ["tokens", "--manifest", manifestFile, "--framework", framework, "--format", "json"],
        repoRoot,
      );
      expect(run.code).toBe(0);
      const { figures } = JSON.parse(run.stdout) as {
        figures: Array<{ name: string; tokens: number; detail: string }>;
      };
      const offered = await offeredByExposure(framework, join(repoRoot, manifestFile));
      expect(figures.map(({ name, tokens }) => ({ name, tokens }))).toEqual(
        offered.map((row) => ({ name: row.exposure, tokens: expected(row.json) })),
      );
      expect(figures.find((f) => f.name === "search")?.detail).toContain(
        `then ${expected(search)} per search_tools answer`,
      );
    }
  });
});
