/** `unitc inspect` over a copy of the committed example bundle: signatures, descriptions, declarations. */

import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePieces } from "../../runtime/sandbox/declarations/describe-pieces.js";
import { REPO } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects } from "../support/project.js";
import { copyOfProject, exampleProject, spoilOperationLine } from "./bundle-support.js";

/** The byte ranges of `types.ts` an operation's describe pieces name (runtime/sandbox/declarations/describe-pieces.ts). */
function typesRanges(indexFile: string, tsName: string): Array<[number, number]> {
  const index = JSON.parse(readFileSync(indexFile, "utf8"));
  const source = index.files.findIndex(([path]: [string]) => path.endsWith("/types.ts")) + 1;
  const pieces = decodePieces(index.pieces);
  if (pieces === undefined) throw new Error("the table's pieces do not read");
  const ranges: Array<[number, number]> = [];
  for (const run of (index.operations[tsName] as string).split(" ")) {
    const [first, last = first] = run.split("-").map((n) => Number.parseInt(n, 36)) as [number, number?];
    for (let number = first; number <= last; number++) {
      const [from, start, length] = pieces.at(number) as [number, number, number];
      if (from === source) ranges.push([start, length]);
    }
  }
  if (ranges.length === 0) throw new Error(`${tsName}'s pieces name no range of types.ts`);
  return ranges;
}

let project: Awaited<ReturnType<typeof exampleProject>>;

beforeAll(async () => {
  project = await exampleProject();
});
afterAll(async () => {
  await project.close();
  await cleanupProjects();
});

describe("unitc inspect", () => {
  it("shows one operation's signature, description, schemas and Code Mode declaration", async () => {
    const run = await runUnitc(["inspect", "notes.createNote"], project.dir);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain(
      "units.notes.createNote(input: { title: string; body: string; tags?: string[] }): Promise<{ id: string }>",
    );
    expect(run.stdout).toContain("\nCreate a note.\n");
    expect(run.stdout).toContain('input schema: {"type":"object"');
    expect(run.stdout).toContain("type CreateNoteInput = {");
    expect(run.stdout).toContain("createNote(input: CreateNoteInput): Promise<CreateNoteOutput>;");
    // Only what this operation uses.
    expect(run.stdout).not.toContain("ListNotesInput");
  });

  it("shows a whole unit: its operations' signatures and its declaration", async () => {
    const run = await runUnitc(["inspect", "weather__current"], project.dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^weather__current \(http, code_mode\): Current weather\n/);
    expect(run.stdout).toContain("units.weather__current.now(input: { city: string;");
    expect(run.stdout).toContain("declare namespace Units.weather__current");
  });

  it("answers an unknown unit or operation with the runtime's code and hint", async () => {
    const unit = await runUnitc(["inspect", "nope"], project.dir);
    expect(unit.code).toBe(1);
    expect(unit.stderr).toContain('UNKNOWN_UNIT: no unit "nope" in this bundle');
    expect(unit.stderr).toContain("hint: nearest units: notes, files, weather__current, weather__forecast");
    const op = await runUnitc(["inspect", "notes.deleteNote"], project.dir);
    expect(op.code).toBe(1);
    expect(op.stderr).toContain("UNKNOWN_OPERATION");
    expect(op.stderr).toContain("hint: nearest operations: getNote, createNote, listNotes");
  });

  it("answers a one-letter typo in an operation with the 5 nearest names, in inspect and call", async () => {
    const manifest = join(REPO, "generated/mcp/manifest.json");
    for (const command of ["inspect", "call"]) {
      const run = await runUnitc([command, "memory.read_grap", "--manifest", manifest], project.dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('UNKNOWN_OPERATION: unit memory has no operation "read_grap"');
      const hints = run.stderr.split("\n").filter((line) => line.startsWith("hint: "));
      expect(hints).toHaveLength(1);
      const names =
        hints[0]
          ?.replace(/^hint: nearest operations: /, "")
          .replace(/;.*$/, "")
          .split(", ") ?? [];
      expect(names).toHaveLength(5);
      expect(names[0]).toBe("read_graph");
      expect(names).toContain("open_nodes");
      expect(hints[0]).not.toContain("delete_observations");
      expect(hints[0]).toContain("9 in all");
    }
    const unit = await runUnitc(["inspect", "memroy.read_graph", "--manifest", manifest], project.dir);
    expect(unit.stderr).toContain("hint: nearest units: memory");
  });

  it("reads only the operation's slices: its manifest line and its recorded describe text", async () => {
    const expected = await runUnitc(["inspect", "notes.createNote"], project.dir);
    const dir = await copyOfProject(project.dir);
    // Another operation's manifest line, and every byte of the unit's types but those the
    // operation's pieces name, spoilt at the same size: the whole manifest no longer reads, nor
    // would the declaration cut from the types be the same.
    spoilOperationLine(dir, "notes", "listNotes");
    const types = join(dir, "generated/units/notes/types.ts");
    const kept = readFileSync(types);
    const spoilt = Buffer.alloc(kept.length, "x");
    for (const [start, length] of typesRanges(
      join(dir, "generated/units/notes/describe-index.json"),
      "createNote",
    )) {
      kept.copy(spoilt, start, start, start + length);
    }
    expect(spoilt.includes("export type ListNotesInput")).toBe(false);
    writeFileSync(types, spoilt);
    expect(await runUnitc(["inspect", "notes.createNote"], dir)).toEqual(expected);
    expect((await runUnitc(["inspect", "notes"], dir)).stderr).toContain("cannot read manifest");
  });

  it("gives the same text for a bundle without the tables (an older compile) or with stale ones", async () => {
    const expected = await runUnitc(["inspect", "notes.createNote"], project.dir);
    const older = await copyOfProject(project.dir);
    rmSync(join(older, "generated/manifest-offsets.json"));
    rmSync(join(older, "generated/units/notes/describe-index.json"));
    expect(await runUnitc(["inspect", "notes.createNote"], older)).toEqual(expected);
    const stale = await copyOfProject(project.dir);
    appendFileSync(join(stale, "generated/manifest.json"), "\n");
    appendFileSync(join(stale, "generated/units/notes/describe.txt"), "stale");
    expect(await runUnitc(["inspect", "notes.createNote"], stale)).toEqual(expected);
  });
});
