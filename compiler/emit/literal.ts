/**
 * The only ways a source-derived string enters generated code: as a string literal, as a doc
 * comment, or as an identifier built from whitelisted characters. Specs and unit files are untrusted.
 */
import { trimWhere } from "../../runtime/shared/trim.js";

export { docComment } from "../../runtime/shared/doc-comment.js";

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

/**
 * Member names that change what an object is rather than adding a member: `__proto__` in an object
 * literal sets the prototype, and a `then` method makes the object a thenable that `await` calls.
 */
const SPECIAL_MEMBERS = new Set(["__proto__", "then"]);

/** True when `name` can be written bare as a property key. */
export function isPropertyIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A property key in a type: bare when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return isPropertyIdentifier(name) ? name : stringLiteral(name);
}

/** A property key in an object literal: like {@link propertyKey}, but `__proto__` stays an own property. */
export function objectKey(name: string): string {
  return name === "__proto__" ? `[${stringLiteral(name)}]` : propertyKey(name);
}

/**
 * The whitelisted characters of `name`: runs of other characters become one `_` inside the name and
 * are dropped at its ends. May be empty or start with a digit.
 */
function identifierPart(name: string): string {
  return trimWhere(name, (code) => !isIdentifierCode(code)).replace(/[^A-Za-z0-9_$]+/g, "_");
}

/** `[A-Za-z0-9_$]`, by char code. */
function isIdentifierCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36
  );
}

function identifierStart(part: string): string {
  return part === "" ? "_" : /^[0-9]/.test(part) ? `_${part}` : part;
}

/** A binding identifier from whitelisted characters only (`GET /users/{id}` → `GET_users_id`). */
export function sanitizeIdentifier(name: string): string {
  const safe = identifierStart(identifierPart(name));
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/**
 * A member name from whitelisted characters only. Reserved words stay as they are (`client.delete()`
 * is valid); only names that would change the object's behaviour get a `_` suffix.
 */
export function sanitizeMemberName(name: string): string {
  const safe = identifierStart(identifierPart(name));
  return SPECIAL_MEMBERS.has(safe) ? `${safe}_` : safe;
}

/** `list-notes` → `ListNotes`; used for type names. */
export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  return joined === "" ? "Unit" : identifierStart(joined);
}

/** Longest suffix {@link identifierWithSuffix} keeps; a clash after cutting gets a hash like any other. */
const MAX_SUFFIX = 48;

/** `Base_part`: a suffix from whitelisted characters appended to an existing identifier. */
export function identifierWithSuffix(base: string, suffix: string): string {
  return `${base}_${identifierPart(suffix).slice(0, MAX_SUFFIX) || "_"}`;
}
