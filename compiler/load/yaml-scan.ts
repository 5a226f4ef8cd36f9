/**
 * Checks of a parsed YAML document that the yaml package does in quadratic time, done in one walk.
 * The package resolves each alias by walking the document from its start (30,000 aliases, a 90 KB
 * file, took minutes) and checks each map key against every earlier key of its map (20,000 keys
 * took seconds). This walks once in document order: each alias stands for the last node with its
 * anchor before it, keys are looked up in a set, and the walk stops at the first problem.
 */
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  visit,
  type Node as YamlNode,
} from "yaml";

/** Most aliases (`*name`) one document may use; hand-written files use a handful. */
export const MAX_YAML_ALIASES = 1_000;

export interface YamlScan {
  /** The node each alias stands for; an alias with no anchor before it is missing. */
  targets: Map<Alias, YamlNode>;
  /** The first alias over {@link MAX_YAML_ALIASES}, when the document uses more. */
  tooManyAliases?: Alias;
  /** A key that repeats an earlier key of its map (compared like the yaml package's `uniqueKeys`). */
  duplicateKey?: YamlNode;
}

/** Parse with `uniqueKeys: false` and call this instead: it finds duplicate keys in linear time. */
export function scanYaml(doc: Document): YamlScan {
  const anchors = new Map<string, YamlNode>();
  const scan: YamlScan = { targets: new Map() };
  let aliases = 0;
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      aliases += 1;
      if (aliases > MAX_YAML_ALIASES) {
        scan.tooManyAliases = node;
        return visit.BREAK;
      }
      const target = anchors.get(node.source);
      if (target) scan.targets.set(node, target);
      return undefined;
    }
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) {
          scan.duplicateKey = pair.key;
          return visit.BREAK;
        }
        seen.add(pair.key.value);
      }
    }
    if ((isMap(node) || isSeq(node) || isScalar(node)) && node.anchor) anchors.set(node.anchor, node);
    return undefined;
  });
  return scan;
}
