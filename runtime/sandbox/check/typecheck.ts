/**
 * The type check of a Code Mode script against a bundle's declarations. One TypeScript
 * LanguageService per bundle, over an in-memory host: the declarations and the ECMAScript lib stay
 * parsed between checks. Each script is checked as a file of its own against one program's type
 * checker, which keeps what it has worked out about the lib and the declarations from one script to
 * the next (see {@link BundleChecker.types}). Syntax errors block the run; type errors come back as
 * warnings.
 */
import { dirname, join } from "node:path";
import type * as TS from "typescript";
import { consoleDeclaration } from "../declarations/declarations.js";
import type { CheckDiagnostic, SyntaxOutcome } from "../shared/protocol.js";
import { SCRIPT_PREFIX, wrapperEnd, wrapScript } from "./script-wrapper.js";
import { typeScript } from "./typescript-module.js";

/**
 * TypeScript as CommonJS, not imported as a module, which first scans its 9 MB for the names it
 * exports (a third more CPU for a worker loading it); with a code cache of its own (typescript-module.ts).
 */
const ts = typeScript();
/** Checkers share parsed lib files through one registry, so each keeps its own files apart by folder. */
let checkers = 0;
/** Diagnostics returned per check; the rest are counted in a last one. */
const MAX_DIAGNOSTICS = 20;
const FIELD = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
/** The ECMAScript lib the sandbox offers (QuickJS has ES2023 built-ins and nothing of the DOM). */
const LIB = "lib.es2023.d.ts";
/** Where the lib lives in every checker's in-memory file system: one file, see {@link libText}. */
const LIB_FILE = "/unitc/lib/lib.d.ts";

