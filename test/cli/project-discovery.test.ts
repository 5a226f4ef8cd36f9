/**
 * The project a command works on, found as git and npm find theirs: the built `unitc`, run as a child
 * process from a subfolder, uses the nearest folder above holding `.units/`; from a folder with none
 * it names PROJECT_NOT_FOUND and writes nothing.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

afterEach(cleanupProjects);

const TOOLS_UNIT = `---
name: Tools
description: Local tools.
cliTools:
  actions:
    echo:
      description: Print a word.
      command: echo
      args: ["$input.word"]
---
# Tools
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `unitc` in `cwd`, its home (where the upward search stops) `home`. */
function unitc(args: readonly string[], cwd: string, home: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BUILT_CLI, ...args],
      {
        cwd,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          XDG_CONFIG_HOME: join(home, ".config"),
          XDG_STATE_HOME: join(home, ".state"),
          XDG_CACHE_HOME: join(home, ".cache"),
          ...suiteTrust(),
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

describe("project discovery", () => {
  it("compiles the project above a subfolder into that project's generated/, writing nothing in the subfolder", async () => {
    const home = await writeProject({ "project/.units/tools.md": TOOLS_UNIT });
    const project = join(home, "project");
    const nested = join(project, "src", "deep");
    await mkdir(nested, { recursive: true });

    const compiled = await unitc(["compile", "--user-config", "none"], nested, home);
    expect(compiled.stderr).toMatch(/^compiled 1 unit \(1 operation\) to \.\.\/\.\.\/generated: /);
    expect(compiled.code).toBe(0);
    expect(existsSync(join(project, "generated", "manifest.json"))).toBe(true);
    expect(await readdir(nested)).toEqual([]);
    expect(await readdir(join(project, "src"))).toEqual(["deep"]);

    // The commands that read the bundle find the same project's manifest.
    const listed = await unitc(["list", "--json"], nested, home);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: "tools" }]);

    const validated = await unitc(["validate", "--user-config", "none"], nested, home);
    expect(validated.code).toBe(0);
  });

  it("outside any project, names PROJECT_NOT_FOUND with a hint and writes nothing", async () => {
    const home = await writeProject({});
    const here = join(home, "work", "elsewhere");
    await mkdir(here, { recursive: true });

    for (const command of ["compile", "validate", "doctor"]) {
      const run = await unitc([command, "--user-config", "none"], here, home);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`unitc ${command}: PROJECT_NOT_FOUND no unitc project`);
      expect(run.stderr).toContain("hint: run it inside a project, pass --project DIR");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(await readdir(here)).toEqual([]);
    expect(existsSync(join(home, "generated"))).toBe(false);
    expect(existsSync(join(home, "work", "generated"))).toBe(false);
  });

  it("--project names the project explicitly, found or not", async () => {
    const home = await writeProject({ "a/.units/tools.md": TOOLS_UNIT, "b/.keep": "" });
    const run = await unitc(
      ["validate", "--project", "../a", "--user-config", "none"],
      join(home, "b"),
      home,
    );
    expect(run.code).toBe(0);
  });
});
