/**
 * Path inputs of a CLI action stay inside their declared root: checked on real paths, component by
 * component. A real `cat` reads what the check let through; `../`, a symlink pointing out, an
 * absolute path and a sibling folder named like the root (`<root>-evil`) are refused before anything
 * runs. Also: a `pathInputs` entry that names no input is a compile error, never a silent no-op.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeCli } from "../../runtime/invoke/cli/index.js";
import { cliContext, cliInvoke, failure, tempDir } from "../runtime/invoke/cli/support.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

let dir: string;
let remove: () => void;

beforeAll(() => {
  ({ dir, remove } = tempDir());
  mkdirSync(join(dir, "data/sub"), { recursive: true });
  mkdirSync(join(dir, "data-evil"));
  writeFileSync(join(dir, "data/notes.txt"), "inside\n");
  writeFileSync(join(dir, "data/sub/deep.txt"), "deeper\n");
  writeFileSync(join(dir, "data-evil/secret.txt"), "SIBLING-SECRET\n");
  writeFileSync(join(dir, "outside.txt"), "OUTSIDE-SECRET\n");
  symlinkSync(join(dir, "outside.txt"), join(dir, "data/link-out"));
  symlinkSync(join(dir, "data/notes.txt"), join(dir, "data/link-in"));
});
afterAll(async () => {
  remove();
  await cleanupProjects();
});

// `cat -- $input.file`, run in `dir`, `file` confined to `data`.
const cat = cliInvoke({ command: "cat", args: ["--", "$input.file"], pathInputs: { file: "data" } });
const read = (file: unknown) => invokeCli({ file }, cliContext(cat, { baseDir: dir }));

describe("CLI path inputs", () => {
  it.each([
    ["a file in the root", "data/notes.txt", "inside\n"],
    ["a file below it", "data/sub/deep.txt", "deeper\n"],
    ["a path that climbs out and back in", "data/sub/../notes.txt", "inside\n"],
    ["a symlink that stays inside", "data/link-in", "inside\n"],
  ])("lets %s through", async (_name, file, text) => {
    expect((await read(file)).value).toBe(text);
  });

  it.each([
    ["../ out of the root", "data/../outside.txt"],
    ["a symlink pointing out", "data/link-out"],
    ["a sibling named like the root", "data-evil/secret.txt"],
    ["an absolute path", "/etc/passwd"],
    ["a missing file outside", "data/../nope/new.txt"],
  ])("refuses %s before anything runs", async (_name, file) => {
    const error = await failure(read(file));
    expect(error.code).toBe("PATH_OUTSIDE_ROOT");
    expect(error.message).toContain("outside its root folder");
    expect(JSON.stringify(error)).not.toMatch(/SECRET/);
  });

  it("judges a file that does not exist yet by its folder", async () => {
    const error = await failure(read("data/sub/new.txt"));
    expect(error.code).toBe("CLI_EXIT");
  });

  it("refuses a misspelt pathInputs entry at compile time", async () => {
    const project = await writeProject({
      ".units/files.md": `---
name: Files
description: Reads files.
cliTools:
  actions:
    read:
      description: Print a file.
      command: cat
      args: ["--", "$input.file"]
      pathInputs: { fiel: data }
      inputSchema:
        type: object
        properties: { file: { type: string } }
        required: [file]
---
`,
    });
    const run = await runUnitc(["compile", "--user-config", "none"], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '.units/files.md:10:21 error PATH_INPUT_UNKNOWN pathInputs names "fiel", which is not a property of the action\'s inputSchema',
    );
    expect(run.stdout).toContain("hint: use one of: file");
  });
});
