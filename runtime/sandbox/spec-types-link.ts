/**
 * A unit's generated types (`units/<id>/spec-types.ts`, several MB for a large API) are written once:
 * its Code Mode declaration imports them as `$types` (a module that adds to the global `Units`
 * namespace, as tsc reads it through the bundle's `.code-mode/tsconfig.json`), and the runtime puts
 * them back as a nested `namespace $types { … }` when it loads the declarations, since its type check
 * is one file with nothing resolved and `units.describe` cuts excerpts out of that namespace.
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

/** The top of a unit's declaration that imports its generated types, up to its namespace's body. */
export function linkedOpening(unitId: string, ident: string, generator: string): string {
  return (
    `// Types written by ${generator}.\n` +
    `import type * as $types from ${JSON.stringify(specTypesImport(unitId))};\n\n` +
    `declare global {\nnamespace Units.${ident} {\n`
  );
}

/** The end of `declare global`, after the namespace's closing brace. */
export const LINKED_CLOSING = "}\n";

const OPENING =
  /^(\n?)\/\/ Types written by (.*)\.\nimport type \* as \$types from "([^"\\\n]*)";\n\ndeclare global \{\nnamespace (Units\.[^\s{]+) \{\n/;

/** The module text of a generator's types, as the compiler wrote it into `spec-types.ts`. */
function readSpecTypes(bundleDir: string, unitId: string, specifier: string): string {
  // Only the unit's own file is read, whatever path the declaration names.
  if (specifier !== specTypesImport(unitId)) return "";
  let file: string;
  try {
    file = readFileSync(join(bundleDir, specTypesPath(unitId)), "utf8");
  } catch {
    return "";
  }
  // Two header lines (unitc's, then the generator's) and a blank line come before the module.
  const start = file.indexOf("\n\n");
  return start < 0 ? "" : file.slice(start + 2);
}

/**
 * A unit's declaration (header already removed) with its generated types nested as
 * `namespace $types`, as one script; unchanged when it does not import them. A missing or misplaced
 * `spec-types.ts` leaves the namespace empty: the type check then warns, nothing fails.
 */
export function inlineSpecTypes(bundleDir: string, unitId: string, text: string): string {
  const opening = OPENING.exec(text);
  if (!opening || !text.endsWith(`}\n${LINKED_CLOSING}`)) return text;
  const [whole, lead, generator, specifier, namespace] = opening as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const module = readSpecTypes(bundleDir, unitId, specifier);
  // Nested four spaces deeper; the compiler's tabs (one a level) shown as two spaces each, as the
  // rest of the declaration is indented.
  const body = module.replace(/^(\t*)(?=.)/gm, (tabs) => `    ${"  ".repeat(tabs.length)}`);
  const nested = `  // Types written by ${generator}.\n  namespace $types {\n${body}${body === "" || body.endsWith("\n") ? "" : "\n"}  }\n\n`;
  const rest = text.slice(whole.length, text.length - LINKED_CLOSING.length);
  return `${lead}declare namespace ${namespace} {\n${nested}${rest}`;
}