const OPTIONS: TS.CompilerOptions = {
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
/**
 * Doc comments are not parsed: no diagnostic of a TypeScript script depends on them, and parsing them
 * is half the time it takes to parse a large API's declarations (GitHub REST's: 1.3 s of 2.7 s).
 */
const JSDOC = ts.JSDocParsingMode.ParseForTypeErrors;
/** Parsed lib files are shared by the services of every bundle. */
const registry = ts.createDocumentRegistry(undefined, undefined, JSDOC);

/**
 * Checks answered by one program's type checker before a new one takes over: each script leaves
 * about 8 KB in the checker's caches (its nodes' and symbols' links, its literal types).
 */
const CHECKS_PER_PROGRAM = 500;

/** The parts of TypeScript's API that checking a file outside the program takes (internal in 5.x). */
interface Internals {
  bindSourceFile?: (file: TS.SourceFile, options: TS.CompilerOptions) => void;
}
interface InternalChecker {
  getDiagnostics?: (file: TS.SourceFile) => readonly TS.Diagnostic[];
}
interface InternalSourceFile {
  bindDiagnostics?: readonly TS.Diagnostic[];
  commentDirectives?: readonly unknown[];
  checkJsDirective?: unknown;
}
type SkippableDiagnostic = TS.Diagnostic & { skippedOn?: keyof TS.CompilerOptions };
const { bindSourceFile } = ts as unknown as Internals;

export interface BundleCheckerOptions {
  /**
   * Check each script against one program's checker (the default), instead of a new program and
   * checker per script. Off only to compare the two.
   */
  reuseProgram?: boolean;
  /** Scripts one program's checker answers before a new program takes over. */
  checksPerProgram?: number;
}

interface MemoryFile {
  text: string;
  version: number;
}

/** The checker of one bundle. */
export class BundleChecker {
  private readonly files = new Map<string, MemoryFile>();
  private readonly service: TS.LanguageService;
  private readonly folder: string;
  private readonly script: string;
  private readonly declarations: string;
  private readonly reuseProgram: boolean;
  private readonly checksPerProgram: number;
  /** The type checker scripts are checked against, and how many it has answered. */
  private base?: { checker: InternalChecker; checks: number };
  /** Scripts checked so far: each is a file of its own name, so the checker keeps their findings apart. */
  private scripts = 0;
  /** How checks were answered: on a reused program, by a whole program, and the programs made. */
  readonly counts = { reused: 0, full: 0, programs: 0 };

  constructor(declarations: string, options: BundleCheckerOptions = {}) {
    checkers += 1;
    const folder = `/unitc/${checkers}`;
    this.folder = folder;
    this.reuseProgram = options.reuseProgram ?? true;
    this.checksPerProgram = options.checksPerProgram ?? CHECKS_PER_PROGRAM;
    this.script = `${folder}/script.ts`;
    this.declarations = `${folder}/code-mode.d.ts`;
    this.files.set(this.declarations, { text: consoleDeclaration() + declarations, version: 1 });
    this.files.set(this.script, { text: wrapScript(""), version: 1 });
    const host: TS.LanguageServiceHost = {
      jsDocParsingMode: JSDOC,
      getCompilationSettings: () => OPTIONS,
      getScriptFileNames: () => [LIB_FILE, this.declarations, this.script],
      getScriptVersion: (file) => String(this.files.get(file)?.version ?? 0),
      getScriptSnapshot: (file) => {
        if (file === LIB_FILE) {
          lib ??= ts.ScriptSnapshot.fromString(libText());
          return lib;
        }
        const memory = this.files.get(file);
        return memory ? ts.ScriptSnapshot.fromString(memory.text) : undefined;
      },
      getCurrentDirectory: () => folder,
      getDefaultLibFileName: () => LIB_FILE,
      // Nothing is read from disk: nothing the script names is ever loaded.
      fileExists: (file) => file === LIB_FILE || this.files.has(file),
      readFile: (file) => this.files.get(file)?.text,
    };
    this.service = ts.createLanguageService(host, registry);
  }

  private update(file: string, text: string): void {
    const current = this.files.get(file) as MemoryFile;
    this.files.set(file, { text, version: current.version + 1 });
  }

  /** Replaces the bundle's declarations (after a recompile). */
  setDeclarations(declarations: string): void {
    this.update(this.declarations, consoleDeclaration() + declarations);
    this.base = undefined;
  }

  /**
   * Parses `code` on its own (no program, so it costs a parse only): syntax errors (severity
   * error), or where a final expression statement starts.
   */
  syntax(code: string): SyntaxOutcome {
    const text = wrapScript(code);
    const source = ts.createSourceFile(this.script, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const position = positions(source, code);
    const parsed = (source as unknown as { parseDiagnostics?: TS.Diagnostic[] }).parseDiagnostics;
    const syntax = parsed ?? this.parseWithService(text);
    if (syntax.length > 0) return { diagnostics: limit(syntax.map((d) => position(d, "error"))) };
    const body = scriptBody(source, code);
    if (typeof body === "number") {
      const at = position({ start: body, messageText: "", code: 1128 } as TS.Diagnostic, "error");
      const message = "this closing brace has no opening brace in the script";
      return { diagnostics: [{ ...at, code: "UNBALANCED", message }] };
    }
    const last = body.statements.at(-1);
    const plain = isPlainJavaScript(source) ? { plain: true } : {};
    if (!last || !ts.isExpressionStatement(last)) return { diagnostics: [], ...plain };
    return { diagnostics: [], returnAt: last.getStart(source) - SCRIPT_PREFIX.length, ...plain };
  }

  /** Syntax errors through the service, should the parser stop exposing its own. */
  private parseWithService(text: string): readonly TS.Diagnostic[] {
    this.update(this.script, text);
    return this.service.getSyntacticDiagnostics(this.script);
  }

  /** Type warnings of `code` against the bundle's declarations. */
  types(code: string): CheckDiagnostic[] {
    return this.typesOnBase(code) ?? this.typesOnNewProgram(code);
  }

  /**
   * Makes the checker the next script will need, when a new one is due (after a script with
   * findings, or {@link CHECKS_PER_PROGRAM} scripts): called while nothing waits for an answer.
   */
  prepare(): void {
    if (this.reuseProgram && !(this.base && this.base.checks < this.checksPerProgram)) this.types("");
  }

  /**
   * The check as a file outside the program, bound and checked by the program's own checker. A new
   * program per script would start a new checker, which works out the lib's and the declarations'
   * types again for every script: ten times the work of the script itself. Within one checker,
   * types do not depend on which files were checked before (an editor checks files in any order
   * against one), and the script is a function body, so it adds nothing to the globals. Undefined
   * when the script must be checked by a whole program: its directive comments (ts-ignore and
   * ts-expect-error, which silence the next line) are applied by the program, not the checker.
   */
  private typesOnBase(code: string): CheckDiagnostic[] | undefined {
    if (!this.reuseProgram || !bindSourceFile) return undefined;
    this.scripts += 1;
    const source = ts.createSourceFile(
      `${this.folder}/script-${this.scripts}.ts`,
      wrapScript(code),
      { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: JSDOC },
      true,
      ts.ScriptKind.TS,
    );
    const file = source as TS.SourceFile & InternalSourceFile;
    if ((file.commentDirectives?.length ?? 0) > 0 || file.checkJsDirective) return undefined;
    const base = this.baseChecker();
    if (!base?.getDiagnostics) return undefined;
    bindSourceFile(source, OPTIONS);
    // As the program gives them: without what only matters when emitting, sorted, once each (the
    // binder reports each earlier declaration of a name again at every redeclaration).
    const found = ts.sortAndDeduplicateDiagnostics(
      [...(file.bindDiagnostics ?? []), ...base.getDiagnostics(source)].filter(
        (d: SkippableDiagnostic) => d.skippedOn === undefined || !OPTIONS[d.skippedOn],
      ),
    );
    this.counts.reused += 1;
    // A checker suggests names for its first ten unknown names only ("Did you mean …?"), counted
    // across every file it checks: after a script with findings, the next gets a new checker.
    if (found.length > 0 && this.base) this.base.checks = this.checksPerProgram;
    const position = positions(source, code);
    return limit(found.map((d) => position(d, "warning")));
  }

  /** The checker scripts are checked against; a new program's after {@link CHECKS_PER_PROGRAM}. */
  private baseChecker(): InternalChecker | undefined {
    if (this.base && this.base.checks < this.checksPerProgram) {
      this.base.checks += 1;
      return this.base.checker;
    }
    // A new version of the placeholder script makes the service build a new program (and checker).
    if (this.base) this.update(this.script, wrapScript(""));
    const program = this.service.getProgram();
    if (!program) return undefined;
    this.counts.programs += 1;
    this.base = { checker: program.getTypeChecker() as InternalChecker, checks: 1 };
    return this.base.checker;
  }

  /** The check by a whole program whose script file is `code`. */
  private typesOnNewProgram(code: string): CheckDiagnostic[] {
    this.update(this.script, wrapScript(code));
    const source = this.service.getProgram()?.getSourceFile(this.script);
    if (!source) return [];
    this.counts.full += 1;
    const position = positions(source, code);
    return limit(this.service.getSemanticDiagnostics(this.script).map((d) => position(d, "warning")));
  }
}

/** What TypeScript's emitter would have to rewrite before QuickJS could run a script. */
const REWRITTEN = ["ContainsTypeScript", "ContainsJsx", "ContainsDecorators", "ContainsESNext"] as const;

/**
 * True when the script is JavaScript QuickJS runs as written: no types to strip and nothing newer
 * than ES2022 to lower. The parser marks every node with what it contains (`transformFlags`, which
 * TypeScript's own emitter relies on); when this TypeScript does not, the answer is false and the
 * script goes through esbuild as any other.
 */
function isPlainJavaScript(source: TS.SourceFile): boolean {
  const names = (ts as unknown as { TransformFlags?: Record<string, number> }).TransformFlags;
  const flags = (source as unknown as { transformFlags?: number }).transformFlags;
  if (!names || typeof flags !== "number") return false;
  let rewritten = 0;
  for (const name of REWRITTEN) {
    const flag = names[name];
    if (typeof flag !== "number") return false;
    rewritten |= flag;
  }
  return (flags & rewritten) === 0;
}

/** The wrapper function's body, or the offset of a brace that closed it early. */
function scriptBody(source: TS.SourceFile, code: string): TS.Block | number {
  const [first] = source.statements;
  const body = first && ts.isFunctionDeclaration(first) ? first.body : undefined;
  const end = wrapperEnd(code);
  if (body && source.statements.length === 1 && body.end === end) return body;
  return Math.max(SCRIPT_PREFIX.length, (body?.end ?? end) - 1);
}

/** Turns TypeScript diagnostics into positions within the script itself (1-based line and column). */
function positions(source: TS.SourceFile, code: string) {
  const lines = code.split(/\r?\n/);
  return (d: TS.Diagnostic, severity: CheckDiagnostic["severity"]): CheckDiagnostic => {
    const start = Math.min(
      Math.max(d.start ?? SCRIPT_PREFIX.length, SCRIPT_PREFIX.length),
      source.text.length,
    );
    const at = source.getLineAndCharacterOfPosition(start);
    const line = Math.min(Math.max(at.line, 1), lines.length);
    const column = at.line === line ? at.character + 1 : 1;
    let message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const spanned = d.length ? source.text.slice(start, start + d.length) : "";
    if (FIELD.test(spanned) && !message.includes(`'${spanned}'`)) message = `${spanned}: ${message}`;
    const notes = (d.relatedInformation ?? []).map((r) =>
      ts.flattenDiagnosticMessageText(r.messageText, "\n"),
    );
    return {
      severity,
      code: `TS${d.code}`,
      message,
      line,
      column,
      lineText: clip(lines[line - 1] ?? ""),
      ...(notes.length > 0 ? { notes } : {}),
    };
  };
}

/** A source line as shown beside a diagnostic: a script may be one line of 256 KiB. */
const MAX_LINE_TEXT = 400;

function clip(line: string): string {
  return line.length <= MAX_LINE_TEXT ? line : `${line.slice(0, MAX_LINE_TEXT)} …`;
}

function limit(diagnostics: CheckDiagnostic[]): CheckDiagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  const kept = diagnostics.slice(0, MAX_DIAGNOSTICS - 1);
  const last = diagnostics[MAX_DIAGNOSTICS - 1] as CheckDiagnostic;
  const more = diagnostics.length - kept.length - 1;
  return [...kept, { ...last, message: `${last.message} (and ${more} more problem(s) not shown)` }];
}
