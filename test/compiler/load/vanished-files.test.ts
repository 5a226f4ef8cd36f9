/**
 * A unit file that is listed and then deleted before it is read (watch mode races an editor or
 * `rm` this way) is a unit that is gone, not a failed build; a dangling link is still an error.
 */
import { rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadUnitEntries } from "../../../compiler/load/index.js";
import { listUnitFiles } from "../../../compiler/load/units-root.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterEach(cleanupProjects);

const unit = (name: string) => `---\nname: ${name}\ndescription: ${name}.\n---\n`;

describe("unit files deleted between listing and reading", () => {
  it("leaves a removed file unit out, without a diagnostic", async () => {
    const dir = await writeProject({ ".units/alpha.md": unit("Alpha"), ".units/beta.md": unit("Beta") });
    const listed = await listUnitFiles(join(dir, ".units"));
    expect(listed.entries.map((entry) => entry.id)).toEqual(["alpha", "beta"]);
    await rm(join(dir, ".units/alpha.md"));
    const loaded = await loadUnitEntries(listed.entries, "project");
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.units.map((u) => u.id)).toEqual(["beta"]);
  });

  it("leaves a removed folder unit out, without a diagnostic", async () => {
    const dir = await writeProject({ ".units/alpha/UNIT.md": unit("Alpha"), ".units/beta.md": unit("Beta") });
    const listed = await listUnitFiles(join(dir, ".units"));
    await rm(join(dir, ".units/alpha"), { recursive: true });
    const loaded = await loadUnitEntries(listed.entries, "project");
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.units.map((u) => u.id)).toEqual(["beta"]);
  });

  it("still reports a UNIT.md that is a link to nothing", async () => {
    const dir = await writeProject({ ".units/beta.md": unit("Beta"), ".units/alpha/notes.txt": "" });
    await symlink(join(dir, "missing.md"), join(dir, ".units/alpha/UNIT.md"));
    const listed = await listUnitFiles(join(dir, ".units"));
    expect(listed.entries.map((entry) => entry.id)).toEqual(["alpha", "beta"]);
    const loaded = await loadUnitEntries(listed.entries, "project");
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: "FILE_NOT_FOUND", file: join(dir, ".units/alpha/UNIT.md") }),
    ]);
    expect(loaded.units.map((u) => u.id)).toEqual(["beta"]);
  });
});
