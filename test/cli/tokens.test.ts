/** `unitc tokens` in-process, against the committed examples/basic bundle. */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FRAMEWORKS } from "../../cli/tokens/frameworks.js";
import { runUnitc } from "../support/cli.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const manifest = "generated/basic/manifest.json";

describe("unitc tokens", () => {
  it("prints the o200k token counts of each serving style", async () => {
    const run = await runUnitc(["tokens", "--manifest", manifest], repoRoot);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("o200k_base tokens for generated/basic/manifest.json (4 units, 7 operations)");
    expect(lines.slice(1).map((line) => line.replace(/ +\d+ +/, " N "))).toEqual([
      "direct tools/list N 7 tools, one per operation",
      "progressive tools/list N 4 tools, one per unit",
      "code_mode tool N description and input schema",
      'search_tools answer N query "get details", 5 hits',
    ]);
  });

  it("prints figures as JSON, for another query", async () => {
    const run = await runUnitc(
      ["tokens", "--manifest", manifest, "--format", "json", "--query", "weather"],
      repoRoot,
    );
    expect(run.code).toBe(0);
    const { encoding, figures } = JSON.parse(run.stdout) as {
      encoding: string;
      figures: Array<{ name: string; tokens: number; detail: string }>;
    };
    expect(encoding).toBe("o200k_base");
    expect(figures.map((f) => f.name)).toEqual([
      "direct tools/list",
      "progressive tools/list",
      "code_mode tool",
      "search_tools answer",
    ]);
    for (const figure of figures) expect(figure.tokens).toBeGreaterThan(50);
    expect(figures[3]?.detail).toBe('query "weather", 2 hits');
  });

  it("prints what each framework's own loop offers its model, per exposure", async () => {
    const counts: Record<string, number[]> = {};
    for (const framework of Object.keys(FRAMEWORKS)) {
      const run = await runUnitc(["tokens", "--manifest", manifest, "--framework", framework], repoRoot);
      expect(run).toMatchObject({ code: 0, stderr: "" });
      const lines = run.stdout.trimEnd().split("\n");
      expect(lines[0]).toBe(
        `o200k_base tokens ${framework} sends its model for generated/basic/manifest.json (4 units, 7 operations)`,
      );
      expect(
        lines.slice(1).map((line) => line.replace(/ +\d+ +/, " N ").replace(/then \d+/, "then N")),
      ).toEqual([
        "direct N 7 tools, one per operation",
        'search N 2 tools, then N per search_tools answer (query "get details", 5 hits)',
        "code_mode N 1 tool, the bundle's declarations in its description",
      ]);
      counts[framework] = lines.slice(1).map((line) => Number(/ (\d+) /.exec(line)?.[1]));
    }
    // Each framework words its tool definitions its own way: the figures are its, not the MCP list's.
    expect(new Set(Object.values(counts).map((figures) => figures.join())).size).toBe(
      Object.keys(counts).length,
    );
    for (const figure of Object.values(counts).flat()) expect(figure).toBeGreaterThan(50);
  });

  it("prints a framework's figures as JSON, and refuses a framework it has no adapter for", async () => {
    const run = await runUnitc(
      ["tokens", "--manifest", manifest, "--framework", "ai-sdk", "--format", "json"],
      repoRoot,
    );
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as {
      framework: string;
      figures: Array<{ name: string; tools: number }>;
    };
    expect(parsed.framework).toBe("ai-sdk");
    expect(parsed.figures.map((f) => [f.name, f.tools])).toEqual([
      ["direct", 7],
      ["search", 2],
      ["code_mode", 1],
    ]);
    const unknown = await runUnitc(["tokens", "--manifest", manifest, "--framework", "autogen"], repoRoot);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^unitc tokens: no adapter for the framework "autogen"\nhint: .*ai-sdk/);
  });

  it("exits 1 when there is no manifest", async () => {
    const run = await runUnitc(["tokens"], repoRoot);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^unitc tokens: cannot read manifest .*generated\/manifest\.json/);
  });
});
