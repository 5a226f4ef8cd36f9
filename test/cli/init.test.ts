/**
 * `unitc init` in temp folders, and the CLI's safety on hostile input: a `---js` fence is never
 * evaluated, and `__proto__`/`constructor`/merge keys never pollute Object.prototype.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadProject } from "../../compiler/index.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

describe("unitc init", () => {
  it("writes .units/config.json with $schema and an example unit that validates", async () => {
    const dir = await writeProject({});
    const run = await runUnitc(["init"], dir);
    expect(run).toEqual({
      code: 0,
      stdout: "",
      stderr: "created .units/config.json and .units/greeter.md\nnext: npx unitc validate\n",
    });
    const config = JSON.parse(await readFile(join(dir, ".units/config.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(config).toEqual({ $schema: "https://unitc.dev/schemas/v1/config.schema.json", mcpServers: {} });
    const unit = await readFile(join(dir, ".units/greeter.md"), "utf8");
    expect(unit).toMatch(
      /^---\n\$schema: https:\/\/unitc\.dev\/schemas\/v1\/unit\.schema\.json\nname: Greeter\n/,
    );

    const validated = await runUnitc(["validate", "--user-config", "none"], dir);
    expect(validated).toEqual({ code: 0, stdout: "", stderr: "1 unit, 0 errors, 0 warnings\n" });
  });

  it("points $schema at the installed package's schemas when present", async () => {
    const dir = await writeProject({ "node_modules/unitc/schemas/config.schema.json": "{}\n" });
    expect((await runUnitc(["init"], dir)).code).toBe(0);
    const config = JSON.parse(await readFile(join(dir, ".units/config.json"), "utf8")) as { $schema: string };
    expect(config.$schema).toBe("../node_modules/unitc/schemas/config.schema.json");
  });

  it("writes into --project", async () => {
    const dir = await writeProject({});
    expect((await runUnitc(["init", "--project", "app"], dir)).code).toBe(0);
    expect(existsSync(join(dir, "app/.units/config.json"))).toBe(true);
    expect(existsSync(join(dir, "app/.units/greeter.md"))).toBe(true);
  });

  it("refuses to overwrite without --force and overwrites with it", async () => {
    const dir = await writeProject({});
    expect((await runUnitc(["init"], dir)).code).toBe(0);
    const unitFile = join(dir, ".units/greeter.md");
    const original = await readFile(unitFile, "utf8");
    await writeFile(unitFile, "edited by hand\n");

    const again = await runUnitc(["init"], dir);
    expect(again).toEqual({
      code: 1,
      stdout: "",
      stderr: ".units/config.json already exists; pass --force to overwrite it\n",
    });
    expect(await readFile(unitFile, "utf8")).toBe("edited by hand\n");

    const forced = await runUnitc(["init", "--force"], dir);
    expect(forced.code).toBe(0);
    expect(await readFile(unitFile, "utf8")).toBe(original);
  });
});

describe("hostile input", () => {
  it("rejects a ---js fence without evaluating it", async () => {
    const project = await writeProject({});
    const marker = join(project, "MARKER");
    const body = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); require('fs').writeFileSync('MARKER', 'x')`;
    await mkdir(join(project, ".units"));
    await writeFile(join(project, ".units/pwn.md"), `---js\n${body}\n---\n# Pwned\n`);
    const run = await runUnitc(["validate", "--user-config", "none"], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        '.units/pwn.md:1:4 error FRONTMATTER_LANGUAGE frontmatter fence declares the language "js"; only YAML frontmatter is accepted',
        "  hint: start the file with a line holding only --- and write the frontmatter in YAML",
        "",
      ].join("\n"),
    );
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(project, "MARKER"))).toBe(false);
    expect(existsSync(join(process.cwd(), "MARKER"))).toBe(false);
  });

  it("keeps __proto__, constructor and merge keys as data", async () => {
    const dir = await writeProject({
      ".units/pwn.md": `---
name: Pwn
description: Tries to pollute prototypes.
__proto__: { polluted: yes }
constructor: { prototype: { polluted: yes } }
base: &base { __proto__: { polluted: yes } }
cliTools:
  actions:
    run:
      command: ls
      <<: { __proto__: { polluted: yes } }
      env: { __proto__: { polluted: yes } }
---
`,
      ".units/config.json":
        '{ "__proto__": { "polluted": true }, "cliTools": { "constructor": { "prototype": { "polluted": true } } } }\n',
    });
    const loaded = await loadProject({ projectDir: dir, userConfigFile: false });
    expect(loaded.diagnostics).toEqual([]);
    const run = await runUnitc(["validate", "--user-config", "none", "--format", "json"], dir);
    expect(run.code).toBe(1);
    const codes = (JSON.parse(run.stdout) as { diagnostics: { code: string }[] }).diagnostics.map(
      (d) => d.code,
    );
    expect(codes).toContain("RESERVED_ID");
    expect(codes).toContain("UNKNOWN_PROPERTY");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    const frontmatter = loaded.project?.units[0]?.value as Record<string, unknown>;
    expect(Object.keys(frontmatter)).toContain("__proto__");
    expect(Object.getPrototypeOf(frontmatter)).toBeNull();
  });
});
