/**
 * `units.describe` of one operation with its whole description. The typed client (and so the
 * declaration text describe cuts from) keeps only the description's opening paragraph, since the
 * whole text is already in the manifest; describe puts the manifest's text back in its place.
 */
import type { ManifestOperation } from "../../contract/manifest.js";
import { methodDocComment, openingParagraph } from "../../shared/doc-comment.js";

/** A line of a method's doc comment in a unit's `Client` interface (inside its namespace). */
const DOC_LINE = /^ {4}(\/\*\*| \*)/;

/** `text` (one operation's declaration) with the doc comment of `op`'s method made from its whole description. */
export function withWholeDescription(text: string, op: ManifestOperation): string {
  const description = op.description.trim();
  if (openingParagraph(description) === description) return text;
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.startsWith(`    ${op.tsName}(input`));
  if (at < 0) return text;
  let start = at;
  while (start > 0 && DOC_LINE.test(lines[start - 1] as string)) start -= 1;
  const doc = lines.slice(start, at);
  const last = doc.at(-2)?.trim();
  const deprecated = last === "* @deprecated" || doc.join("\n").trim() === "/** @deprecated */";
  const comment = methodDocComment(description, deprecated, "    ", false);
  return [...lines.slice(0, start), comment.slice(0, -1), ...lines.slice(at)].join("\n");
}
