/**
 * A person's `options.exposure` (and search limits) never change the committed bundle: compiled with and without it the
 * output is byte for byte the same, and `compile --check` passes. The manifest marks the units whose
 * exposure nobody in the project set (`exposureDefaulted`), and `unitc serve` gives exactly those the
 * user's exposure; a unit that set its own keeps it. The user's lower `maxSearchLimit` is served, the
 * bundle's default search limit following it down. Real `unitc` child processes, a real MCP client
 * over stdio.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";
import { echoUnit, stdioChildren, xdgFolders } from "../support/user-units.js";

const startChild = stdioChildren();

const unit = echoUnit;

// A lower maxSearchLimit too: the user's search limits are serve-time settings as well.
const USER_CONFIG = JSON.stringify({ version: 1, maxSearchLimit: 7, options: { exposure: "direct" } });

/** A project with a unit that leaves exposure unset and one that sets it; XDG folders inside it. */
async function project(config: Record<string, unknown> = { version: 1 }) {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify(config),
    ".units/plain.md": unit("Plain", "plain"),
    ".units/fixed.md": unit("Fixed", "fixed", "code_mode"),
    "home/unitc/.keep": "",
  });
  return { dir, env: xdgFolders(dir), userConfig: join(dir, "home/unitc/config.json") };
}

/** Every file under `generated/`, by path, with its bytes. */
async function generated(dir: string): Promise<Map<string, string>> {
  const root = join(dir, "generated");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), (await readFile(path)).toString("base64"));
  }
  return files;
}

const manifest = async (dir: string) =>
  JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest;

describe("the committed bundle and a user's options.exposure", () => {
  it("compiles byte for byte the same with and without it; compile --check passes with it", async () => {
    const { dir, env, userConfig } = await project();
    const without = await runUnitc(["compile"], dir, env);
    expect(without.code, without.stderr).toBe(0);
    const before = await generated(dir);
    await writeFile(userConfig, USER_CONFIG);
    const check = await runUnitc(["compile", "--check"], dir, env);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const withIt = await runUnitc(["compile"], dir, env);
    expect(withIt.code, withIt.stderr).toBe(0);
    expect(await generated(dir)).toEqual(before);
    const units = (await manifest(dir)).units.map((u) => [u.id, u.exposure, u.exposureDefaulted]);
    expect(units).toEqual([
      ["fixed", "code_mode", undefined],
      ["plain", "code_mode", true],
    ]);
    expect((await manifest(dir)).settings).toEqual({ defaultSearchLimit: 20, maxSearchLimit: 50 });
  });

  it("counts the project config's options.exposure as set: no unit is marked defaulted", async () => {
    const { dir, env } = await project({ version: 1, options: { exposure: "progressive" } });
    const compiled = await runUnitc(["compile"], dir, env);
    expect(compiled.code, compiled.stderr).toBe(0);
    const units = (await manifest(dir)).units.map((u) => [u.id, u.exposure, u.exposureDefaulted]);
    expect(units).toEqual([
      ["fixed", "code_mode", undefined],
      ["plain", "progressive", undefined],
    ]);
  });
});

describe("unitc serve and a user's options.exposure", () => {
  /** Serves the project over stdio; the tools listed. */
  async function served(dir: string, env: Record<string, string>) {
    const { client } = await startChild(dir, env, ["serve"]);
    return (await client.listTools()).tools;
  }
  const names = (tools: { name: string }[]) => tools.map((tool) => tool.name).sort();
  /** What `search_tools` says of its `limit`. */
  const limitText = (tools: { name: string; inputSchema: unknown }[]) => {
    const search = tools.find((tool) => tool.name === "search_tools")?.inputSchema as
      | { properties: { limit: { description: string } } }
      | undefined;
    return search?.properties.limit.description;
  };

  it("serves the defaulted unit as the user's exposure says, and the unit that set its own as it set it", async () => {
    const { dir, env, userConfig } = await project();
    const compiled = await runUnitc(["compile"], dir, env);
    expect(compiled.code, compiled.stderr).toBe(0);
    // Without a user config both are in Code Mode only.
    const plain = await served(dir, env);
    expect(names(plain)).toEqual(["code_mode", "search_tools"]);
    expect(limitText(plain)).toContain("(default 20, at most 50)");
    await writeFile(userConfig, USER_CONFIG);
    const listed = await served(dir, env);
    expect(limitText(listed)).toContain("(default 7, at most 7)");
    const tools = names(listed);
    expect(tools).toContain("plain__say");
    expect(tools).not.toContain("fixed__say");
    // The unit that keeps code_mode is still served through the code_mode tool.
    expect(tools).toContain("code_mode");
  });
});
