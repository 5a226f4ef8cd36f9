/** Test helpers: write a throwaway project to a temp folder and validate it. */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { validate } from "../../compiler/index.js";
import type { PipelineContext } from "../../compiler/pipeline.js";

const created: string[] = [];

/** Writes `files` (path → text) below a fresh temp folder and returns the folder. */
export async function writeProject(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "unitc-test-"));
  created.push(dir);
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dir;
}

/**
 * A project of OpenAPI units, one per entry of `specs` (unit id → spec text, in config order), each
 * read from `.units/<id>.json` with no auth; the folder.
 */
export function openapiSpecsProject(specs: Record<string, string>): Promise<string> {
  const files: Record<string, string> = {};
  const openapiEndpoints: Record<string, unknown> = {};
  for (const [id, text] of Object.entries(specs)) {
    files[`.units/${id}.json`] = text;
    openapiEndpoints[id] = {
      name: id,
      description: `${id}.`,
      specPath: `${id}.json`,
      auth: { type: "none" },
    };
  }
  files[".units/config.json"] = JSON.stringify({ version: 1, openapiEndpoints });
  return writeProject(files);
}

/** Removes every folder made by {@link writeProject}. */
export async function cleanupProjects(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface ValidateTestOptions {
  /** A user config file, relative to the project folder; default: no user config. */
  userConfig?: string;
}

/** Validates a project folder (no user config unless named) and returns the context plus diagnostics as text. */
export async function validateDir(
  dir: string,
  options: ValidateTestOptions = {},
): Promise<{ context: PipelineContext; text: string }> {
  const userConfigFile = options.userConfig === undefined ? false : join(dir, options.userConfig);
  const context = await validate({ projectDir: dir, userConfigFile });
  const text = formatDiagnostics(context.diagnostics, (file) => relative(dir, file));
  return { context, text };
}

/** Writes one project and validates it. */
export async function validateFiles(
  files: Record<string, string>,
  options: ValidateTestOptions = {},
): Promise<{ context: PipelineContext; text: string }> {
  return validateDir(await writeProject(files), options);
}

/**
 * Gives the test file a build cache of its own (`UNITC_CACHE_DIR`, a fresh folder) for all its tests,
 * removed with the projects after them; returns the folder, known once the tests start.
 */
export function ownCacheDir(): () => string {
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await writeProject({});
    vi.stubEnv("UNITC_CACHE_DIR", folder);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await cleanupProjects();
  });
  return () => {
    if (folder === undefined) throw new Error("the cache folder is made when the tests start");
    return folder;
  };
}
