/**
 * The search limits a bundle records: a `defaultSearchLimit` left to its default follows a lower
 * `maxSearchLimit` down; one written above `maxSearchLimit` is still refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { compile } from "../../../compiler/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterEach(cleanupProjects);

const unit = {
  echo: {
    name: "Echo",
    description: "Echo unit.",
    actions: { say: { description: "Say hi.", command: "echo", args: ["hi"] } },
  },
};

async function compiled(config: Record<string, unknown>) {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1, cliTools: unit, ...config }),
  });
  return compile({ projectDir: dir, userConfigFile: false });
}

describe("search limits", () => {
  it("a maxSearchLimit below the default defaultSearchLimit lowers the default to it", async () => {
    const result = await compiled({ maxSearchLimit: 10 });
    expect(formatDiagnostics(result.diagnostics)).not.toContain("SEARCH_LIMIT_ABOVE_MAX");
    const manifest = JSON.parse(result.files.get("manifest.json") as string);
    expect(manifest.settings).toEqual({ defaultSearchLimit: 10, maxSearchLimit: 10 });
  });

  it("a defaultSearchLimit written above maxSearchLimit is still an error", async () => {
    const result = await compiled({ defaultSearchLimit: 30, maxSearchLimit: 10 });
    expect(formatDiagnostics(result.diagnostics)).toContain("SEARCH_LIMIT_ABOVE_MAX");
  });
});
