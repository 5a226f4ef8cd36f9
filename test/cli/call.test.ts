/**
 * `unitc call` against the example bundle and its real HTTP service on a free port: key=value words
 * read by the input schema, the runtime's validation and error codes, and one run as a real process.
 */
import { execFile } from "node:child_process";
import { appendFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects } from "../support/project.js";
import { copyOfProject, env, exampleProject, spoilOperationLine } from "./bundle-support.js";

let project: Awaited<ReturnType<typeof exampleProject>>;

beforeAll(async () => {
  project = await exampleProject();
});
afterAll(async () => {
  await project.close();
  await cleanupProjects();
});

describe("unitc call", () => {
  it("calls with key=value words typed by the input schema and prints the value as JSON", async () => {
    const created = await runUnitc(
      ["call", "notes.createNote", "title=From the CLI", "body=text", 'tags=["cli"]'],
      project.dir,
      env,
    );
    expect(created).toMatchObject({ code: 0, stderr: "" });
    const { id } = JSON.parse(created.stdout) as { id: string };
    const listed = await runUnitc(["call", "notes.listNotes", "--input", '{"tag":"cli"}'], project.dir, env);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ id, title: "From the CLI", tags: ["cli"] }]);
  });

  it("answers bad input with the served call's INPUT_INVALID, problems and hint (exit 1)", async () => {
    const run = await runUnitc(["call", "notes.createNote", "title="], project.dir, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("unitc call: INPUT_INVALID: invalid input for notes.createNote");
    expect(run.stderr).toContain('- input lacks required property "body"');
    expect(run.stderr).toContain("hint: match the operation's input type");
    const unit = await runUnitc(["call", "notes"], project.dir, env);
    expect(unit.code).toBe(1);
    expect(unit.stderr).toContain("UNKNOWN_OPERATION");
    const json = await runUnitc(["call", "notes.listNotes", "--input", "{nope"], project.dir, env);
    expect(json.code).toBe(2);
  });

  it("takes env: values from --env-file; a failed call keeps its code and never shows the secret", async () => {
    await writeFile(join(project.dir, "wrong.env"), "NOTES_TOKEN=wrong-token-b81c\n");
    const run = await runUnitc(["call", "notes.listNotes", "--env-file", "wrong.env"], project.dir, {
      PATH: env.PATH,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^unitc call: HTTP_STATUS: /);
    expect(run.stderr).toContain("401");
    expect(run.stderr).not.toContain("wrong-token-b81c");
    await writeFile(join(project.dir, "right.env"), `NOTES_TOKEN=${env.NOTES_TOKEN}\n`);
    const ok = await runUnitc(["call", "notes.listNotes", "--env-file", "right.env"], project.dir, {
      PATH: env.PATH,
    });
    expect(ok.code).toBe(0);
  });

  it("runs as a real process: JSON on stdout, exit codes", async () => {
    // Not spawnSync: the example service runs in this process and must keep answering.
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [BUILT_CLI, "call", ...args],
          { cwd: project.dir, env },
          (error, stdout, stderr) => resolve({ status: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });
    const now = await run(["weather__current.now", "city=oslo", "units=metric"]);
    expect(now.stderr).toBe("");
    expect(now.status).toBe(0);
    expect(JSON.parse(now.stdout)).toMatchObject({ city: "oslo" });
    const bad = await run(["weather__current.now", "units=kelvin"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("INPUT_INVALID");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("reads only the called operation's part of the manifest, validating and failing as before", async () => {
    const dir = await copyOfProject(project.dir);
    spoilOperationLine(dir, "notes", "createNote");
    const listed = await runUnitc(["call", "notes.listNotes", "--input", '{"tag":"none"}'], dir, env);
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(listed.stdout)).toEqual([]);
    const bad = await runUnitc(["call", "notes.listNotes", "--input", '{"tag":5}'], dir, env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("unitc call: INPUT_INVALID: invalid input for notes.listNotes");
    // The spoilt line is read only when it is called.
    expect((await runUnitc(["call", "notes.createNote"], dir, env)).stderr).toContain("cannot read manifest");
  });

  it("calls through the whole manifest when the offsets table is missing or stale", async () => {
    const older = await copyOfProject(project.dir);
    rmSync(join(older, "generated/manifest-offsets.json"));
    const stale = await copyOfProject(project.dir);
    appendFileSync(join(stale, "generated/manifest.json"), "\n");
    for (const dir of [older, stale]) {
      const run = await runUnitc(["call", "notes.listNotes", "--input", '{"tag":"none"}'], dir, env);
      expect(run).toMatchObject({ code: 0, stderr: "", stdout: "[]\n" });
      const unknown = await runUnitc(["call", "notes.deleteNote"], dir, env);
      expect(unknown.stderr).toContain("hint: nearest operations: getNote, createNote, listNotes");
    }
  });
});
