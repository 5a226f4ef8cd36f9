/**
 * The manifest as written: each unit's shared schema definitions stored once (`unit.schemas`, see
 * `runtime/contract/schema-defs.ts`), so are schemas its operations repeat word for word
 * (`manifest-repeats.ts`) and text its GraphQL documents repeat (`document-parts.ts`), operation
 * fields the rest of the operation says are left out (`runtime/contract/manifest-derived.ts`), and
 * the text indented only down to a unit's fields, with its operations, shared definitions and
 * document parts one per line, flush left. Indenting every level doubled GitHub REST's manifest
 * (half its bytes were leading spaces); one line per operation still shows in a diff which
 * operations changed, and lets a reader find one without parsing the rest
 * (`runtime/contract/manifest-slice.ts`).
 */
import {
  type JsonSchema,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestUnit,
} from "../../runtime/contract/manifest.js";
import { compactOperation } from "../../runtime/contract/manifest-derived.js";
import { ReachedDefsMemo } from "../../runtime/contract/reached-defs-memo.js";
import { defRefs, rootDefs, type SharedSchemas } from "../../runtime/contract/schema-defs.js";
import { canonicalJson } from "../shared/canonical.js";
import { shareDocumentParts } from "./document-parts.js";
import { shareRepeats } from "./manifest-repeats.js";

/** Levels indented: the manifest, `units`, a unit, its `operations`/`schemas`; deeper is one line. */
const INDENTED_LEVELS = 4;

/** The text of `manifest.json` for a manifest with self-contained schemas. */
export function manifestText(manifest: Manifest): string {
  const units = manifest.units.map((unit) =>
    leaveOutDerived(shareDocumentParts(shareRepeats(shareUnitSchemas(unit)))),
  );
  // Written as format 5 whatever `manifest` says: a manifest read back says 2 (every field there).
  return `${layout({ ...manifest, format: MANIFEST_FORMAT, units }, 0)}\n`;
}

/** The unit with each operation's derivable fields left out (`runtime/contract/manifest-derived.ts`). */
function leaveOutDerived(unit: ManifestUnit): ManifestUnit {
  const operations = unit.operations.map((op) => compactOperation(op, unit.kind, unit.schemas));
  return { ...unit, operations: operations as unknown as ManifestUnit["operations"] };
}

/** A unit's entries written one per line and flush left: thousands of lines, eight spaces each were 1% of GitHub REST's manifest. */
const FLUSH_LEFT = new Set(["operations", "schemas", "documentParts"]);

function layout(value: unknown, depth: number, flush = false): string {
  if (depth >= INDENTED_LEVELS || typeof value !== "object" || value === null) {
    return JSON.stringify(value) ?? "null";
  }
  const pad = flush ? "" : "  ".repeat(depth + 1);
  const close = "  ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => pad + layout(item, depth + 1)).join(",\n")}\n${close}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return "{}";
  const lines = entries.map(
    ([key, item]) =>
      `${pad}${JSON.stringify(key)}: ${layout(item, depth + 1, depth === 2 && FLUSH_LEFT.has(key))}`,
  );
  return `{\n${lines.join(",\n")}\n${close}}`;
}

/**
 * A unit whose operations' root `$defs` move to `unit.schemas` where the name means the same schema
 * in every operation; a definition whose content differs from the table's stays in its operation.
 * A name some schema refers to without defining it never enters the table, so reading the manifest
 * back cannot fill in a ref that was dangling.
 */
export function shareUnitSchemas(unit: ManifestUnit): ManifestUnit {
  const schemas = unit.operations.flatMap((op) =>
    op.outputSchema === undefined ? [op.inputSchema] : [op.inputSchema, op.outputSchema],
  );
  const blocked = new Set(schemas.flatMap(undefinedRefs));
  const table = new Map<string, { def: JsonSchema; text: string }>();
  const texts = new WeakMap<object, string>();
  // Operations share their definitions' objects: each one's refs are read once, not per operation.
  const memo = new ReachedDefsMemo();
  const textOf = (def: JsonSchema) => {
    if (typeof def !== "object") return String(def);
    let text = texts.get(def);
    if (text === undefined) {
      text = canonicalJson(def);
      texts.set(def, text);
    }
    return text;
  };
  const share = (schema: JsonSchema): JsonSchema => {
    const local = rootDefs(schema);
    if (local === undefined || typeof schema !== "object") return schema;
    const { $defs: _ignored, ...body } = schema;
    const hoisted = new Set<string>();
    for (const [name, def] of memo.reached(body, (n) => (Object.hasOwn(local, n) ? local[n] : undefined))) {
      if (blocked.has(name)) continue;
      const text = textOf(def);
      const entry = table.get(name);
      if (entry === undefined) table.set(name, { def, text });
      else if (entry.text !== text) continue;
      hoisted.add(name);
    }
    if (hoisted.size === 0) return schema;
    const kept = Object.entries(local).filter(([name]) => !hoisted.has(name));
    return kept.length === 0 ? body : { ...body, $defs: Object.fromEntries(kept) };
  };
  const operations = unit.operations.map((op) => ({
    ...op,
    inputSchema: share(op.inputSchema),
    ...(op.outputSchema !== undefined ? { outputSchema: share(op.outputSchema) } : {}),
  }));
  if (table.size === 0) return unit;
  const { sourceHash, ...rest } = unit;
  const shared: SharedSchemas = Object.fromEntries([...table].map(([name, { def }]) => [name, def]));
  return { ...rest, operations, schemas: shared, sourceHash };
}

/** Names a schema refers to as `#/$defs/<name>` that its root `$defs` does not define. */
function undefinedRefs(schema: JsonSchema): string[] {
  const local = rootDefs(schema) ?? {};
  return [...new Set(defRefs(schema))].filter((name) => !Object.hasOwn(local, name));
}
