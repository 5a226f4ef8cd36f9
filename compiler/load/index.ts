/** The load stage: user config, project config and the unit files of each units root. */
import { access, lstat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import { configFiles, legacyUserConfigPath } from "./config-paths.js";
import type {
  ConfigScope,
  LoadedCollection,
  LoadedConfigFile,
  LoadedProject,
  LoadedUnitFile,
} from "./documents.js";
import { type LoadResult, loadConfigFile, loadUnitFile, type ParseMemo } from "./load-files.js";
import { checkUnitFileId, listUnitFiles, type UnitFileEntry } from "./units-root.js";

export { userConfigPath } from "./config-paths.js";
export type {
  ConfigScope,
  LoadedCollection,
  LoadedConfigFile,
  LoadedProject,
  LoadedUnitFile,
} from "./documents.js";
export type { ParseMemo } from "./load-files.js";

export interface LoadProjectOptions {
  /** Project folder; its `.units/` folder holds `config.json` and unit files. */
  projectDir: string;
  /** An explicit project config file; its folder is then the project's units root. */
  configFile?: string;
  /** The user config file, `false` to skip it; default `$XDG_CONFIG_HOME/unitc/config.json`. */
  userConfigFile?: string | false;
  /** Environment used to find the user config (defaults to `process.env`). */
  env?: Record<string, string | undefined>;
  /** Parses kept from an earlier load of the same project (watch mode). */
  parseMemo?: ParseMemo;
  /**
   * Compile the units of the user config and the user units root too. Off by default: a project's
   * bundle is committed, and units from one person's own config must not enter it (a colleague's
   * `compile --check` would see drift). The user config's settings apply either way.
   */
  includeUserUnits?: boolean;
}

/** Loads every input of a project. Never throws; problems are diagnostics. */
export async function loadProject(options: LoadProjectOptions): Promise<LoadedProject> {
  const projectDir = resolve(options.projectDir);
  const diagnostics: Diagnostic[] = [];
  const { user: userFile, project: projectFile } = configFiles(options);

  const [user, project] = await Promise.all([
    userFile
      ? loadCollection(dirname(userFile), userFile, "user", {
          requireConfig: false,
          memo: options.parseMemo,
          configOnly: options.includeUserUnits !== true,
        })
      : undefined,
    loadCollection(dirname(projectFile), projectFile, "project", {
      requireConfig: options.configFile !== undefined,
      memo: options.parseMemo,
      missingHint: "check the path given with --config; a watch rebuilds once the file is back",
    }),
  ]);
  if (user) diagnostics.push(...user.diagnostics);
  if (user?.collection?.config && userFile === legacyUserConfigPath(options.env ?? process.env)) {
    diagnostics.push(
      createDiagnostic(
        "info",
        "USER_CONFIG_OLD_FOLDER",
        "the user config was read from the older folder units/; unitc's folders are named unitc now",
        { file: userFile },
        `move it to ${join(dirname(dirname(userFile)), "unitc", "config.json")}`,
      ),
    );
  }
  diagnostics.push(...project.diagnostics);
  return {
    projectDir,
    includeUserUnits: options.includeUserUnits === true,
    ...(user?.collection ? { user: user.collection } : {}),
    ...(project.collection ? { project: project.collection } : {}),
    diagnostics,
  };
}

/** Loads a units root: its config file (when present) and its unit files. */
export async function loadCollection(
  unitsRoot: string,
  configFile: string | undefined,
  scope: ConfigScope,
  options: {
    requireConfig: boolean;
    memo?: ParseMemo | undefined;
    configOnly?: boolean;
    /** The hint of a required config that is not there, when the usual one does not fit. */
    missingHint?: string;
  },
): Promise<{ collection?: LoadedCollection; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const collection: LoadedCollection = { scope, unitsRoot, units: [] };
  if (configFile) {
    const loaded = await loadConfig(configFile, scope, {
      required: options.requireConfig,
      memo: options.memo,
    });
    const hint = options.missingHint;
    diagnostics.push(
      ...loaded.diagnostics.map((d) => (d.code === "FILE_NOT_FOUND" && hint ? { ...d, hint } : d)),
    );
    if (loaded.document) collection.config = loaded.document;
  }
  if (options.configOnly) return collection.config ? { collection, diagnostics } : { diagnostics };
  const listed = await listUnitFiles(unitsRoot);
  diagnostics.push(...listed.diagnostics);
  const loaded = await loadUnitEntries(listed.entries, scope, options.memo);
  diagnostics.push(...loaded.diagnostics);
  collection.units.push(...loaded.units);
  if (!collection.config && collection.units.length === 0) return { diagnostics };
  return { collection, diagnostics };
}

/**
 * Reads and parses a config file. A required one (`--config`, a unit set's `configPath`) that is not
 * there is FILE_NOT_FOUND; an optional one (the user config, `.units/config.json`) that is not there is
 * absent: no document, no diagnostic. Whether it is there is asked only after a read failed, so a file
 * deleted or renamed away just before the read (an editor's save, `git checkout`) reads as absent, as
 * if the build had started a moment later, never as a failed read.
 */
export async function loadConfig(
  file: string,
  scope: ConfigScope,
  options: { required: boolean; memo?: ParseMemo | undefined },
): Promise<LoadResult<LoadedConfigFile>> {
  const loaded = await loadConfigFile(file, scope, options.memo);
  if (options.required || loaded.document || !(await notThere(file, loaded.diagnostics))) return loaded;
  return { diagnostics: [] };
}

/** Reads and parses the unit files a units root listed, in the listing's order. */
export async function loadUnitEntries(
  entries: readonly UnitFileEntry[],
  scope: ConfigScope,
  memo?: ParseMemo,
): Promise<{ units: LoadedUnitFile[]; diagnostics: Diagnostic[] }> {
  const loadedUnits = await Promise.all(
    entries.map(async (entry) => {
      const problem = checkUnitFileId(entry);
      if (problem) return { diagnostics: [problem] };
      const loaded = await loadUnitFile(entry.file, entry.id, scope, memo);
      // Deleted since it was listed (an editor's save, `rm` during a watch build): the unit is gone.
      return (await vanished(entry.file, loaded.diagnostics)) ? { diagnostics: [] } : loaded;
    }),
  );
  const units: LoadedUnitFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const loaded of loadedUnits) {
    diagnostics.push(...loaded.diagnostics);
    if ("document" in loaded && loaded.document) units.push(loaded.document);
  }
  return { units, diagnostics };
}

/** True when reading `file` failed only because it cannot be reached (it, or a link's target, is not there). */
async function notThere(file: string, diagnostics: readonly Diagnostic[]): Promise<boolean> {
  const code = diagnostics.length === 1 ? diagnostics[0]?.code : undefined;
  if (code !== "FILE_NOT_FOUND" && code !== "FILE_UNREADABLE") return false;
  return access(file).then(
    () => false,
    () => true,
  );
}

/**
 * True when reading `file` failed only because nothing is at its path any more. A link to a
 * missing file is still there (lstat finds it), so it stays an error.
 */
async function vanished(file: string, diagnostics: readonly Diagnostic[]): Promise<boolean> {
  if (diagnostics.length !== 1 || diagnostics[0]?.code !== "FILE_NOT_FOUND") return false;
  return lstat(file).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === "ENOENT",
  );
}
