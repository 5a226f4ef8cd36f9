/**
 * Safe YAML/JSON parsing that keeps provenance: every value's file, line, column and JSON pointer.
 * A config file is untrusted input: only the YAML 1.2 core schema (no custom tags), no merge keys,
 * caps on the number of aliases, on alias expansion and on nesting depth, aliases and unique keys
 * checked in one walk (linear time), and null-prototype objects so keys such as `__proto__` stay
 * plain data.
 */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument as parseYamlDocument,
  type Node as YamlNode,
} from "yaml";
import {
  createDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type SourceLocation,
} from "../codes/diagnostics.js";
import { findJsonSyntaxError } from "./json-syntax.js";
import { joinPointer } from "./pointer.js";
import { MAX_YAML_ALIASES, scanYaml } from "./yaml-scan.js";

export { MAX_YAML_ALIASES } from "./yaml-scan.js";

/** Largest number of values one document may expand to (aliases included): stops "billion laughs". */
export const MAX_DOCUMENT_NODES = 100_000;
/** Deepest nesting accepted. */
export const MAX_DOCUMENT_DEPTH = 64;

interface Position {
  line: number;
  column: number;
  /** Characters the value or key spans on its first line. */
  length?: number;
}

/** Maps JSON pointers to where their key and value stand in the source text. */
export class SourceMap {
  readonly file: string;
  readonly #values = new Map<string, Position>();
  readonly #keys = new Map<string, Position>();
  readonly #lines: readonly string[];
  readonly #lineOffset: number;

  /** `lines` are the source text's lines, the first being line `lineOffset + 1` of the file. */
  constructor(file: string, lines: readonly string[] = [], lineOffset = 0) {
    this.file = file;
    this.#lines = lines;
    this.#lineOffset = lineOffset;
  }

  /** The source line `line` of the file (1-based), when this map holds it. */
  lineText(line: number): string | undefined {
    return this.#lines[line - 1 - this.#lineOffset];
  }

