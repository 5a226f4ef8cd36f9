/** Loads one config file or one unit file into a document with provenance. */
import type { Diagnostic } from "../diagnostics.js";
import type { ConfigScope, LoadedConfigFile, LoadedUnitFile } from "./documents.js";
import { splitFrontmatter } from "./frontmatter.js";
import { parseDocument, SourceMap } from "./parse-document.js";
import { readInputFile } from "./read-file.js";

export interface LoadResult<T> {
  document?: T;
  diagnostics: Diagnostic[];
}

/** Parses config text (strict JSON). */
export function parseConfigText(
  text: string,
  file: string,
  scope: ConfigScope,
): LoadResult<LoadedConfigFile> {
  const parsed = parseDocument(text, { file, json: true });
  return {
    document: { kind: "config", scope, file, value: parsed.value, sourceMap: parsed.sourceMap },
    diagnostics: parsed.diagnostics,
  };
}

/** Parses unit-file text: frontmatter fences first, then the YAML between them. */
export function parseUnitText(
  text: string,
  file: string,
  id: string,
  scope: ConfigScope,
): LoadResult<LoadedUnitFile> {
  const split = splitFrontmatter(text, file);
  if (split.yaml === undefined) {
    return {
      document: { kind: "unit", scope, file, id, value: undefined, sourceMap: new SourceMap(file), body: "" },
      diagnostics: split.diagnostics,
    };
  }
  const parsed = parseDocument(split.yaml, { file, lineOffset: split.lineOffset });
  return {
    document: {
      kind: "unit",
      scope,
      file,
      id,
      value: parsed.value,
      sourceMap: parsed.sourceMap,
      body: split.body,
    },
    diagnostics: parsed.diagnostics,
  };
}

/** Reads and parses a config file. */
export async function loadConfigFile(
  file: string,
  scope: ConfigScope,
): Promise<LoadResult<LoadedConfigFile>> {
  const read = await readInputFile(file);
  if (read.text === undefined) return { diagnostics: read.diagnostics };
  return parseConfigText(read.text, file, scope);
}

/** Reads and parses a unit file. */
export async function loadUnitFile(
  file: string,
  id: string,
  scope: ConfigScope,
): Promise<LoadResult<LoadedUnitFile>> {
  const read = await readInputFile(file);
  if (read.text === undefined) return { diagnostics: read.diagnostics };
  return parseUnitText(read.text, file, id, scope);
}
