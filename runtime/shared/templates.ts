/**
 * The verbatim texts kept as files in the top-level `templates/` folder: the header of generated
 * files, the bundle's `package.json`, Code Mode's `tsconfig.json`, `console` declaration and the
 * sandbox prelude. Each is read once, when first needed, from a folder found relative to this
 * module: `templates/` beside the sources, or `dist/templates/` (the build copies it there, as tsc
 * copies `schemas/`) from `dist/runtime/`, from the bundled CLI's files in `dist/cli/` and from its
 * chunks a folder deeper.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The template files, by their path inside `templates/`. */
export type TemplateName =
  | "file-header.txt"
  | "bundle/package.json"
  | "code-mode/tsconfig.json"
  | "code-mode/console.d.ts"
  | "code-mode/prelude.js";

/** Where `templates/` may lie, relative to this module (or to the chunk it was bundled into). */
const ROOTS = ["../templates/", "../../templates/", "../../../templates/"];

const texts = new Map<string, string>();

function templateFile(name: TemplateName): string {
  const tried: string[] = [];
  for (const root of ROOTS) {
    const file = fileURLToPath(new URL(`${root}${name}`, import.meta.url));
    if (existsSync(file)) return file;
    tried.push(file);
  }
  throw new Error(`unitc's template ${name} is missing (looked for ${tried.join(", ")}); reinstall unitc`);
}

/** The text of a template file, exactly as it is written. */
export function readTemplate(name: TemplateName): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(templateFile(name), "utf8");
    texts.set(name, text);
  }
  return text;
}
