/**
 * Safe YAML/JSON parsing that keeps provenance: every value's file, line, column and JSON pointer.
 * A config file is untrusted input: only the YAML 1.2 core schema (no custom tags), no merge keys,
 * caps on the number of aliases, on alias expansion and on nesting depth, aliases and unique keys
 * checked in one walk (linear time), and null-prototype objects so keys such as `__proto__` stay
 * plain data.
 */ import {
  type Document,
  type DocumentOptions,
  LineCounter,
  type ParseOptions,
  parseDocument as parseYamlDocument,
  type SchemaOptions,
} from "yaml";
import {
  createDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type SourceLocation,
} from "../codes/diagnostics.js";
import { findJsonSyntaxError } from "./json-syntax.js";
import { type Position, SourceMap } from "./source-map.js";
import { MAX_YAML_ALIASES, scanYaml, type YamlScan } from "./yaml-scan.js";
import {
  type Fail,
  MAX_DOCUMENT_NODES,
  rangeEnd,
  rangeStart,
  toValue,
  type ValueWalk,
} from "./yaml-value.js";

export { MAX_YAML_ALIASES } from "./yaml-scan.js";

/** The result of parsing one document: the plain value (or undefined), its source map, diagnostics. */
export interface ParsedDocument {
  value: unknown;
  sourceMap: SourceMap;
  diagnostics: Diagnostic[];
}

export interface ParseDocumentOptions {
  /** Path used in diagnostics. */
  file: string;
  /** Lines before `text` in the file (frontmatter starts after the opening fence). */
  lineOffset?: number;
  /** Parse as strict JSON (syntax checked by JSON.parse; positions still come from the YAML parser). */
  json?: boolean;
}

/** Parses YAML (or JSON) text into null-prototype plain data with a source map; never throws. */
export function parseDocument(text: string, options: ParseDocumentOptions): ParsedDocument {
  const lineOffset = options.lineOffset ?? 0;
  const sourceMap = new SourceMap(options.file, text.split(/\r?\n/), lineOffset);
  const diagnostics: Diagnostic[] = [];
  const lineCounter = new LineCounter();
  const positionOf = (offset: number, end = offset + 1): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col, length: Math.max(1, end - offset) };
  };
  /** Where a node starts, spanning to its end (the caret is cut at the end of the line). */
  const spanOf = (node: unknown, fallback: number): Position =>
    positionOf(rangeStart(node, fallback), rangeEnd(node));
  const at = (offset: number, pointer?: string): SourceLocation => {
    const position = positionOf(offset);
    const lineText = sourceMap.lineText(position.line);
    return {
      file: options.file,
      line: position.line,
      column: position.column,
      pointer,
      ...(lineText === undefined ? {} : { lineText, length: 1 }),
    };
  };

  const jsonError = options.json ? jsonProblem(text, lineCounter, at) : undefined;
  if (jsonError) return { value: undefined, sourceMap, diagnostics: [jsonError] };

  const doc = parseYamlDocument(text, { ...YAML_OPTIONS, lineCounter });
  diagnostics.push(...yamlProblems(doc, at));
  if (diagnostics.length > 0) return { value: undefined, sourceMap, diagnostics };

  let failed = false;
  const fail = (code: DiagnosticCode, message: string, offset: number, pointer: string, hint: string) => {
    if (!failed) diagnostics.push(createDiagnostic("error", code, message, at(offset, pointer), hint));
    failed = true;
  };
  const scan = scanYaml(doc);
  reportScan(scan, fail);
  if (failed) return { value: undefined, sourceMap, diagnostics };

  const walk: ValueWalk = {
    targets: scan.targets,
    sourceMap,
    spanOf,
    fail,
    failed: () => failed,
    budget: MAX_DOCUMENT_NODES,
  };
  sourceMap.set("", positionOf(rangeStart(doc.contents, 0)));
  const value = toValue(walk, doc.contents, "", 0, 0);
  return { value: failed ? undefined : value, sourceMap, diagnostics };
}

/** The parser's options: the YAML 1.2 core schema only, no merge keys, no custom tags. */
const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: "core",
  merge: false,
  // Checked by scanYaml: the yaml package compares each key with every earlier one.
  uniqueKeys: false,
  prettyErrors: false,
  strict: true,
  customTags: [],
  keepSourceTokens: false,
};

type At = (offset: number, pointer?: string) => SourceLocation;

/** The JSON syntax error of `text`, when it has one. */
function jsonProblem(text: string, lineCounter: LineCounter, at: At): Diagnostic | undefined {
  const jsonError = findJsonSyntaxError(text);
  if (!jsonError) return undefined;
  // Positions need the line table, which only the YAML parser fills in.
  parseYamlDocument(text, { lineCounter });
  const message = `invalid JSON: ${jsonError.message}`;
  return createDiagnostic(
    "error",
    "JSON_SYNTAX",
    message,
    at(jsonError.offset),
    "fix the JSON syntax at this position",
  );
}

/** The parser's errors and warnings, each an error diagnostic (a custom tag a code of its own). */
function yamlProblems(doc: Document, at: At): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const hint = "fix the YAML syntax at this position";
    diagnostics.push(
      createDiagnostic("error", "YAML_SYNTAX", firstLine(error.message), at(error.pos[0]), hint),
    );
  }
  for (const warning of doc.warnings) {
    const isTag = warning.code === "TAG_RESOLVE_FAILED";
    diagnostics.push(
      createDiagnostic(
        "error",
        isTag ? "YAML_TAG" : "YAML_SYNTAX",
        firstLine(warning.message),
        at(warning.pos[0]),
        isTag ? "custom tags are not supported: write the value as a plain string" : undefined,
      ),
    );
  }
  return diagnostics;
}

/** Reports a duplicate key or too many aliases, which the scan found before the walk. */
function reportScan(scan: YamlScan, fail: Fail): void {
  if (scan.duplicateKey) {
    fail(
      "DUPLICATE_KEY",
      "Map keys must be unique",
      rangeStart(scan.duplicateKey),
      "",
      "remove one of the two keys",
    );
  } else if (scan.tooManyAliases) {
    fail(
      "YAML_TOO_MANY_ALIASES",
      `the document uses more than ${MAX_YAML_ALIASES} aliases (*name)`,
      rangeStart(scan.tooManyAliases),
      "",
      "write the values out, or use fewer aliases",
    );
  }
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "").trim();
}
