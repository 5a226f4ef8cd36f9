/**
 * The walk from a parsed YAML tree to null-prototype plain data: aliases followed to their anchors,
 * each value's position recorded, and the caps on values and nesting that stop a hostile document.
 */
import { type Alias, isAlias, isMap, isPair, isScalar, isSeq, type Node as YamlNode } from "yaml";
import type { DiagnosticCode } from "../codes/diagnostics.js";
import { joinPointer } from "./pointer.js";
import type { Position, SourceMap } from "./source-map.js";
import type { YamlScan } from "./yaml-scan.js";

/** Largest number of values one document may expand to (aliases included): stops "billion laughs". */
export const MAX_DOCUMENT_NODES = 100_000;
/** Deepest nesting accepted. */
export const MAX_DOCUMENT_DEPTH = 64;

/** Reports the walk's first problem; the walk stops at it. */
export type Fail = (
  code: DiagnosticCode,
  message: string,
  offset: number,
  pointer: string,
  hint: string,
) => void;

/** What one document's walk reads and keeps: the scan's alias targets, the map it fills, the budget left. */
export interface ValueWalk {
  targets: YamlScan["targets"];
  sourceMap: SourceMap;
  /** Where a node starts, spanning to its end. */
  spanOf: (node: unknown, fallback: number) => Position;
  fail: Fail;
  failed: () => boolean;
  /** Values the document may still expand to. */
  budget: number;
}

/** The plain value of `node` at `pointer`; undefined once the walk has failed. */
export function toValue(
  walk: ValueWalk,
  node: unknown,
  pointer: string,
  depth: number,
  aliasDepth: number,
): unknown {
  if (walk.failed() || !withinCaps(walk, node, pointer, depth)) return undefined;
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    const target = aliasTarget(walk, node, pointer, aliasDepth);
    return target === undefined ? undefined : toValue(walk, target, pointer, depth, aliasDepth + 1);
  }
  if (isScalar(node)) return node.value === undefined ? null : node.value;
  if (isSeq(node)) {
    const items: unknown[] = [];
    node.items.forEach((item, index) => {
      const itemPointer = joinPointer(pointer, String(index));
      walk.sourceMap.set(itemPointer, walk.spanOf(item, rangeStart(node)));
      items.push(toValue(walk, item, itemPointer, depth + 1, aliasDepth));
    });
    return items;
  }
  if (isMap(node)) return mapValue(walk, node.items, rangeStart(node), pointer, depth, aliasDepth);
  return null;
}

/** Counts `node` against the budget and checks its depth; false (reported) past either cap. */
function withinCaps(walk: ValueWalk, node: unknown, pointer: string, depth: number): boolean {
  walk.budget -= 1;
  if (walk.budget < 0) {
    walk.fail(
      "YAML_TOO_LARGE",
      `the document expands to more than ${MAX_DOCUMENT_NODES} values`,
      rangeStart(node),
      pointer,
      "remove repeated aliases (*name) or split the file",
    );
    return false;
  }
  if (depth > MAX_DOCUMENT_DEPTH) {
    walk.fail(
      "YAML_TOO_DEEP",
      `values are nested more than ${MAX_DOCUMENT_DEPTH} levels deep`,
      rangeStart(node),
      pointer,
      "flatten the structure",
    );
    return false;
  }
  return true;
}

/** The node an alias stands for; undefined (reported) when aliases nest too deeply or it has no anchor. */
function aliasTarget(
  walk: ValueWalk,
  node: Alias,
  pointer: string,
  aliasDepth: number,
): YamlNode | undefined {
  if (aliasDepth > 32) {
    walk.fail(
      "YAML_TOO_DEEP",
      "aliases refer to each other too deeply",
      rangeStart(node),
      pointer,
      "inline the value",
    );
    return undefined;
  }
  const target = walk.targets.get(node);
  if (!target) {
    walk.fail(
      "YAML_UNKNOWN_ALIAS",
      `alias *${node.source} has no anchor &${node.source} before it`,
      rangeStart(node),
      pointer,
      "define the anchor before the alias, or write the value out",
    );
  }
  return target;
}

/** A map's members as a null-prototype object, each key's and value's position recorded. */
function mapValue(
  walk: ValueWalk,
  pairs: readonly unknown[],
  start: number,
  pointer: string,
  depth: number,
  aliasDepth: number,
): unknown {
  const object: Record<string, unknown> = Object.create(null);
  for (const pair of pairs) {
    if (!isPair(pair)) continue;
    const keyNode = pair.key as YamlNode | null;
    if (keyNode !== null && !isScalar(keyNode)) {
      walk.fail(
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
    const keyStart = rangeStart(keyNode, start);
    walk.sourceMap.set(memberPointer, walk.spanOf(pair.value, keyStart), walk.spanOf(keyNode, keyStart));
    // defineProperty: a key named `__proto__` stays an own data property, never a prototype.
    Object.defineProperty(object, key, {
      value: toValue(walk, pair.value, memberPointer, depth + 1, aliasDepth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

export function rangeStart(node: unknown, fallback = 0): number {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[0] : fallback;
}

/** Where a node's value ends (before any trailing comment); 0 when it has no range. */
export function rangeEnd(node: unknown): number {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[1] : 0;
}
