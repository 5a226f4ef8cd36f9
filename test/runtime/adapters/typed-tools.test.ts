/**
 * Types flow from a generated bundle to its agent framework tools (the AI SDK's, LangChain's and Mastra's):
 * agent code over the tour bundle, checked with `tsc --strict` as an application is, compiles where
 * it uses an operation's input and output types right and fails exactly on the lines that pass a
 * wrong argument or name a tool that is not there.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { typecheckFiles } from "../../../scripts/typecheck-generated.mjs";
import { REPO } from "../../support/built-cli.js";

describe("typed agent framework tools", () => {
  it.each([
    ["AI SDK", "ai-sdk-agent.ts"],
    ["LangChain", "langchain-agent.ts"],
  ])("%s: a wrong argument or an unknown tool is a compile error, and nothing else", (_framework, name) => {
    const file = join(REPO, "test/fixtures/agent-types", name);
    // The AI SDK's own declarations name DOM types (HeadersInit) an app without lib "dom" lacks;
    // apps set skipLibCheck for that, so only errors outside node_modules count here.
    const errors = typecheckFiles([file]).filter((error) => !error.startsWith("node_modules/"));
    const lines = readFileSync(file, "utf8").split("\n");
    const wrong = lines.flatMap((line, index) => (line.endsWith("// WRONG") ? [index + 1] : []));
    const failing = [...new Set(errors.map((error) => Number(/:(\d+):\d+ TS/.exec(error)?.[1])))];
    expect(failing, errors.join("\n")).toEqual(wrong);
    expect(errors.find((error) => error.includes(`:${wrong[0]}:`))).toMatch(/TS2322 .*string.*number/);
  });
});

describe("typed Mastra tools", () => {
  it("make a wrong argument or an unknown tool a compile error, and nothing else", () => {
    const mastra = join(REPO, "test/fixtures/agent-types/mastra-agent.ts");
    // Mastra's own declarations fail to check (their bundled AI SDK types name members they lack), so
    // an app sets skipLibCheck, as this check does.
    const errors = typecheckFiles([mastra], { skipLibCheck: true });
    const lines = readFileSync(mastra, "utf8").split("\n");
    const wrong = lines.flatMap((line, index) => (line.endsWith("// WRONG") ? [index + 1] : []));
    const failing = [...new Set(errors.map((error) => Number(/:(\d+):\d+ TS/.exec(error)?.[1])))];
    expect(failing, errors.join("\n")).toEqual(wrong);
    expect(errors.find((error) => error.includes(`:${wrong[0]}:`))).toMatch(/TS2322 .*string.*number/);
  });
});
