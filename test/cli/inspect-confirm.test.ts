/**
 * `unitc inspect` says which operations `unitc serve` confirms with the person, by the unit's own
 * `confirm` (destructive: the DELETE and the destructiveHint operations), in text and in `--json`.
 */
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notesProject } from "../runtime/serve/confirm/support.js";
import { compileProject } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects } from "../support/project.js";

let manifestPath: string;

beforeAll(async () => {
  manifestPath = await compileProject(notesProject("http://127.0.0.1:9/api", "destructive"));
});
afterAll(cleanupProjects);

const inspect = (...args: string[]) =>
  runUnitc(["inspect", ...args, "--manifest", manifestPath], dirname(manifestPath));

describe("unitc inspect and confirm", () => {
  it("lists the unit's confirmed operations", async () => {
    const run = await inspect("notes");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("unitc serve asks the person before calling: deleteNote, archiveNote\n");
    const json = JSON.parse((await inspect("notes", "--json")).stdout);
    expect(json.confirm).toEqual(["deleteNote", "archiveNote"]);
  });

  it("gives an operation's reason, and nothing for one that is not confirmed", async () => {
    const run = await inspect("notes.deleteNote");
    expect(run.stdout).toContain("unitc serve asks the person before each call: it is an HTTP DELETE\n");
    const json = JSON.parse((await inspect("notes.archiveNote", "--json")).stdout);
    expect(json.confirm).toBe("its annotations mark it destructive");
    const plain = await inspect("notes.listNotes");
    expect(plain.stdout).not.toContain("asks the person");
  });
});
