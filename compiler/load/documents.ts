/** The loaded, not yet validated, input documents: config files and unit files with provenance. */
import type { Diagnostic } from "../codes/diagnostics.js";
import type { SourceMap } from "./source-map.js";

/** Which config a document belongs to; decides what it may set (only user config sets storage, serve…). */
export type ConfigScope = "user" | "project" | "set";

/** A parsed `config.json`. `value` is undefined when it could not be parsed. */
export interface LoadedConfigFile {
  kind: "config";
  scope: ConfigScope;
  file: string;
  value: unknown;
  sourceMap: SourceMap;
}

/** A parsed unit file (`<id>.md` or `<id>/UNIT.md`). `value` is the frontmatter. */
export interface LoadedUnitFile {
  kind: "unit";
  scope: ConfigScope;
  file: string;
  /** Unit ID taken from the file or folder name. */
  id: string;
  value: unknown;
  sourceMap: SourceMap;
  /** The Markdown body: a README for humans; never a runtime input and never emitted. */
  body: string;
  /** The 1-based line of the file the body starts on, for positions in it. */
  bodyLine?: number;
}

export type LoadedDocument = LoadedConfigFile | LoadedUnitFile;

/** One units root: a folder holding an optional `config.json` and unit files. */
export interface LoadedCollection {
  scope: ConfigScope;
  /** The folder searched for unit files (absent when only a config file was named). */
  unitsRoot?: string;
  config?: LoadedConfigFile;
  units: LoadedUnitFile[];
}

/** Everything the load stage read for one project. */
export interface LoadedProject {
  projectDir: string;
  /** Whether the user config's units join the project's (its settings always do). */
  includeUserUnits?: boolean;
  user?: LoadedCollection;
  project?: LoadedCollection;
  diagnostics: Diagnostic[];
}
