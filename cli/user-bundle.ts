/**
 * The person's own units, served by `serve` and `dev` beside the project's: compiled from the user
 * config into a bundle of their own in the state folder (`$XDG_STATE_HOME/unitc/user-bundle/`), never
 * into the project's committed bundle. The compile is `unitc compile --include-user-units --partial`
 * in a child process: the build record answers when nothing changed, a unit that fails to compile
 * is left out with a warning while the rest are served, and `unitc serve`'s one-file bundle never
 * has to hold the compiler.
 */

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Diagnostic, formatDiagnostics } from "../compiler/codes/diagnostics.js";
import { userConfigPath } from "../compiler/load/config-paths.js";
import type { BuildReads } from "../compiler/load/read-log.js";
import { listUnitFiles } from "../compiler/load/units-root.js";
import { BACKENDS } from "../compiler/shared/backends.js";
import { unitcDir } from "../runtime/shared/user-dirs.js";
import type { CliIO } from "./io.js";

/** Where the user's bundle is built: a project folder with no `.units/`, and its output folder. */
export interface UserBundlePlace {
  /** The user config file it is built from. */
  userConfig: string;
  projectDir: string;
  manifestPath: string;
}

/**
 * The place of the user's bundle, or `undefined` when there is no user config (`false`, or no file;
 * `dev`, which watches for the file to appear, asks with `evenIfAbsent`). One folder per user config
 * file, so two configs never overwrite each other's bundle.
 */
export function userBundlePlace(
  userConfigFile: string | false | undefined,
  env: Record<string, string | undefined>,
  { evenIfAbsent = false }: { evenIfAbsent?: boolean } = {},
): UserBundlePlace | undefined {
  if (userConfigFile === false) return undefined;
  const userConfig = userConfigFile ?? userConfigPath(env);
  if (!evenIfAbsent && !existsSync(userConfig)) return undefined;
  const key = createHash("sha256").update(userConfig).digest("hex").slice(0, 12);
  const projectDir = join(unitcDir("state", env), "user-bundle", key);
  return { userConfig, projectDir, manifestPath: join(projectDir, "generated", "manifest.json") };
}

/**
 * The built CLI's entry. This module runs from `dist/cli/` (tsc), from a chunk of the bundled CLI
 * (`dist/cli/chunks/`), from `dist/cli/serve.cjs` (CommonJS: `__filename`), or from the sources in
 * tests (`cli/`, beside `dist/`).
 */
function cliEntry(): string {
  const here = typeof __filename === "string" ? __filename : fileURLToPath(import.meta.url);
  const dir = dirname(here);
  const candidates = [
    join(dir, "main.js"),
    join(dir, "..", "main.js"),
    join(dir, "..", "dist", "cli", "main.js"),
  ];
  return candidates.find((file) => existsSync(file)) ?? (candidates[0] as string);
}

/** Runs `unitc compile` for the user's bundle; resolves with its JSON report (or why there is none). */
function compileChild(io: CliIO, place: UserBundlePlace): Promise<{ report?: unknown; problem?: string }> {
  const argv = [
    ...[cliEntry(), "compile", "--project", place.projectDir, "--user-config", place.userConfig],
    ...["--include-user-units", "--partial", "--format", "json"],
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: io.cwd,
      env: io.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", (error) => resolve({ problem: error.message }));
    child.once("close", (code) => {
      try {
        resolve({ report: JSON.parse(stdout) });
      } catch {
        resolve({ problem: stderr.trim() || `unitc compile exited with ${code}` });
      }
    });
  });
}

/**
 * What the compile child read, from its report's `reads` (see `compile-reads.ts`); `undefined` when
 * the report has none that can be trusted.
 */
function childReads(report: unknown): BuildReads | undefined {
  const reads = (report as { reads?: { files?: unknown; roots?: unknown } } | undefined)?.reads;
  const { files, roots } = reads ?? {};
  if (typeof files !== "object" || files === null || typeof roots !== "object" || roots === null)
    return undefined;
  const fileEntries = Object.entries(files).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  const rootEntries = Object.entries(roots).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].every((f) => typeof f === "string"),
  );
  return { files: new Map(fileEntries), roots: new Map(rootEntries) };
}

/** The unit files whose errors kept them out of the user's bundle. */
function failedFiles(diagnostics: readonly Diagnostic[]): string[] {
  const files = diagnostics.filter((d) => d.severity === "error" && d.file).map((d) => d.file as string);
  return [...new Set(files)].sort();
}

/**
 * Whether the user config declares any unit: an entry in one of its backend maps, or a unit file in
 * its folder. A config kept for its settings only (storage, serve) needs no compile child. Anything
 * this quick look cannot read (not JSON, an unreadable folder) counts as declaring units, so the
 * compile reports it.
 */
export async function declaresUnits(userConfig: string): Promise<boolean> {
  let config: unknown;
  try {
    config = JSON.parse(await readFile(userConfig, "utf8"));
  } catch {
    return true;
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) return true;
  const fields = config as Record<string, unknown>;
  const declared = BACKENDS.some(({ configMap }) => {
    const map = fields[configMap];
    return map !== undefined && !(typeof map === "object" && map !== null && Object.keys(map).length === 0);
  });
  if (declared) return true;
  const listed = await listUnitFiles(dirname(userConfig));
  return listed.entries.length > 0 || listed.diagnostics.some((d) => d.severity === "error");
}

/**
 * Builds the user's bundle; resolves with its manifest when there is one to serve, `false` when the
 * config (missing, or kept for its settings) has no unit to serve, `undefined` when the build failed.
 * Never throws: a user config that does not compile costs its own units only, never the project's.
 * `onReads` hears what the build read (nothing, when nothing was compiled); not called when the
 * compile child gave no report.
 */
export async function buildUserBundle(
  io: CliIO,
  place: UserBundlePlace,
  prefix: string,
  onReads?: (reads: BuildReads) => void,
): Promise<string | false | undefined> {
  // No config (not made yet, or gone) or no unit declared: nothing to compile, and a bundle left
  // from an earlier build is not served.
  if (!existsSync(place.userConfig) || !(await declaresUnits(place.userConfig))) {
    onReads?.({ files: new Map(), roots: new Map() });
    return false;
  }
  const warn = (line: string) => io.stderr(`${prefix}: warning: ${line}\n`);
  await mkdir(place.projectDir, { recursive: true });
  const { report, problem } = await compileChild(io, place);
  const reads = childReads(report);
  if (reads) onReads?.(reads);
  if (problem !== undefined) {
    warn(`the user's units are not served: ${problem}`);
    return undefined;
  }
  const { diagnostics = [], units = 0 } = report as { diagnostics?: Diagnostic[]; units?: number };
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    io.stderr(`${formatDiagnostics(errors)}\n`);
    for (const file of failedFiles(errors))
      warn(`user unit ${file} failed to compile (above); it is not served, the project's units are`);
  }
  // No unit at all: a bundle left from an earlier build is not served either.
  if (units === 0 && errors.length === 0) return false;
  return existsSync(place.manifestPath) ? place.manifestPath : undefined;
}
