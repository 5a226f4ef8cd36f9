/**
 * The only ways a source-derived string enters generated code: as a string literal, as a doc
 * comment, or as an identifier built from whitelisted characters. Specs and unit files are untrusted.
 */

/** A double-quoted TS string literal; also escapes U+2028/U+2029 and `</` for good measure. */
export function stringLiteral(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
    .replace(/<\//g, "<\\/");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Words that may name a property but never a binding. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected public " +
    "await arguments eval undefined"
  ).split(" "),
);

/** True when `name` can be written bare as a property key. */
export function isPropertyIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A property key: bare when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return isPropertyIdentifier(name) ? name : stringLiteral(name);
}

/** An identifier from whitelisted characters only (`GET /users/{id}` → `GET_users_id`). */
export function sanitizeIdentifier(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9_$]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/_{2,}/g, "_");
  const safe = cleaned === "" ? "_" : /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/** `list-notes` → `ListNotes`; used for type names. */
export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  const safe = joined === "" ? "Unit" : /^[0-9]/.test(joined) ? `_${joined}` : joined;
  return sanitizeIdentifier(safe);
}

/** A `/** … *\/` block; `*\/` in the text cannot end the comment early. */
export function docComment(text: string | undefined, indent = ""): string {
  if (!text || text.trim() === "") return "";
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/[\u2028\u2029]/g, "\n")
    .trim()
    .split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l === "" ? "" : ` ${l}`}`).join("\n")}\n${indent} */\n`;
}
