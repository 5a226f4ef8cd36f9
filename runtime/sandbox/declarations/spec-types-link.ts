/**
 * A unit's declaration refers to what the bundle already holds instead of copying it: its types and
 * its client's methods are in `units/<id>/types.ts` (which the unit's `index.ts` uses too), and a
 * generator's types (`units/<id>/spec-types.ts`, several MB for a large API) are imported by it. The
 * declaration in `.code-mode/units/<id>.d.ts` is a module making `types.ts` the global namespace
 * `Units.<unit>`, as tsc reads it through the bundle's `.code-mode/tsconfig.json`. The runtime puts
 * the parts back into one `declare namespace Units.<unit> { … }` when it loads the declarations
 * (with the generator's types nested as `namespace $types`), since its type check is one file with
 * nothing resolved and `units.describe` cuts excerpts out of that text.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The file a unit's generated types are in, relative to the bundle. */
export function specTypesPath(unitId: string): string {
  return `units/${unitId}/spec-types.ts`;
}

/** The import of a unit's generated types in its declaration (which lies in `.code-mode/units/`). */
export function specTypesImport(unitId: string): string {
  return `../../units/${unitId}/spec-types.js`;
}

/** The import of a unit's `types.ts` in its declaration. */
export function unitTypesImport(unitId: string): string {
  return `../../units/${unitId}/types.js`;
}

/**
 * A unit's whole declaration: `types.ts` as the global namespace `Units.<ident>`, after a line naming
 * the generator of the types it imports, if any.
 */
export function linkedDeclaration(unitId: string, ident: string, generator: string | undefined): string {
  return (
    (generator === undefined ? "" : `// Types written by ${generator}.\n`) +
    `import * as $unit from ${JSON.stringify(unitTypesImport(unitId))};\n\n` +
    `declare global {\nnamespace Units {\n  export import ${ident} = $unit;\n}\n}\n`
  );
}

const LINKED =
  /^(\n?)(?:\/\/ Types written by (.*)\.\n)?import \* as \$unit from "([^"\\\n]*)";\n\ndeclare global \{\nnamespace Units \{\n {2}export import ([A-Za-z_$][\w$]*) = \$unit;\n\}\n\}\n$/;

/** Reads a file of the bundle by its relative path; undefined when it cannot be read. */
export type BundleReader = (path: string) => string | undefined;

/** A reader of the bundle in `bundleDir` on disk. */
export function diskReader(bundleDir: string): BundleReader {
  return (path) => {
    try {
      return readFileSync(join(bundleDir, path), "utf8");
    } catch {
      return undefined;
    }
  };
}

const TYPES_IMPORT = /^import type \* as \$types from "\.\/spec-types\.[jt]s";\n\n/;

/** How a line of a unit's files is rewritten in its expanded declaration (see {@link restoreLines}). */
export type LineKind = "spec" | "types";

const LINE_START: Record<LineKind, RegExp> = { spec: /^(\t*)(?=.)/gm, types: /^(export )?(?=.)/gm };
const LINE_PREFIX: Record<LineKind, (found: string) => string> = {
  // A generator's types: four spaces deeper, each tab shown as two spaces.
  spec: (tabs) => `    ${"  ".repeat(tabs.length)}`,
  // `types.ts`'s declarations as namespace members: two spaces deeper, `export` dropped.
  types: () => "  ",
};

/**
 * Text of a unit's file as its expanded declaration shows it; `atLineStart` false when `text` starts
 * inside a line, whose rest is then kept as it is.
 */
export function restoreLines(kind: LineKind, text: string, atLineStart = true): string {
  const at = atLineStart ? 0 : text.indexOf("\n") + 1;
  if (!atLineStart && at === 0) return text;
  return text.slice(0, at) + text.slice(at).replace(LINE_START[kind], LINE_PREFIX[kind]);
}

/** How a line of the expanded text maps to its file's line: the prefix written and the one read. */
export function linePrefixes(kind: LineKind, line: string): { written: number; read: number } {
  const found = new RegExp(LINE_START[kind].source).exec(line);
  if (!found) return { written: 0, read: 0 };
  return { written: LINE_PREFIX[kind](found[0]).length, read: found[0].length };
}

