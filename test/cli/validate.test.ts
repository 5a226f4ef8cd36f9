/** `unitc validate`, `--help`, `--version` and command-line errors, run in-process. */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { runUnitc } from "../support/cli.js";
import { CLI_ENTRY, config } from "../support/conformance.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));

afterAll(cleanupProjects);

const INVALID_UNIT = `---
name: Notes
description: A notes service.
httpApi:
  baseUrl: https://user:pass@notes.example.com
  actions: { list: { method: GET, path: /x } }
---
`;

describe("unitc validate", () => {
  it("accepts examples/basic and prints a summary line", async () => {
    const run = await runUnitc(["validate", "--project", "examples/basic", "--user-config", "none"], repo);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr).toMatch(/^\d+ units, 0 errors, 0 warnings\n$/);
  });

  it("accepts every project under examples/", async () => {
    const dirs = (await readdir(join(repo, "examples"), { withFileTypes: true }))
      .filter((d) => d.isDirectory() && existsSync(join(repo, "examples", d.name, ".units")))
      .map((d) => d.name);
    expect(dirs.length).toBeGreaterThan(0);
    for (const dir of dirs) {
      const run = await runUnitc(["validate", "--project", `examples/${dir}`, "--user-config", "none"], repo);
      expect({ dir, code: run.code, stdout: run.stdout }).toEqual({ dir, code: 0, stdout: "" });
    }
  });

  it("lists units and no diagnostics as JSON for a valid project", async () => {
    const run = await runUnitc(
      ["validate", "--project", "examples/basic", "--user-config", "none", "--format", "json"],
      repo,
    );
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { ok: boolean; units: { id: string }[]; diagnostics: unknown[] };
    expect(report.ok).toBe(true);
    expect(report.diagnostics).toEqual([]);
    expect(report.units.map((u) => u.id)).toContain("files");
  });

  it("exits 1 and prints file:line:col error CODE for an invalid project", async () => {
    const dir = await writeProject({ ".units/notes.md": INVALID_UNIT });
    const run = await runUnitc(["validate", "--user-config", "none"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        '.units/notes.md:4:1 error MISSING_PROPERTY "httpApi" is missing the required property "auth"',
        " 4 | httpApi:",
        "   | ^~~~~~~",
        '  hint: add auth; use { "type": "none" } for a public API',
        // The line of a URL with credentials is not printed back.
        '.units/notes.md:5:12 error INVALID_URL "baseUrl" contains credentials before the host',
        "  hint: remove the user name and password; give credentials in auth, as references such as env:NAME",
        "",
      ].join("\n"),
    );
    expect(run.stderr).toBe("0 units, 2 errors, 0 warnings\n");
  });

  it("points a duplicate unit ID at its first declaration with a note", async () => {
    const files = config({
      cliTools: { files: CLI_ENTRY },
      mcpServers: { files: { name: "Files", description: "A file server.", command: "files-mcp" } },
    });
    const dir = await writeProject(files);
    const run = await runUnitc(["validate", "--user-config", "none"], dir);
    expect(run.stdout.split("\n").slice(0, 7)).toEqual([
      '.units/config.json:14:5 error DUPLICATE_ID unit ID "files" is already used at line 3 (/cliTools/files)',
      ' 14 |     "files": {',
      "    |     ^~~~~~~",
      "  hint: unit IDs must be unique across all maps: rename one of them",
      '  note: .units/config.json:3:5: "files" is first declared here',
      '   3 |     "files": {',
      "     |     ^~~~~~~",
    ]);
    const json = await runUnitc(["validate", "--user-config", "none", "--format", "json"], dir);
    const report = JSON.parse(json.stdout) as { diagnostics: Array<{ code: string; notes?: unknown[] }> };
    const duplicate = report.diagnostics.find((d) => d.code === "DUPLICATE_ID");
    expect(duplicate?.notes).toMatchObject([
      { line: 3, column: 5, message: '"files" is first declared here' },
    ]);
  });

  it("colours the caret only when colour is wanted", async () => {
    const dir = await writeProject({ ".units/notes.md": INVALID_UNIT });
    const args = ["validate", "--user-config", "none"];
    const terminal = await runUnitc(args, dir, {}, { stdoutIsTTY: true });
    expect(terminal.stdout.split("\n")[2]).toBe("\u001b[2m   |\u001b[0m \u001b[31m^~~~~~~\u001b[0m");
    const noColor = await runUnitc(args, dir, { NO_COLOR: "1" }, { stdoutIsTTY: true });
    expect(noColor.stdout.split("\n")[2]).toBe("   | ^~~~~~~");
  });

  it("reports diagnostics as JSON with code, line and column", async () => {
    const dir = await writeProject({ ".units/notes.md": INVALID_UNIT });
    const run = await runUnitc(
      ["validate", "--project", dir, "--user-config", "none", "--format", "json"],
      repo,
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    expect(
      report.diagnostics.map(({ code, severity, line, column }) => ({ code, severity, line, column })),
    ).toEqual([
      { code: "MISSING_PROPERTY", severity: "error", line: 4, column: 1 },
      { code: "INVALID_URL", severity: "error", line: 5, column: 12 },
    ]);
    expect(report.diagnostics[0]?.file).not.toMatch(/^\//);
    expect(report.diagnostics[0]).toMatchObject({ lineText: "httpApi:", length: 7 });
    expect(report.diagnostics[1]).not.toHaveProperty("lineText");
  });

  it("reads the user config named by --user-config", async () => {
    const dir = await writeProject({ "user.json": '{ "storage": { "provider": "sqlite" } }\n' });
    // The folder holds no .units/: --project names it, as no project would be found from it.
    const run = await runUnitc(["validate", "--project", ".", "--user-config", "user.json"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'user.json:1:3 error MISSING_PROPERTY "storage" is missing the required property "path"',
    );
  });
});

describe("validate catches what compile or the first call would refuse", () => {
  it("exits 2 naming a --project folder that does not exist, and compile writes nothing there", async () => {
    const parent = await writeProject({});
    const missing = join(parent, "nonexistent");
    const run = await runUnitc(["validate", "--project", missing, "--user-config", "none"], parent);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`project folder ${missing} does not exist`);
    expect(run.stderr).not.toContain("0 units");
    const compile = await runUnitc(["compile", "--project", missing, "--user-config", "none"], parent);
    expect(compile.code).toBe(2);
    expect(existsSync(missing)).toBe(false);
  });

  it("reports a missing specPath at its value, an undeclared $input at its template, a missing command", async () => {
    const dir = await writeProject({
      ".units/pets.md":
        "---\nname: Pets\ndescription: Pets.\nopenapiEndpoint:\n  specPath: ./pets.yaml\n  auth: { type: none }\n---\n",
      ".units/tools.md":
        "---\nname: Tools\ndescription: Tools.\ncliTools:\n  actions:\n    say:\n      command: unitc-absent-command\n" +
        "      args: [$input.text]\n      inputSchema: { type: object, additionalProperties: false }\n---\n",
    });
    const run = await runUnitc(["validate", "--user-config", "none"], dir, { PATH: "" });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '.units/pets.md:5:13 error SPEC_UNREADABLE specPath "./pets.yaml" does not exist',
    );
    expect(run.stdout).toContain(".units/tools.md:8:14 error UNDECLARED_INPUT a template reads $input.text");
    expect(run.stdout).toContain(
      '.units/tools.md:7:16 warning COMMAND_NOT_FOUND command "unitc-absent-command" is not on PATH',
    );
    expect(run.stderr).toBe("2 units, 2 errors, 1 warning\n");
  });
});

describe("unitc command line", () => {
  it("--help prints usage naming the commands", async () => {
    const run = await runUnitc(["--help"], repo);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("validate");
    expect(run.stdout).toContain("init");
  });

  it("validate --help prints the command's options", async () => {
    const run = await runUnitc(["validate", "--help"], repo);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("--user-config");
    expect(run.stdout).toContain("--format");
  });

  it("--version prints the package version", async () => {
    expect(await runUnitc(["--version"], repo)).toEqual({
      code: 0,
      stdout: `${packageJson.version}\n`,
      stderr: "",
    });
  });

  it.each([
    [["frobnicate"], 'unitc: unknown command "frobnicate"'],
    [["validate", "--frobnicate"], "unitc: unknown option --frobnicate"],
    [["validate", "--formt=json"], "unitc: unknown option --formt; did you mean --format?"],
    [["init", "--forse"], "unitc: unknown option --forse; did you mean --force?"],
    [["compil"], 'unitc: unknown command "compil"; did you mean compile?'],
  ])("%j exits 2 with a message and no stack trace", async (argv, message) => {
    const run = await runUnitc(argv, repo);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`${message}\nRun unitc --help for usage.\n`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