  #at(position: Position, pointer: string): SourceLocation {
    const lineText = this.lineText(position.line);
    const located: SourceLocation = {
      file: this.file,
      line: position.line,
      column: position.column,
      pointer,
    };
    if (lineText === undefined) return located;
    const rest = Math.max(1, lineText.length - position.column + 1);
    return { ...located, lineText, length: Math.min(position.length ?? 1, rest) };
  }

  /** Records a value's position (and its key's, for object members). */
  set(pointer: string, value: Position, key?: Position): void {
    if (!this.#values.has(pointer)) this.#values.set(pointer, value);
    if (key && !this.#keys.has(pointer)) this.#keys.set(pointer, key);
  }

  /** Where the value at `pointer` starts; falls back to the nearest recorded ancestor. */
  locate(pointer: string): SourceLocation {
    return this.#find(pointer, this.#values);
  }

  /** Where the key of the member at `pointer` starts (the value, when there is no key). */
  locateKey(pointer: string): SourceLocation {
    const key = this.#keys.get(pointer);
    return key ? this.#at(key, pointer) : this.locate(pointer);
  }

  #find(pointer: string, table: Map<string, Position>): SourceLocation {
    let current = pointer;
    for (;;) {
      const found = table.get(current) ?? this.#values.get(current);
      if (found) return this.#at(found, pointer);
      if (current === "") return this.#at({ line: 1 + this.#lineOffset, column: 1 }, pointer);
      current = current.slice(0, current.lastIndexOf("/"));
    }
  }
}

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

  if (options.json) {
    const jsonError = findJsonSyntaxError(text);
    if (jsonError) {
      // Positions need the line table, which only the YAML parse below fills in.
      parseYamlDocument(text, { lineCounter });
      diagnostics.push(
        createDiagnostic(
          "error",
          "JSON_SYNTAX",
          `invalid JSON: ${jsonError.message}`,
          at(jsonError.offset),
          "fix the JSON syntax at this position",
        ),
      );
      return { value: undefined, sourceMap, diagnostics };
    }
  }

  const doc = parseYamlDocument(text, {
    lineCounter,
    schema: "core",
    merge: false,
    // Checked by scanYaml: the yaml package compares each key with every earlier one.
    uniqueKeys: false,
    prettyErrors: false,
    strict: true,
    customTags: [],
    keepSourceTokens: false,
  });

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
  if (diagnostics.length > 0) return { value: undefined, sourceMap, diagnostics };

  let budget = MAX_DOCUMENT_NODES;
  let failed = false;
  const fail = (code: DiagnosticCode, message: string, offset: number, pointer: string, hint: string) => {
    if (!failed) diagnostics.push(createDiagnostic("error", code, message, at(offset, pointer), hint));
    failed = true;
  };
  const scan = scanYaml(doc);
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
  if (failed) return { value: undefined, sourceMap, diagnostics };

  const toValue = (node: unknown, pointer: string, depth: number, aliasDepth: number): unknown => {
    if (failed) return undefined;
    budget -= 1;
    if (budget < 0) {
      fail(
        "YAML_TOO_LARGE",
        `the document expands to more than ${MAX_DOCUMENT_NODES} values`,
        rangeStart(node),
        pointer,
        "remove repeated aliases (*name) or split the file",
      );
      return undefined;
    }
    if (depth > MAX_DOCUMENT_DEPTH) {
      fail(
        "YAML_TOO_DEEP",
        `values are nested more than ${MAX_DOCUMENT_DEPTH} levels deep`,
        rangeStart(node),
        pointer,
        "flatten the structure",
      );
      return undefined;
    }
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      if (aliasDepth > 32) {
        fail(
          "YAML_TOO_DEEP",
          "aliases refer to each other too deeply",
          rangeStart(node),
          pointer,
          "inline the value",
        );
        return undefined;
      }
      const target = scan.targets.get(node);
      if (!target) {
        fail(
          "YAML_UNKNOWN_ALIAS",
          `alias *${node.source} has no anchor &${node.source} before it`,
          rangeStart(node),
          pointer,
          "define the anchor before the alias, or write the value out",
        );
        return undefined;
      }
      return toValue(target, pointer, depth, aliasDepth + 1);
    }
    if (isScalar(node)) return node.value === undefined ? null : node.value;
    if (isSeq(node)) {
      const items: unknown[] = [];
      node.items.forEach((item, index) => {
        const itemPointer = joinPointer(pointer, String(index));
        sourceMap.set(itemPointer, spanOf(item, rangeStart(node)));
        items.push(toValue(item, itemPointer, depth + 1, aliasDepth));
      });
      return items;
    }
    if (isMap(node)) {
      const object: Record<string, unknown> = Object.create(null);
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as YamlNode | null;
        if (keyNode !== null && !isScalar(keyNode)) {
          fail(
            "YAML_COMPLEX_KEY",
            "only plain scalar keys are supported",
            rangeStart(keyNode),
            pointer,
            "use a string key",
          );
          return undefined;
        }
        const key = keyNode === null || keyNode.value === null ? "" : String(keyNode.value);
        const memberPointer = joinPointer(pointer, key);
        const keyStart = rangeStart(keyNode, rangeStart(node));
        sourceMap.set(memberPointer, spanOf(pair.value, keyStart), spanOf(keyNode, keyStart));
        // defineProperty: a key named `__proto__` stays an own data property, never a prototype.
        Object.defineProperty(object, key, {
          value: toValue(pair.value, memberPointer, depth + 1, aliasDepth),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    return null;
  };

  sourceMap.set("", positionOf(rangeStart(doc.contents, 0)));
  const value = toValue(doc.contents, "", 0, 0);
  return { value: failed ? undefined : value, sourceMap, diagnostics };
}

function rangeStart(node: unknown, fallback = 0): number {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[0] : fallback;
}

/** Where a node's value ends (before any trailing comment); 0 when it has no range. */
function rangeEnd(node: unknown): number {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[1] : 0;
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "").trim();
}
