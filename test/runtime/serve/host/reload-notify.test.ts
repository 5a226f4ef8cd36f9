/**
 * The project bundle's reload tells listeners (the MCP sessions, which send
 * `notifications/tools/list_changed`) only when what clients see changed: a unit's manifest entry
 * (its tools/list entries, description, and the `sourceHash` its Code Mode declaration is written
 * under) or the bundle's search limits (`search_tools` shows them). A rebuild that changed none is
 * served anew all the same.
 */
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatDiagnostics, hasErrors } from "../../../../compiler/codes/diagnostics.js";
import { compile, writeBundle } from "../../../../compiler/index.js";
import { createServeHost, type ServeHost } from "../../../../runtime/serve/index.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

const hosts: ServeHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await cleanupProjects();
});

const config = (description: string, extra: Record<string, unknown> = {}, indent = 0, id = "shared") =>
  JSON.stringify(
    {
      version: 1,
      ...extra,
      cliTools: {
        [id]: {
          name: "Shared",
          description,
          exposure: "direct",
          actions: { say: { description: "Print shared.", command: "echo", args: ["shared"] } },
        },
      },
    },
    null,
    indent,
  );

/** Compiles the project in `dir` into `<dir>/generated` (only the files that differ are written). */
async function build(dir: string): Promise<void> {
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  expect(hasErrors(result.diagnostics), formatDiagnostics(result.diagnostics)).toBe(false);
  await writeBundle(result.files, { outDir });
}

/** A host serving the project in a new folder; its change count, and a way to rewrite its config. */
async function served() {
  const dir = await writeProject({ ".units/config.json": config("Prints shared.") });
  await build(dir);
  const host = createServeHost({ manifestPath: join(dir, "generated/manifest.json"), env: { PATH: "" } });
  hosts.push(host);
  let changes = 0;
  host.onChange(() => {
    changes += 1;
  });
  const rewrite = async (text: string) => {
    await writeFile(join(dir, ".units/config.json"), text);
    await build(dir);
  };
  return { host, dir, rewrite, changes: () => changes };
}

describe("reloading the project's bundle", () => {
  it("tells no listener when no unit changed, and one when a description did", async () => {
    const { host, rewrite, changes } = await served();
    expect(await host.reload()).toEqual({ added: [], changed: [], removed: [] });
    expect(changes()).toBe(0);
    // The same config laid out anew: rebuilt, the manifest byte-identical.
    await rewrite(config("Prints shared.", {}, 4));
    expect(await host.reload()).toEqual({ added: [], changed: [], removed: [] });
    expect(changes()).toBe(0);
    await rewrite(config("Prints shared, described anew."));
    expect(await host.reload()).toEqual({ added: [], changed: ["shared"], removed: [] });
    expect(changes()).toBe(1);
    expect(host.manifest.units[0]?.description).toBe("Prints shared, described anew.");
  });

  it("tells listeners when the search limits changed, though no unit did", async () => {
    const { host, rewrite, changes } = await served();
    await rewrite(config("Prints shared.", { defaultSearchLimit: 3 }));
    expect(await host.reload()).toEqual({ added: [], changed: [], removed: [], settings: true });
    expect(changes()).toBe(1);
    expect(host.snapshot().limits.defaultSearchLimit).toBe(3);
  });

  it("serves a bundle from another folder with the same manifest without telling anyone", async () => {
    const { host, dir, changes } = await served();
    const other = await writeProject({ ".units/config.json": config("Prints shared.") });
    await build(other);
    const manifestPath = join(other, "generated/manifest.json");
    expect(await host.reload({ manifestPath })).toEqual({ added: [], changed: [], removed: [] });
    expect(changes()).toBe(0);
    expect(dirname(manifestPath)).not.toBe(join(dir, "generated"));
  });

  it("tells no one when only the user bundle's search limits changed: the project's are served", async () => {
    const project = await writeProject({ ".units/config.json": config("Prints shared.") });
    await build(project);
    const user = await writeProject({ ".units/config.json": config("Prints mine.", {}, 0, "mine") });
    await build(user);
    const host = createServeHost({
      manifestPath: join(project, "generated/manifest.json"),
      userManifestPath: join(user, "generated/manifest.json"),
      env: { PATH: "" },
    });
    hosts.push(host);
    let changes = 0;
    host.onChange(() => {
      changes += 1;
    });
    await writeFile(
      join(user, ".units/config.json"),
      config("Prints mine.", { defaultSearchLimit: 3 }, 0, "mine"),
    );
    await build(user);
    expect(await host.reloadUser()).toEqual({ added: [], changed: [], removed: [] });
    expect(changes).toBe(0);
  });
});