/** A part of a unit's expanded declaration rewritten line by line from part of one of its files. */
export interface SourceRegion {
  /** Where it lies in the expanded text: [start, end). */
  start: number;
  end: number;
  /** The file, relative to the bundle, and where (in characters) the part read starts. */
  path: string;
  from: number;
  kind: LineKind;
}

/** A file's module text (after its header lines and the blank line ending them) and where it starts. */
function moduleOf(read: BundleReader, path: string): { text: string; from: number } {
  const file = read(path);
  const start = file === undefined ? -1 : file.indexOf("\n\n");
  return start < 0 || file === undefined
    ? { text: "", from: 0 }
    : { text: file.slice(start + 2), from: start + 2 };
}

/** A generator's types as `namespace $types` (a declaration written by an earlier version). */
function nestedSpecTypes(module: string, generator: string): string {
  const body = restoreLines("spec", module);
  return `  // Types written by ${generator}.\n  namespace $types {\n${body}${body === "" || body.endsWith("\n") ? "" : "\n"}  }\n\n`;
}

/**
 * A unit's declaration (header already removed) as one script: `types.ts` and the generator's types
 * put back into `declare namespace Units.<ident>`; unchanged when it is not written that way. Only
 * the unit's own files are read, whatever paths the declaration names; a missing one leaves its part
 * empty: the type check then warns, nothing fails. With it, where the parts rewritten from the
 * unit's files lie.
 */
export function expandWithRegions(
  bundle: string | BundleReader,
  unitId: string,
  text: string,
): { text: string; regions: SourceRegion[] } {
  const reader = typeof bundle === "string" ? diskReader(bundle) : bundle;
  const linked = LINKED.exec(text);
  if (!linked) return { text: inlineSpecTypes(reader, unitId, text), regions: [] };
  const [, lead, generator, specifier, ident] = linked as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  const own = specifier === unitTypesImport(unitId) && unitId !== "." && unitId !== "..";
  const read = (path: string) => (own ? moduleOf(reader, path) : { text: "", from: 0 });
  const regions: SourceRegion[] = [];
  let out = `${lead}declare namespace Units.${ident} {\n`;
  const add = (path: string, kind: LineKind, module: { text: string; from: number }, skip = 0) => {
    const written = restoreLines(kind, module.text.slice(skip));
    regions.push({
      start: out.length,
      end: out.length + written.length,
      path,
      from: module.from + skip,
      kind,
    });
    out += written;
  };
  if (generator !== undefined) {
    const spec = read(specTypesPath(unitId));
    out += `  // Types written by ${generator}.\n  namespace $types {\n`;
    add(specTypesPath(unitId), "spec", spec);
    out += `${spec.text === "" || spec.text.endsWith("\n") ? "" : "\n"}  }\n\n`;
  }
  const types = read(`units/${unitId}/types.ts`);
  add(`units/${unitId}/types.ts`, "types", types, TYPES_IMPORT.exec(types.text)?.[0].length ?? 0);
  return { text: `${out}}\n`, regions };
}

const OPENING =
  /^(\n?)\/\/ Types written by (.*)\.\nimport type \* as \$types from "([^"\\\n]*)";\n\ndeclare global \{\nnamespace (Units\.[^\s{]+) \{\n/;

/**
 * A declaration as unitc wrote it before `types.ts` held the unit's members (a bundle compiled by an
 * earlier version): the members copied in, the generator's types imported; those are nested back.
 */
function inlineSpecTypes(read: BundleReader, unitId: string, text: string): string {
  const opening = OPENING.exec(text);
  if (!opening || !text.endsWith("}\n}\n")) return text;
  const [whole, lead, generator, specifier, namespace] = opening as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const module = specifier === specTypesImport(unitId) ? moduleOf(read, specTypesPath(unitId)).text : "";
  const rest = text.slice(whole.length, text.length - 2);
  return `${lead}declare namespace ${namespace} {\n${nestedSpecTypes(module, generator)}${rest}`;
}
