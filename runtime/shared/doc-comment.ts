/**
 * Doc comments of generated declarations, shared by the compiler (which writes them) and the
 * runtime (which gives `units.describe` an operation's whole description where the typed client
 * keeps only its opening, so the bundle holds the long text once: in the manifest).
 */

/** A `/** … *\/` block; `*\/` in the text cannot end the comment early. */
export function docComment(text: string | undefined, indent = ""): string {
  if (!text || text.trim() === "") return "";
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/[\u2028\u2029]/g, "\n")
    .trim()
    .split("\n")
    .map((line) => line.trimEnd());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l === "" ? "" : ` ${l}`}`).join("\n")}\n${indent} */\n`;
}

/** The text up to its first blank line: an OpenAPI operation's summary, most descriptions' first sentence. */
export function openingParagraph(text: string): string {
  return text.trim().split(/\r?\n[ \t]*\r?\n/, 1)[0] ?? "";
}

/**
 * The doc comment of an operation's method: its text (`opening` cuts it to its first paragraph, as
 * the typed client has it) and a `@deprecated` tag when it is.
 */
export function methodDocComment(
  description: string,
  deprecated: boolean,
  indent: string,
  opening: boolean,
): string {
  const text = opening ? openingParagraph(description) : description;
  return docComment(deprecated ? `${text}\n\n@deprecated` : text, indent);
}
