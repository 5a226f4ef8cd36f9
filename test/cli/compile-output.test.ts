/** `unitc compile`'s progress line (terminals only) and `--format json`, run in-process. */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { petsSpec } from "../support/watch-units.js";

afterEach(cleanupProjects);

/** What the progress line writes to go back to the start of the line and erase it. */
const CLEAR = "\r\x1b[K";

const UNITS = {
  ".units/notes.md": `---
name: Notes
description: Notes service.
httpApi:
  baseUrl: http://127.0.0.1:9/api
  auth: { type: none }
  actions:
    listNotes: { method: GET, path: /notes }
    getNote: { method: GET, path: "/notes/{id}" }
---
`,
  ".units/broken.md": "---\nname: Broken\ndescription: Broken.\nhttpApi:\n  baseUrl: 42\n---\n",
};

const args = (dir: string, ...more: string[]) => [
  "compile",
  "--project",
  dir,
  "--user-config",
  "none",
  ...more,
];

describe("the progress line", () => {
  it("shows stages and units on a terminal, rewritten with \\r and cleared before the status line", async () => {
    const dir = await writeProject({ ".units/notes.md": UNITS[".units/notes.md"] });
    const run = await runUnitc(args(dir), dir, {}, { stderrIsTTY: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("\r\x1b[Kunitc compile: load…");
    expect(run.stderr).toContain("\r\x1b[Kunitc compile: discover: unit 1/1, 2 operations");
    expect(run.stderr).toContain("\r\x1b[Kunitc compile: write…");
    // The line is cleared, so the status line starts on a clean line.
    const last = run.stderr.split(CLEAR).at(-1);
    expect(last).toMatch(/^compiled 1 unit \(2 operations\) to generated: \d+ written/);
    expect(run.stdout).not.toContain("\r");
  });

  it("is never printed when stderr is not a terminal, nor with --format json", async () => {
    const dir = await writeProject({ ".units/notes.md": UNITS[".units/notes.md"] });
    const plain = await runUnitc(args(dir, "--force"), dir, {}, { stdoutIsTTY: true });
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain("\r");
    expect(plain.stderr).toMatch(/^compiled 1 unit \(2 operations\) to generated: /);
    const json = await runUnitc(args(dir, "--force", "--format", "json"), dir, {}, { stderrIsTTY: true });
    expect(json.stderr).toBe("");
  });
});

describe("compile --format json", () => {
  it("prints the outcome as one JSON object: files, units, operations, timings, diagnostics", async () => {
    const dir = await writeProject({ ".units/notes.md": UNITS[".units/notes.md"] });
    const run = await runUnitc(args(dir, "--format", "json"), dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const outcome = JSON.parse(run.stdout);
    expect(outcome).toMatchObject({
      ok: true,
      exitCode: 0,
      outDir: "generated",
      check: false,
      upToDate: false,
      units: 1,
      operations: 2,
      files: { unchanged: [], removed: [] },
      differences: [],
      diagnostics: [],
    });
    expect(outcome.status).toMatch(/^compiled 1 unit \(2 operations\) to generated: /);
    expect(outcome.files.written).toContain("manifest.json");
    for (const stage of ["load", "validate", "resolve", "discover", "emit", "total"])
      expect(typeof outcome.timings[stage], stage).toBe("number");

    const again = JSON.parse((await runUnitc(args(dir, "--format", "json"), dir)).stdout);
    expect(again).toMatchObject({ ok: true, upToDate: true, units: 1, operations: 2 });
    expect(again.files.written).toEqual([]);
    expect(again.files.unchanged).toEqual(outcome.files.written);
  });

  it("names what the compile read: each file with the hash of its text, each units root's unit files", async () => {
    const unit = `---
name: Pets
description: Pets.
openapiEndpoint:
  specPath: ../specs/pets.yaml
  baseUrl: http://127.0.0.1:9/api
  auth: { type: none }
---
`;
    const spec = petsSpec({ schema: '{ $ref: "./pet.yaml#/Pets" }' });
    const pet = "Pets:\n  type: array\n  items: { type: string }\n";
    const dir = await writeProject({
      ".units/pets.md": unit,
      "specs/pets.yaml": spec,
      "specs/pet.yaml": pet,
    });
    const hash = (text: string) => createHash("sha256").update(text).digest("hex");
    const files = {
      [join(dir, ".units/pets.md")]: hash(unit),
      [join(dir, "specs/pets.yaml")]: hash(spec),
      [join(dir, "specs/pet.yaml")]: hash(pet),
      [join(dir, ".units/config.json")]: "missing",
    };
    // Compiled, then answered by the build record: the same files either way.
    for (const upToDate of [false, true]) {
      const outcome = JSON.parse((await runUnitc(args(dir, "--format", "json"), dir)).stdout);
      expect(outcome).toMatchObject({ ok: true, upToDate, reads: { files } });
      expect(outcome.reads.roots[join(dir, ".units")]).toEqual([join(dir, ".units/pets.md")]);
    }
  });

  it("keeps the exit code and gives diagnostics as objects when the project has errors", async () => {
    const dir = await writeProject(UNITS);
    const run = await runUnitc(args(dir, "--format", "json"), dir);
    expect(run.code).toBe(1);
    const outcome = JSON.parse(run.stdout);
    expect(outcome).toMatchObject({ ok: false, exitCode: 1, units: 1, files: { written: [] } });
    expect(outcome.diagnostics).toContainEqual(
      expect.objectContaining({ severity: "error", file: join(".units", "broken.md"), line: 5 }),
    );
  });

  it("--check lists what differs as objects and exits 1", async () => {
    const dir = await writeProject({ ".units/notes.md": UNITS[".units/notes.md"] });
    const run = await runUnitc(args(dir, "--check", "--format", "json"), dir);
    expect(run.code).toBe(1);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.check).toBe(true);
    expect(outcome.differences).toContainEqual({ path: "manifest.json", change: "added" });
  });
});
