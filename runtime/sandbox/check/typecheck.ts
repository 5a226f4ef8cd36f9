/**
 * The type check of a Code Mode script against a bundle's declarations. One TypeScript
 * LanguageService per bundle, over an in-memory host: the declarations and the ECMAScript lib stay
 * parsed between checks. Each script is checked as a file of its own against one program's type
 * checker, which keeps what it has worked out about the lib and the declarations from one script to
 * the next (see {@link BundleChecker.types}). Syntax errors block the run; type errors come back as
 * warnings.
 */
import type * as TS from "typescript";
import { consoleDeclaration } from "../declarations/declarations.js";
import type { CheckDiagnostic, SyntaxOutcome } from "../shared/protocol.js";
import { JSDOC, LIB_FILE, libSnapshot, OPTIONS, registry } from "./checker-setup.js";
import { limit, positions } from "./script-diagnostics.js";
import { isPlainJavaScript, scriptBody } from "./script-shape.js";
import { SCRIPT_PREFIX, wrapScript } from "./script-wrapper.js";
import { typeScript } from "./typescript-module.js";

/**
 * TypeScript as CommonJS, not imported as a module, which first scans its 9 MB for the names it
 * exports (a third more CPU for a worker loading it); with a code cache of its own (typescript-module.ts).
 */
const ts = typeScript();
/** Checkers share parsed lib files through one registry, so each keeps its own files apart by folder. */
let checkers = 0;

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
        if (file === LIB_FILE) return libSnapshot();
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
