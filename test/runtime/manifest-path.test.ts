/**
 * `createUnits({ manifestPath })`: the generated client loads a manifest other than the one beside
 * it (a copy shipped with a built app), and relative paths in it (a CLI action's working folder)
 * resolve against that manifest's own folder, never the process's working folder. A manifest that
 * is not there is named, with where the bundle's files belong.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile, writeBundle } from "../../compiler/index.js";
import { isUnitError } from "../../runtime/errors.js";
import { MANIFEST_FORMAT, readManifest } from "../../runtime/manifest.js";
import { cleanupProjects, writeProject } from "../support/project.js";

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
      "run unitc compile to produce it; an app built into another folder needs the bundle's JSON files " +
        `(manifest.json, package.json) copied into ${join(dir, "build/generated")}, or a manifestPath naming the manifest`,
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
