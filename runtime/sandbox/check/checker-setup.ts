/**
 * What every bundle's checker shares: the compiler options, the ECMAScript lib as one in-memory file,
 * and the registry of parsed lib files.
 */
import { dirname, join } from "node:path";
import type * as TS from "typescript";
import { typeScript } from "./typescript-module.js";

const ts = typeScript();
/** The ECMAScript lib the sandbox offers (QuickJS has ES2023 built-ins and nothing of the DOM). */
const LIB = "lib.es2023.d.ts";
/** Where the lib lives in every checker's in-memory file system: one file, see {@link libText}. */
export const LIB_FILE = "/unitc/lib/lib.d.ts";

export const OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // The lib is a root file of its own (LIB_FILE), not TypeScript's default lib files.
  noLib: true,
  strict: true,
  // Plain JavaScript is welcome: untyped parameters are not worth a warning.
  noImplicitAny: false,
  noEmit: true,
  noResolve: true,
  skipLibCheck: true,
  types: [],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

const REFERENCE_LIB = /^\/\/\/ <reference lib="([^"]+)" \/>$/gm;

/**
 * {@link LIB} and every lib file it references, in dependency order, as one text. Every check builds
 * a new program and type checker, and a checker starts by merging the globals of all its files:
 * across the ~50 lib files that is most of a check (interfaces such as `Array` are declared in many
 * of them), while within one file the binder has merged them once, when the file was parsed.
 */
function libText(): string {
  const dir = dirname(ts.getDefaultLibFilePath(OPTIONS));
  const seen = new Set<string>();
  const parts: string[] = [];
  const add = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = ts.sys.readFile(join(dir, name));
    if (text === undefined) throw new Error(`TypeScript's ${name} is missing`);
    for (const match of text.matchAll(REFERENCE_LIB)) add(`lib.${match[1]}.d.ts`);
    parts.push(text.replace(REFERENCE_LIB, ""));
  };
  add(LIB);
  return parts.join("\n");
}

let lib: TS.IScriptSnapshot | undefined;
/** The lib's snapshot, read and joined on the first checker's first look. */
export function libSnapshot(): TS.IScriptSnapshot {
  lib ??= ts.ScriptSnapshot.fromString(libText());
  return lib;
}

/**
 * Doc comments are not parsed: no diagnostic of a TypeScript script depends on them, and parsing them
 * is half the time it takes to parse a large API's declarations (GitHub REST's: 1.3 s of 2.7 s).
 */
export const JSDOC = ts.JSDocParsingMode.ParseForTypeErrors;
/** Parsed lib files are shared by the services of every bundle. */
export const registry = ts.createDocumentRegistry(undefined, undefined, JSDOC);
