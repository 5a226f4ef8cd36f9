/**
 * One JSON flag: every command that prints data takes `--json` (the built CLI, run as a child process,
 * against the committed examples/basic bundle and a project in a temp folder); `--format json` stays
 * another way to say it where it was taken before.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { allDefinitions } from "../../cli/index.js";
import { BUILT_CLI, REPO } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

afterEach(cleanupProjects);

const MANIFEST = join(REPO, "generated/basic/manifest.json");

/** Runs the built `unitc` in `cwd`; its user config switched off by the caller where it matters. */
function unitc(argv: readonly string[], cwd = REPO) {
  const run = spawnSync(process.execPath, [BUILT_CLI, ...argv], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: cwd, XDG_STATE_HOME: join(cwd, ".state"), ...suiteTrust() },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("--json", () => {
  it("is a flag of every command that prints data", async () => {
    const root = await allDefinitions({ cwd: REPO, env: {}, stdout: () => {}, stderr: () => {} });
    type Node = { args?: object; subCommands?: Record<string, Node> };
    // A command by its words, `serve token list` through its sub-commands.
    const argsOf = (path: string): object | undefined => {
      let node: Node | undefined = root as Node;
      for (const word of path.split(" ")) node = node?.subCommands?.[word];
      return node?.args;
    };
    const data = [
      "validate",
      "compile",
      "tokens",
      "inspect",
      "explain",
      "list",
      "search",
      "doctor",
      "setup",
      "verify",
      "trust",
      "auth",
      "secret list",
      "storage status",
      "serve token list",
    ];
    expect(data.filter((path) => !Object.hasOwn(argsOf(path) ?? {}, "json"))).toEqual([]);
  });

  it("inspect prints a unit and an operation as JSON", () => {
    const unit = unitc(["inspect", "notes", "--manifest", MANIFEST, "--json"]);
    expect(unit.code).toBe(0);
    const shownUnit = JSON.parse(unit.stdout);
    expect(shownUnit).toMatchObject({ id: "notes", kind: "http", exposure: "code_mode", name: "Notes" });
    expect(shownUnit.operations.map((op: { name: string }) => op.name)).toEqual([
      "listNotes",
      "getNote",
      "createNote",
    ]);
    expect(shownUnit.declaration).toContain("declare namespace Units.notes");

    const op = unitc(["inspect", "notes.listNotes", "--manifest", MANIFEST, "--json"]);
    expect(op.code).toBe(0);
    const shownOp = JSON.parse(op.stdout);
    expect(shownOp).toMatchObject({
      unit: "notes",
      operation: "listNotes",
      description: "List notes, optionally filtered by tag.",
      inputSchema: { type: "object" },
      outputSchema: { type: "array" },
    });
    expect(shownOp.signature).toContain("units.notes.listNotes(");
    expect(shownOp.declaration).toContain("listNotes(input?: ListNotesInput)");
  });

  it("explain prints the catalogue entry as JSON", () => {
    const run = unitc(["explain", "UNKNOWN_UNIT", "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      expect.objectContaining({ code: "UNKNOWN_UNIT", origin: "runtime", severity: "error" }),
    ]);
  });

  it("validate, compile and tokens take --json as they take --format json", async () => {
    const tokens = unitc(["tokens", "--manifest", MANIFEST, "--json"]);
    expect(tokens.code).toBe(0);
    expect(JSON.parse(tokens.stdout)).toEqual(
      JSON.parse(unitc(["tokens", "--manifest", MANIFEST, "--format", "json"]).stdout),
    );

    const dir = await writeProject({ ".units/bad.md": "---\nname: Bad\n---\n" });
    const validated = unitc(["validate", "--user-config", "none", "--json"], dir);
    expect(validated.code).toBe(1);
    expect(JSON.parse(validated.stdout)).toEqual(
      JSON.parse(unitc(["validate", "--user-config", "none", "--format", "json"], dir).stdout),
    );

    const compiled = unitc(["compile", "--user-config", "none", "--json"], dir);
    expect(compiled.code).toBe(1);
    expect(JSON.parse(compiled.stdout)).toMatchObject({ ok: false, exitCode: 1 });
  });
});
