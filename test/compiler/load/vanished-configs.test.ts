/**
 * A config file that is gone when it is read (deleted, or renamed away by an editor's save, just
 * before a watch build reads it): an optional one reads as absent, as if the build had started a
 * moment later; a required one is FILE_NOT_FOUND at the file with a hint. Whether the file is there
 * is asked only after its read failed, so there is no check-then-read window left to race.
 */
import { mkdir, rename, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadUserServeConfig } from "../../../cli/user-config.js";
import { loadConfig, loadProject } from "../../../compiler/load/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterEach(cleanupProjects);

const unit = `---\nname: Alpha\ndescription: Alpha.\n---\n`;
const config = `${JSON.stringify({ version: 1, defaultSearchLimit: 7 })}\n`;

describe("config files gone when read", () => {
  it("reads an optional config renamed away as absent, without a diagnostic", async () => {
    const dir = await writeProject({ ".units/config.json": config, ".units/alpha.md": unit });
    const file = join(dir, ".units/config.json");
    expect((await loadConfig(file, "project", { required: false })).document?.value).toMatchObject({
      defaultSearchLimit: 7,
    });
    await rename(file, `${file}~`);
    expect(await loadConfig(file, "project", { required: false })).toEqual({ diagnostics: [] });
    const project = await loadProject({ projectDir: dir, userConfigFile: false });
    expect(project.diagnostics).toEqual([]);
    expect(project.user).toBeUndefined();
    expect(project.project?.config).toBeUndefined();
    expect(project.project?.units.map((u) => u.id)).toEqual(["alpha"]);
  });

  it("reports a required config that is gone as FILE_NOT_FOUND at the file, with a hint", async () => {
    const dir = await writeProject({ ".units/config.json": config, ".units/alpha.md": unit });
    const file = join(dir, ".units/config.json");
    await rename(file, `${file}~`);
    const loaded = await loadConfig(file, "project", { required: true });
    expect(loaded.document).toBeUndefined();
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: "FILE_NOT_FOUND", severity: "error", file, hint: expect.any(String) }),
    ]);
    const project = await loadProject({ projectDir: dir, configFile: file, userConfigFile: false });
    expect(project.diagnostics.map((d) => [d.code, d.file])).toEqual([["FILE_NOT_FOUND", file]]);
  });

  it("keeps an optional config that is a link to nothing absent, and one that is a folder an error", async () => {
    const dir = await writeProject({ ".units/alpha.md": unit });
    const link = join(dir, "linked.json");
    await symlink(join(dir, "missing.json"), link);
    expect(await loadConfig(link, "user", { required: false })).toEqual({ diagnostics: [] });
    const folder = join(dir, "folder.json");
    await mkdir(folder);
    const loaded = await loadConfig(folder, "user", { required: false });
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["FILE_UNREADABLE"]);
  });

  it("reads a user config gone before serve reads it as absent", async () => {
    const dir = await writeProject({ "home/unitc/config.json": config });
    const file = join(dir, "home/unitc/config.json");
    await rename(file, `${file}~`);
    expect(await loadUserServeConfig(file, {})).toEqual({ serve: {}, diagnostics: [] });
  });
});
