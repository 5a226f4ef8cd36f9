/** Loads one config file or one unit file into a document with provenance. */
import type { Diagnostic } from "../codes/diagnostics.js";
import type { ConfigScope, LoadedConfigFile, LoadedUnitFile } from "./documents.js";
import { splitFrontmatter } from "./frontmatter.js";
import { parseDocument } from "./parse-document.js";
import { readInputFile } from "./read-file.js";
import { SourceMap } from "./source-map.js";

export interface LoadResult<T> {
  document?: T;
  diagnostics: Diagnostic[];
}

/**
 * Parsed files by path, kept between builds (watch mode): a file whose text is unchanged is not
 * parsed again. Documents are never changed after parsing, so sharing them is safe.
 */
export type ParseMemo = Map<string, { text: string; result: LoadResult<LoadedConfigFile | LoadedUnitFile> }>;

/** The memoised parse of `text`, or `parse()`'s result, remembered under `key`. */
function parseOnce<T extends LoadedConfigFile | LoadedUnitFile>(
  memo: ParseMemo | undefined,
  key: string,
  text: string,
  parse: () => LoadResult<T>,
): LoadResult<T> {
  const known = memo?.get(key);
  if (known && known.text === text) return known.result as LoadResult<T>;
  const result = parse();
  memo?.set(key, { text, result });
  return result;
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
      ...(split.bodyLine !== undefined ? { bodyLine: split.bodyLine } : {}),
    },
    diagnostics: parsed.diagnostics,
  };
}

/** Reads and parses a config file. */
export async function loadConfigFile(
  file: string,
  scope: ConfigScope,
  memo?: ParseMemo,
): Promise<LoadResult<LoadedConfigFile>> {
  const read = await readInputFile(file);
  if (read.text === undefined) return { diagnostics: read.diagnostics };
  const text = read.text;
  return parseOnce(memo, `config\0${scope}\0${file}`, text, () => parseConfigText(text, file, scope));
}

/** Reads and parses a unit file. */
export async function loadUnitFile(
  file: string,
  id: string,
  scope: ConfigScope,
  memo?: ParseMemo,
): Promise<LoadResult<LoadedUnitFile>> {
  const read = await readInputFile(file);
  if (read.text === undefined) return { diagnostics: read.diagnostics };
  const text = read.text;
  return parseOnce(memo, `unit\0${scope}\0${id}\0${file}`, text, () => parseUnitText(text, file, id, scope));
}
