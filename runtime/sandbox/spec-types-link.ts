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

/** The module text after a generated file's header lines and the blank line that ends them. */
function readModule(read: BundleReader, path: string): string {
  const file = read(path);
  const start = file === undefined ? -1 : file.indexOf("\n\n");
  return start < 0 || file === undefined ? "" : file.slice(start + 2);
}

/** `types.ts`'s declarations as namespace members: two spaces deeper, `export` and imports dropped. */
function unitMembers(module: string): string {
  const body = module.replace(/^import type \* as \$types from "\.\/spec-types\.js";\n\n/, "");
  return body.replace(/^(export )?(?=.)/gm, "  ");
}

/** A generator's types as `namespace $types`, four spaces deeper, each tab shown as two spaces. */
function nestedSpecTypes(module: string, generator: string): string {
  const body = module.replace(/^(\t*)(?=.)/gm, (tabs) => `    ${"  ".repeat(tabs.length)}`);
  return `  // Types written by ${generator}.\n  namespace $types {\n${body}${body === "" || body.endsWith("\n") ? "" : "\n"}  }\n\n`;
}

/**
 * A unit's declaration (header already removed) as one script: `types.ts` and the generator's types
 * put back into `declare namespace Units.<ident>`; unchanged when it is not written that way. Only
 * the unit's own files are read, whatever paths the declaration names; a missing one leaves its part
 * empty: the type check then warns, nothing fails.
 */
export function expandDeclaration(bundle: string | BundleReader, unitId: string, text: string): string {
  const reader = typeof bundle === "string" ? diskReader(bundle) : bundle;
  const linked = LINKED.exec(text);
  if (!linked) return inlineSpecTypes(reader, unitId, text);
  const [, lead, generator, specifier, ident] = linked as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  const own = specifier === unitTypesImport(unitId) && unitId !== "." && unitId !== "..";
  const read = (path: string) => (own ? readModule(reader, path) : "");
  const members = unitMembers(read(`units/${unitId}/types.ts`));
  const nested = generator === undefined ? "" : nestedSpecTypes(read(specTypesPath(unitId)), generator);
  return `${lead}declare namespace Units.${ident} {\n${nested}${members}}\n`;
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
  const module = specifier === specTypesImport(unitId) ? readModule(read, specTypesPath(unitId)) : "";
  const rest = text.slice(whole.length, text.length - 2);
  return `${lead}declare namespace ${namespace} {\n${nestedSpecTypes(module, generator)}${rest}`;
}
