/**
 * The type check of a Code Mode script against a bundle's declarations. One TypeScript
 * LanguageService per bundle, over an in-memory host: the declarations and the ECMAScript lib stay
 * parsed between checks and only the script file changes, so a check re-checks just the script.
 * Syntax errors block the run; type errors come back as warnings.
 */
import { dirname, join } from "node:path";
import ts from "typescript";
import type { CheckDiagnostic, SyntaxOutcome } from "./protocol.js";

/** The script is checked as the body of this function, so top-level `await` and `return` are valid. */
export const CHECK_PREFIX = "async function __unitcScript() {\n";
const CHECK_SUFFIX = "\n}\n";
/** Checkers share parsed lib files through one registry, so each keeps its own files apart by folder. */
let checkers = 0;
/** What the sandbox's `console` offers. */
const CONSOLE_DECLARATION = `declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
`;
/** Diagnostics returned per check; the rest are counted in a last one. */
const MAX_DIAGNOSTICS = 20;
const FIELD = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
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

const libDir = dirname(ts.getDefaultLibFilePath(OPTIONS));
const libSnapshots = new Map<string, ts.IScriptSnapshot | undefined>();
/** Parsed lib files are shared by the services of every bundle. */
const registry = ts.createDocumentRegistry();

/** Only the lib folder is readable from disk; nothing the script names is ever loaded. */
function libSnapshot(file: string): ts.IScriptSnapshot | undefined {
  if (dirname(file) !== libDir) return undefined;
  if (!libSnapshots.has(file)) {
    const text = ts.sys.readFile(file);
    libSnapshots.set(file, text === undefined ? undefined : ts.ScriptSnapshot.fromString(text));
  }
  return libSnapshots.get(file);
}

interface MemoryFile {
  text: string;
  version: number;
}

/** The checker of one bundle. */
export class BundleChecker {
  private readonly files = new Map<string, MemoryFile>();
  private readonly service: ts.LanguageService;
  private readonly script: string;
  private readonly declarations: string;

  constructor(declarations: string) {
    checkers += 1;
    const folder = `/unitc/${checkers}`;
    this.script = `${folder}/script.ts`;
    this.declarations = `${folder}/code-mode.d.ts`;
    this.files.set(this.declarations, { text: CONSOLE_DECLARATION + declarations, version: 1 });
    this.files.set(this.script, { text: `${CHECK_PREFIX}${CHECK_SUFFIX}`, version: 1 });
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => OPTIONS,
      getScriptFileNames: () => [this.declarations, this.script],
      getScriptVersion: (file) => String(this.files.get(file)?.version ?? 0),
      getScriptSnapshot: (file) => {
        const memory = this.files.get(file);
        return memory ? ts.ScriptSnapshot.fromString(memory.text) : libSnapshot(file);
      },
      getCurrentDirectory: () => folder,
      getDefaultLibFileName: (options) => join(libDir, ts.getDefaultLibFileName(options)),
      fileExists: (file) => this.files.has(file) || libSnapshot(file) !== undefined,
      readFile: (file) =>
        this.files.get(file)?.text ?? libSnapshot(file)?.getText(0, Number.MAX_SAFE_INTEGER),
    };
    this.service = ts.createLanguageService(host, registry);
  }

  private update(file: string, text: string): void {
    const current = this.files.get(file) as MemoryFile;
    this.files.set(file, { text, version: current.version + 1 });
  }

  /** Replaces the bundle's declarations (after a recompile). */
  setDeclarations(declarations: string): void {
    this.update(this.declarations, CONSOLE_DECLARATION + declarations);
  }

  /**
   * Parses `code` on its own (no program, so it costs a parse only): syntax errors (severity
   * error), or where a final expression statement starts.
   */
  syntax(code: string): SyntaxOutcome {
    const text = `${CHECK_PREFIX}${code}${CHECK_SUFFIX}`;
    const source = ts.createSourceFile(this.script, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const position = positions(source, code);
    const parsed = (source as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics;
    const syntax = parsed ?? this.parseWithService(text);
    if (syntax.length > 0) return { diagnostics: limit(syntax.map((d) => position(d, "error"))) };
    const body = scriptBody(source, code);
    if (typeof body === "number") {
      const at = position({ start: body, messageText: "", code: 1128 } as ts.Diagnostic, "error");
      const message = "this closing brace has no opening brace in the script";
      return { diagnostics: [{ ...at, code: "UNBALANCED", message }] };
    }
    const last = body.statements.at(-1);
    if (!last || !ts.isExpressionStatement(last)) return { diagnostics: [] };
    return { diagnostics: [], returnAt: last.getStart(source) - CHECK_PREFIX.length };
  }

  /** Syntax errors through the service, should the parser stop exposing its own. */
  private parseWithService(text: string): readonly ts.Diagnostic[] {
    this.update(this.script, text);
    return this.service.getSyntacticDiagnostics(this.script);
  }

  /** Type warnings of `code` against the bundle's declarations. */
  types(code: string): CheckDiagnostic[] {
    this.update(this.script, `${CHECK_PREFIX}${code}${CHECK_SUFFIX}`);
    const source = this.service.getProgram()?.getSourceFile(this.script);
    if (!source) return [];
    const position = positions(source, code);
    return limit(this.service.getSemanticDiagnostics(this.script).map((d) => position(d, "warning")));
  }
}

/** The wrapper function's body, or the offset of a brace that closed it early. */
function scriptBody(source: ts.SourceFile, code: string): ts.Block | number {
  const [first] = source.statements;
  const body = first && ts.isFunctionDeclaration(first) ? first.body : undefined;
  const end = CHECK_PREFIX.length + code.length + 2;
  if (body && source.statements.length === 1 && body.end === end) return body;
  return Math.max(CHECK_PREFIX.length, (body?.end ?? end) - 1);
}

/** Turns TypeScript diagnostics into positions within the script itself (1-based line and column). */
function positions(source: ts.SourceFile, code: string) {
  const lines = code.split(/\r?\n/);
  return (d: ts.Diagnostic, severity: CheckDiagnostic["severity"]): CheckDiagnostic => {
    const start = Math.min(Math.max(d.start ?? CHECK_PREFIX.length, CHECK_PREFIX.length), source.text.length);
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
      lineText: lines[line - 1] ?? "",
      ...(notes.length > 0 ? { notes } : {}),
    };
  };
}

function limit(diagnostics: CheckDiagnostic[]): CheckDiagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  const kept = diagnostics.slice(0, MAX_DIAGNOSTICS - 1);
  const last = diagnostics[MAX_DIAGNOSTICS - 1] as CheckDiagnostic;
  const more = diagnostics.length - kept.length - 1;
  return [...kept, { ...last, message: `${last.message} (and ${more} more problem(s) not shown)` }];
}
