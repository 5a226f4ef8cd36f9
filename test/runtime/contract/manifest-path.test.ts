/**
 * `createUnits({ manifestPath })`: the generated client loads a manifest other than the one beside
 * it (a copy shipped with a built app), and relative paths in it (a CLI action's working folder)
 * resolve against that manifest's own folder, never the process's working folder. A manifest that
 * is not there is named, with where the bundle's files belong. Without one, a module built into
 * another folder finds the bundle it was built from at the place `unitc compile` recorded.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleFolder } from "../../../compiler/bundle-folder.js";
import { compile, writeBundle } from "../../../compiler/index.js";
import { bundleManifestPath } from "../../../runtime/contract/bundle-manifest.js";
import { isUnitError } from "../../../runtime/contract/errors.js";
import { MANIFEST_FORMAT, readManifest } from "../../../runtime/contract/manifest.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const LIST_UNIT = `---
name: Listing
description: Lists the data folder beside the project.
cliTools:
  cwd: ../data
  actions:
    list:
      description: List the data folder.
      command: ls
---
`;

interface Generated {
  createUnits(options?: Record<string, unknown>): {
    listing: { list(): Promise<string> };
    $runtime: { close(): Promise<void> };
  };
}

/** A project compiled to `<dir>/generated`, its client module loaded. */
async function compiled(): Promise<{ dir: string; generated: Generated }> {
  const dir = await writeProject({
    ".units/config.json": '{ "version": 1 }',
    ".units/listing.md": LIST_UNIT,
    "data/at-home.txt": "",
  });
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  expect(result.diagnostics).toEqual([]);
  await writeBundle(result.files, { outDir });
  const generated = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as Generated;
  return { dir, generated };
}

describe("createUnits({ manifestPath })", () => {
  it("loads that manifest, resolving its relative paths against its own folder", async () => {
    const { dir, generated } = await compiled();
    const env = { PATH: process.env.PATH };
    const home = generated.createUnits({ env });
    expect(await home.listing.list()).toBe("at-home.txt\n");
    // The bundle shipped elsewhere, with the folder its CLI action works in beside it.
    const shipped = await writeProject({ "deploy/data/shipped.txt": "" });
    mkdirSync(join(shipped, "deploy/generated"));
    copyFileSync(join(dir, "generated/manifest.json"), join(shipped, "deploy/generated/manifest.json"));
    const away = generated.createUnits({
      env,
      manifestPath: join(shipped, "deploy/generated/manifest.json"),
    });
    expect(await away.listing.list()).toBe("shipped.txt\n");
    await Promise.all([home.$runtime.close(), away.$runtime.close()]);
  });

  it("names the manifest it did not find and the folder the bundle's files belong in", async () => {
    const { dir, generated } = await compiled();
    const manifestPath = join(dir, "build/generated/manifest.json");
    let thrown: unknown;
    try {
      generated.createUnits({ manifestPath });
    } catch (error) {
      thrown = error;
    }
    expect(isUnitError(thrown) && thrown.code).toBe("MANIFEST_INVALID");
    expect((thrown as Error).message).toBe(`cannot read manifest ${manifestPath}: no such file`);
    expect((thrown as { details: { hint: string } }).details.hint).toBe(
      "run unitc compile to produce it; an app built into another folder finds the bundle it was built " +
        "from, and one shipped without it needs the bundle's JSON files copied into " +
        `${join(dir, "build/generated")}, or a manifestPath naming the manifest`,
    );
  });
});

describe("the manifest of a generated module built into another folder", () => {
  it("is the bundle's it was built from, at the folder compile recorded, else the one beside it", async () => {
    const dir = await writeProject({ "generated/manifest.json": "{}", "src/generated/manifest.json": "{}" });
    const at = (folder: string) => pathToFileURL(join(dir, folder, "index.js"));
    expect(bundleManifestPath(at("generated"), "elsewhere")).toBe(join(dir, "generated/manifest.json"));
    // tsc's outDir beside the sources, with the root at the project or at src/.
    expect(bundleManifestPath(at("dist/generated"), "generated")).toBe(join(dir, "generated/manifest.json"));
    expect(bundleManifestPath(at("dist/src/generated"), "src/generated")).toBe(
      join(dir, "src/generated/manifest.json"),
    );
    expect(bundleManifestPath(at("dist/generated"), "src/generated")).toBe(
      join(dir, "src/generated/manifest.json"),
    );
    // No bundle where recorded, or nothing recorded: the manifest beside the module, which is missing.
    expect(bundleManifestPath(at("dist/lib"), "lib")).toBe(join(dir, "dist/lib/manifest.json"));
    expect(bundleManifestPath(at("dist/generated"))).toBe(join(dir, "dist/generated/manifest.json"));
  });

  it("is recorded relative to the nearest folder above holding a package.json, else the project's", async () => {
    const dir = await writeProject({ "package.json": "{}", "app/.units/config.json": "{}" });
    expect(bundleFolder(join(dir, "src/generated"), join(dir, "app"))).toBe("src/generated");
    expect(bundleFolder(join(dir, "app/generated"), join(dir, "app"))).toBe("app/generated");
    const bare = await writeProject({ ".units/config.json": "{}" });
    expect(bundleFolder(join(bare, "generated"), bare)).toBe("generated");
    expect(bundleFolder(join(bare, "../out"), bare)).toBeUndefined();
    // The generated index records it: built into dist/, it finds generated/manifest.json above.
    const { dir: project } = await compiled();
    expect(readFileSync(join(project, "generated/index.ts"), "utf8")).toContain(
      'bundleManifestPath(import.meta.url, "generated")',
    );
  });
});

describe("readManifest", () => {
  it("makes a relative path absolute, so the bundle's folder does not depend on a later working folder", async () => {
    const dir = await writeProject({});
    const file = join(dir, "manifest.json");
    const settings = { defaultSearchLimit: 5, maxSearchLimit: 20 };
    writeFileSync(file, JSON.stringify({ format: MANIFEST_FORMAT, generator: "unitc", settings, units: [] }));
    expect(readManifest(relative(process.cwd(), file)).baseDir).toBe(dir);
  });
});
