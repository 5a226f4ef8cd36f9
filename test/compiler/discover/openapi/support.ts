/**
 * Helpers for OpenAPI and discovery-document tests: compile a project folder into a bundle folder
 * (written to disk, so tests can import the generated client and type-check it), with diagnostics as
 * the text the CLI prints; or discover a spec in memory, for the converters' tests.
 */

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { formatDiagnostics } from "../../../../compiler/codes/diagnostics.js";
import { type CompileResult, compile } from "../../../../compiler/index.js";
import { openapiSpec, specOperations } from "../../../support/spec-context.js";

type Data = Record<string, unknown>;

export interface CompiledBundle {
  result: CompileResult;
  /** Diagnostics as `unitc compile` prints them, paths relative to the project folder. */
  text: string;
  outDir: string;
}

/** Compiles `projectDir` (no user config) and writes the bundle to `outDir`. */
export async function compileTo(projectDir: string, outDir: string): Promise<CompiledBundle> {
  const result = await compile({ projectDir, userConfigFile: false, outDir });
  for (const [path, text] of result.files) {
    const file = join(outDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  const text = formatDiagnostics(result.diagnostics, (file) => relative(projectDir, file));
  return { result, text, outDir };
}

/** The `.units/config.json` text of a project with the given `openapiEndpoints` / other maps. */
export function configText(maps: Record<string, Record<string, unknown>>): string {
  return `${JSON.stringify({ $schema: "https://example.test/config.schema.json", ...maps }, null, 2)}\n`;
}

const outDirs: string[] = [];

/** A fresh bundle folder inside an ES module package (generated code is ESM). */
export async function makeOutDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "unitc-bundle-"));
  outDirs.push(root);
  await writeFile(join(root, "package.json"), '{ "type": "module" }\n');
  return join(root, "out");
}

/** Removes every folder made by {@link makeOutDir}. */
export async function cleanupOutDirs(): Promise<void> {
  await Promise.all(outDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * Discovers an OpenAPI 3.0 spec with `paths` (and optional components) in memory, as a unit with
 * `entry` (its auth) would: its operations and diagnostics.
 */
export async function discoverSpec(paths: Data, extra: Data = {}, entry: Data = {}) {
  const { operations, op, text } = await specOperations(openapiSpec(paths, extra), entry);
  return { unit: { operations }, text, op };
}
