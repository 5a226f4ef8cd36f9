/**
 * Parsing of spec documents (OpenAPI, Swagger, discovery documents): JSON or YAML into plain data,
 * safely (YAML core schema, no custom tags, no merge keys, capped alias expansion; a `__proto__` key
 * stays an own data property), with source positions worked out only when a diagnostic needs one.
 * https://yaml.org/spec/1.2.2/#103-core-schema
 */
import {
  type DocumentOptions,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type ParseOptions,
  parseDocument,
  type SchemaOptions,
  type Node as YamlNode,
} from "yaml";
import { splitPointer } from "../../load/pointer.js";
import { MAX_YAML_ALIASES, scanYaml } from "../../load/yaml-scan.js";

/** A 1-based position in a document's text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** A parsed spec document: its data and a way to find where a JSON pointer stands in its text. */
export interface SpecDocument {
  /** Stable name for hashes and `$defs` names: the path relative to the spec's folder, or the URL. */
  id: string;
  /** Where diagnostics point: an absolute file path, or the URL it was fetched from. */
  location: string;
  /** Folder relative `$ref`s resolve against; undefined for a fetched document. */
  dir?: string;
  text: string;
  value: unknown;
  /** The position of the value at `pointer` (or of its nearest ancestor). */
  locate(pointer: string): TextPosition;
}

export type ParseResult =
  | { document: SpecDocument; problem?: undefined }
  | { document?: undefined; problem: { message: string } & Partial<TextPosition> };

const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: "core",
  merge: false,
  // Checked by scanYaml: the yaml package compares each key with every earlier one.
  uniqueKeys: false,
  prettyErrors: false,
  customTags: [],
};

/** Aliases a YAML document may expand (billion laughs stop here). */
const MAX_ALIAS_COUNT = 100;

/** Parses `text` (JSON when it looks like JSON, else YAML). Never throws. */
export function parseSpec(
  text: string,
  source: Omit<SpecDocument, "text" | "value" | "locate">,
): ParseResult {
  let value: unknown;
  const trimmed = text.trimStart();
  let parsed = false;
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      value = JSON.parse(text);
      parsed = true;
    } catch {
      // Fall through: the YAML parser reads JSON too and says where it broke.
    }
  }
  if (!parsed) {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
    const error = doc.errors[0];
    if (error) {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      return { problem: { message: firstLine(error.message), line, column: col } };
    }
    // toJS resolves each alias by a walk from the start: quadratic, so their number is capped first.
    const { duplicateKey, tooManyAliases } = scanYaml(doc);
    const found = duplicateKey ?? tooManyAliases;
    if (found) {
      const { line, col } = lineCounter.linePos(found.range?.[0] ?? 0);
      const message = duplicateKey
        ? "Map keys must be unique"
        : `more than ${MAX_YAML_ALIASES} aliases (*name)`;
      return { problem: { message, line, column: col } };
    }
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (failure) {
      return { problem: { message: failure instanceof Error ? failure.message : String(failure) } };
    }
  }
  return { document: { ...source, text, value, locate: locator(text) } };
}

/** Finds positions by walking the YAML AST of `text`, built on first use (JSON is YAML too). */
function locator(text: string): (pointer: string) => TextPosition {
  let ast: { root: unknown; lines: LineCounter } | undefined;
  return (pointer) => {
    if (!ast) {
      const lines = new LineCounter();
      ast = { root: parseDocument(text, { ...YAML_OPTIONS, lineCounter: lines }).contents, lines };
    }
    const { line, col } = ast.lines.linePos(offsetOf(ast.root, splitPointer(pointer)));
    return { line, column: col };
  };
}

function offsetOf(root: unknown, tokens: readonly string[]): number {
  let node = root as YamlNode | null | undefined;
  let offset = start(node);
  for (const token of tokens) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === token);
      if (!pair) break;
      offset = start(pair.key, offset);
      next = pair.value;
    } else if (isSeq(node)) {
      next = node.items[Number(token)];
    } else break;
    if (next === null || next === undefined) break;
    node = next as YamlNode;
    offset = start(node, offset);
  }
  return offset;
}

function start(node: unknown, fallback = 0): number {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[0] : fallback;
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "").trim();
}
