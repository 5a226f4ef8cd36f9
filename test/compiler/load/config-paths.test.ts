/** Where the user config is found: unitc's own folder, and the older `units/` folder with a notice. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { userConfigPath } from "../../../compiler/load/config-paths.js";
import { loadProject } from "../../../compiler/load/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterEach(cleanupProjects);

describe("the user config's folder", () => {
  it("is $XDG_CONFIG_HOME/unitc", async () => {
    const home = await writeProject({});
    expect(userConfigPath({ XDG_CONFIG_HOME: home })).toBe(join(home, "unitc", "config.json"));
  });

  it("falls back to the older units/ folder when it is the only one, and says so", async () => {
    const home = await writeProject({ "units/config.json": JSON.stringify({ version: 1 }) });
    const project = await writeProject({ ".units/config.json": JSON.stringify({ version: 1 }) });
    expect(userConfigPath({ XDG_CONFIG_HOME: home })).toBe(join(home, "units", "config.json"));
    const loaded = await loadProject({ projectDir: project, env: { XDG_CONFIG_HOME: home } });
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: "USER_CONFIG_OLD_FOLDER",
        severity: "info",
        hint: `move it to ${join(home, "unitc", "config.json")}`,
      }),
    ]);
    await mkdir(join(home, "unitc"));
    await writeFile(join(home, "unitc", "config.json"), JSON.stringify({ version: 1 }));
    expect(userConfigPath({ XDG_CONFIG_HOME: home })).toBe(join(home, "unitc", "config.json"));
    expect((await loadProject({ projectDir: project, env: { XDG_CONFIG_HOME: home } })).diagnostics).toEqual(
      [],
    );
  });
});
