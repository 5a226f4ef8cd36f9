/**
 * Text a unit's GraphQL documents repeat, written once: generated operations select a type the same
 * way under every field that returns it (GitHub's `User` selection in dozens of documents), so a
 * `{…}` selection that occurs often enough moves to `unit.documentParts` and each place it stood
 * holds `%<n>`. Reading puts the documents back whole (`runtime/contract/document-parts.ts`); a
 * document that would not read back exactly is written whole.
 */
import { PART_REF } from "../../runtime/contract/document-parts.js";
import type { ManifestOperation, ManifestUnit } from "../../runtime/contract/manifest.js";

/** Bytes a part costs besides its text: its quotes, comma and line in the manifest. */
const PART_BYTES = 4;

const documentOf = (op: ManifestOperation): string | undefined => {
  const invoke = op.invoke as unknown as Record<string, unknown>;
  return typeof invoke.document === "string" ? invoke.document : undefined;
};

/** Whether writing `text` once for `uses` refs of `ref` bytes makes the manifest smaller. */
const pays = (text: string, uses: number, ref: number) =>
  (uses - 1) * text.length - uses * ref - PART_BYTES > 0;

/** How often each `{…}` below a document's outermost braces occurs in `documents`. */
function selectionCounts(documents: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const open: number[] = [];
    for (let i = 0; i < document.length; i++) {
      if (document[i] === "{") open.push(i);
      else if (document[i] === "}") {
        const start = open.pop();
        if (start === undefined || open.length === 0) continue;
        const text = document.slice(start, i + 1);
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
    }
  }
  return counts;
}

const occurrences = (texts: readonly string[], text: string) =>
  texts.reduce((n, t) => n + t.split(text).length - 1, 0);

/** Every document with `parts` put back, as reading does. */
function whole(text: string, parts: readonly string[]): string {
  return text.replace(PART_REF, (_ref, n: string) => whole(parts[Number(n)] ?? "", parts));
}

/**
 * The parts, longest first, each worth its bytes, and the documents referring to them. A part found
 * inside a longer one already taken is referred to from there: a part refers only to later parts.
 */
function chooseParts(documents: string[]): { parts: string[]; written: string[] } {
  const candidates = [...selectionCounts(documents)]
    .filter(([text, count]) => pays(text, count, 2))
    .map(([text]) => text)
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  let written = documents;
  for (const text of candidates) {
    const ref = `%${parts.length}`;
    if (!pays(text, occurrences(written, text) + occurrences(parts, text), ref.length)) continue;
    written = written.map((document) => document.split(text).join(ref));
    for (let i = 0; i < parts.length; i++) parts[i] = (parts[i] as string).split(text).join(ref);
    parts.push(text);
  }
  return { parts, written };
}

/** The unit with the text its GraphQL documents repeat stored once in `documentParts`. */
export function shareDocumentParts(unit: ManifestUnit): ManifestUnit {
  const documents = unit.operations.map(documentOf);
  const present = documents.filter((document) => document !== undefined);
  // `%` marks where a part stood: a document that holds one (in a string or comment) is left as it is.
  if (present.length < 2 || present.some((document) => document.includes("%"))) return unit;
  const { parts, written } = chooseParts(present);
  if (parts.length === 0) return unit;
  let next = 0;
  const operations = unit.operations.map((op, i) => {
    const document = documents[i];
    if (document === undefined) return op;
    const compact = written[next++] as string;
    if (compact === document || whole(compact, parts) !== document) return op;
    return { ...op, invoke: { ...op.invoke, document: compact } as never };
  });
  const { sourceHash, ...rest } = unit;
  return { ...rest, operations, documentParts: parts, sourceHash };
}
