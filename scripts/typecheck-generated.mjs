#!/usr/bin/env node
// Type-checks each compiled bundle under generated/ (or the folders given) with `tsc --strict`, two
// programs per bundle: its modules as an application sees them (wildcards skip dot folders, so not
// `.code-mode/`), and its Code Mode declarations through the bundle's own `.code-mode/tsconfig.json`.
// With no folders given it also checks examples/agent, agent code importing the generated clients.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Parsed files that stay the same between bundles (TypeScript's libs, @types, unitc's runtime), kept
 * across the programs of one process: the test suite type-checks many bundles, and parsing these
 * again for each was most of the time a check took. Each program still checks every file.
 */
const stableFiles = new Map();
const stableRoots = [join(root, "node_modules"), join(root, "runtime")];

/** A compiler host that parses a stable file once per process. */
function cachingHost(options) {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!stableRoots.some((dir) => fileName.startsWith(dir + sep)))
      return parse(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    let file = stableFiles.get(key);
    if (!file) {
      file = parse(fileName, languageVersion, onError, shouldCreate);
      if (file) stableFiles.set(key, file);
    }
    return file;
  };
  return host;
}

/** The `.ts` files below `dir`, but none in a dot folder: what a tsconfig's wildcards take. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter(
      (file) =>
        !relative(dir, file)
          .split(sep)
          .some((part) => part.startsWith(".")),
    )
    .sort();
}

/** The diagnostics of the program a bundle's `.code-mode/tsconfig.json` describes. */
function codeModeDiagnostics(dir) {
  const config = join(dir, ".code-mode/tsconfig.json");
  if (!existsSync(config)) return [];
  const problems = [];
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d) };
  // The declarations themselves are what is checked here (the tsconfig skips them for speed).
  const parsed = ts.getParsedCommandLineOfConfigFile(config, { skipLibCheck: false }, host);
  if (!parsed) return problems;
  const program = ts.createProgram(parsed.fileNames, parsed.options, cachingHost(parsed.options));
  return [...problems, ...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
}

/** The options a bundle is checked with: `tsc --strict`, as an application on Node would. */
const bundleOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  // What Node's type stripping runs: `.ts` import names, and only syntax it can erase.
  rewriteRelativeImportExtensions: true,
  erasableSyntaxOnly: true,
  noEmit: true,
  types: ["node"],
  typeRoots: [join(root, "node_modules/@types")],
  paths: {
    "unitc/runtime": [join(root, "runtime/index.ts")],
    // The agent framework adapters (`unitc/ai-sdk`, …), as agent code imports them.
    "unitc/*": [join(root, "runtime/adapters/*.ts")],
  },
};

/** Not erasable syntax in unitc's own runtime: users load it compiled, never by type stripping. */
const runtimeSyntax = (d) => d.code === 1294 && d.file?.fileName.startsWith(join(root, "runtime") + sep);

/** `file:line:col TScode message` for each diagnostic. */
function formatted(diagnostics) {
  return diagnostics
    .filter((d) => !runtimeSyntax(d))
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return message;
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${relative(root, d.file.fileName)}:${line + 1}:${character + 1} TS${d.code} ${message}`;
    });
}

/**
 * The formatted tsc errors of a program of these files (code importing generated bundles); `options`
 * adds to the bundle options (`skipLibCheck`, as apps over a framework whose declarations fail set it).
 */
export function typecheckFiles(files, options = {}) {
  const all = { ...bundleOptions, ...options };
  const program = ts.createProgram(files, all, cachingHost(all));
  return formatted(ts.getPreEmitDiagnostics(program));
}

/** The formatted tsc errors of one bundle folder; empty when it type-checks. */
export function typecheckBundle(dir) {
  const program = ts.createProgram(filesUnder(dir), bundleOptions, cachingHost(bundleOptions));
  return formatted([...ts.getPreEmitDiagnostics(program), ...codeModeDiagnostics(dir)]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2);
  const dirs = given.length
    ? given
    : readdirSync(join(root, "generated"), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(root, "generated", e.name));
  let failed = 0;
  for (const dir of dirs) {
    const errors = typecheckBundle(dir);
    for (const error of errors) console.error(error);
    console.log(`${relative(root, dir) || dir}: ${errors.length === 0 ? "ok" : `${errors.length} errors`}`);
    if (errors.length) failed++;
  }
  if (!given.length) {
    // The agent program imports the bundles the way user code does.
    const agent = join(root, "examples/agent");
    const errors = typecheckFiles(filesUnder(agent));
    for (const error of errors) console.error(error);
    console.log(`examples/agent: ${errors.length === 0 ? "ok" : `${errors.length} errors`}`);
    if (errors.length) failed++;
    // The agent framework examples; the frameworks' own declarations name DOM types (the AI SDK's
    // HeadersInit) or fail on their own (Mastra's), which an app sets skipLibCheck for, as here.
    const agents = join(root, "examples/agents");
    const own = typecheckFiles(filesUnder(agents), { skipLibCheck: true }).filter(
      (error) => !error.startsWith("node_modules/"),
    );
    for (const error of own) console.error(error);
    console.log(`examples/agents: ${own.length === 0 ? "ok" : `${own.length} errors`}`);
    if (own.length) failed++;
  }
  process.exitCode = failed ? 1 : 0;
}
