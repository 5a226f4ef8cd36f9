/**
 * A small reader of TypeScript declaration text, enough to cut parts out of a generated types module
 * without loading the compiler: top-level `interface` and `type` declarations, the members of an
 * object type, and the references a type makes (`components["schemas"]["Pet"]`). Comments and
 * string literals are skipped wherever brackets are counted, so no description can confuse it.
 */

/** A top-level declaration: `[export] interface Name {…}` or `[export] type Name = …;`. */
export interface Statement {
  name: string;
  /** From just after the previous statement (leading comments and line break included). */
  start: number;
  /** Just past the statement. */
  end: number;
  /** The `{` of its object type, when it has one at the top. */
  open?: number;
}

/** A member of an object type: `key?: type;`. */
export interface Member {
  /** The key as a string (identifier, string or number literal); undefined for an index signature. */
  key?: string;
  /** From just after the previous member (leading comments and line break included). */
  start: number;
  /** Where its type starts (after `:`), or -1. */
  typeStart: number;
  /** The `;` or `,` after it, or the object's `}`. */
  end: number;
}

/** A reference to a top-level name with string or number keys: `operations["getPet"]["responses"]`. */
export interface Reference {
  name: string;
  keys: string[];
  /** Where it is written in the text read. */
  start: number;
  end: number;
}

const IDENT_START = /^[A-Za-z_$]/;
const IDENT = /[A-Za-z0-9_$]/;
const OPEN = "{[(";
const CLOSE = "}])";

/** Offset past the string literal opening at `i` (`"`, `'` or a template literal, not nested). */
/** Whether the character at `i` is white space (`\s`), ASCII decided without a regular expression. */
function isSpace(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(text[i] as string);
}

function skipString(text: string, i: number): number {
  const quote = text[i];
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === quote) return j + 1;
  }
  return text.length;
}

/** Offset past the comment at `i`, or `i` when none starts there. */
function skipComment(text: string, i: number): number {
  if (text[i] !== "/") return i;
  if (text[i + 1] === "/") {
    const end = text.indexOf("\n", i);
    return end < 0 ? text.length : end;
  }
  if (text[i + 1] === "*") {
    const end = text.indexOf("*/", i + 2);
    return end < 0 ? text.length : end + 2;
  }
  return i;
}

/** Offset of the next character that is neither white space nor part of a comment. */
export function skipTrivia(text: string, i: number): number {
  for (;;) {
    while (i < text.length && isSpace(text, i)) i++;
    const next = skipComment(text, i);
    if (next === i) return i;
    i = next;
  }
}

/** Offset past one token at `i`: a string, a comment, a whole bracket group, a word or one character. */
function skipToken(text: string, i: number): number {
  const char = text[i] as string;
  if (char === '"' || char === "'" || char === "`") return skipString(text, i);
  const comment = skipComment(text, i);
  if (comment !== i) return comment;
  if (OPEN.includes(char)) return skipGroup(text, i);
  // An identifier, or a number (its digits and letters read like one: `200`, `1e3`).
  if (IDENT.test(char)) return readIdentifier(text, i).end;
  return i + 1;
}

/** Offset past the bracket group opening at `i`. */
export function skipGroup(text: string, i: number): number {
  let depth = 0;
  // Jumps from one character that matters to the next: a large API's types are megabytes of text.
  const special = /["'`/{}[\]()]/g;
  while (i < text.length) {
    special.lastIndex = i;
    const found = special.exec(text);
    if (!found) return text.length;
    i = found.index;
    const char = found[0];
    if (char === '"' || char === "'" || char === "`") i = skipString(text, i);
    else if (char === "/" && skipComment(text, i) !== i) i = skipComment(text, i);
    else {
      if (OPEN.includes(char)) depth++;
      else if (CLOSE.includes(char) && --depth === 0) return i + 1;
      i++;
    }
  }
  return i;
}

function readIdentifier(text: string, i: number): { name: string; end: number } {
  let end = i;
  while (end < text.length && IDENT.test(text[end] as string)) end++;
  return { name: text.slice(i, end), end };
}

/** The value of a string or number literal key (`"a\"b"`, `'x'`, `200`), or undefined. */
function literalKey(token: string): string | undefined {
  if (/^\d+$/.test(token)) return token;
  try {
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (token.startsWith("'"))
      return JSON.parse(`"${token.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
  } catch {
    return undefined;
  }
  return undefined;
}

/** The top-level type and interface declarations of a module's text. */
export function readStatements(text: string): Statement[] {
  const statements: Statement[] = [];
  let start = 0;
  let i = skipTrivia(text, 0);
  while (i < text.length) {
    const words: string[] = [];
    let open: number | undefined;
    while (i < text.length && text[i] !== ";") {
      if (text[i] === "{" && words[0] !== undefined) {
        const isInterface = words.includes("interface");
        if (isInterface || (words.at(-1) === "=" && open === undefined)) open = i;
        i = skipGroup(text, i);
        if (isInterface) break;
      } else {
        const end = skipToken(text, i);
        words.push(text.slice(i, end));
        i = end;
      }
      i = skipTrivia(text, i);
    }
    if (text[i] === ";") i++;
    const kind = words.findIndex((w) => w === "interface" || w === "type");
    const name = kind >= 0 ? words[kind + 1] : undefined;
    if (name !== undefined && IDENT_START.test(name)) statements.push({ name, start, end: i, open });
    start = i;
    i = skipTrivia(text, i);
  }
  return statements;
}

/** The members of the object type whose `{` is at `open`, and the offset of its `}`. */
export function readMembers(text: string, open: number): { members: Member[]; close: number } {
  const members: Member[] = [];
  let start = open + 1;
  let member: Member | undefined;
  let i = skipTrivia(text, start);
  while (i < text.length && text[i] !== "}") {
    const char = text[i] as string;
    if (char === ";" || char === ",") {
      members.push({ ...(member ?? { start, typeStart: -1 }), end: i });
      member = undefined;
      start = i + 1;
      i = skipTrivia(text, start);
      continue;
    }
    if (member === undefined) {
      member = { start, typeStart: -1, end: -1 };
      i = readKey(text, i, member);
    } else i = skipToken(text, i);
    i = skipTrivia(text, i);
  }
  if (member !== undefined) members.push({ ...member, end: i });
  return { members, close: i };
}

/** Reads a member's key (after `readonly`) and its `?:`; returns the offset after what it read. */
function readKey(text: string, i: number, member: Member): number {
  let at = i;
  let end = skipToken(text, at);
  if (text.slice(at, end) === "readonly" && /[A-Za-z_$"'\d[]/.test(text[skipTrivia(text, end)] ?? "")) {
    at = skipTrivia(text, end);
    end = skipToken(text, at);
  }
  const token = text.slice(at, end);
  const key = IDENT_START.test(token) ? token : literalKey(token);
  if (key !== undefined) member.key = key;
  let next = skipTrivia(text, end);
  if (text[next] === "?") next = skipTrivia(text, next + 1);
  if (text[next] === ":") {
    member.typeStart = next + 1;
    return next + 1;
  }
  return end;
}

/**
 * The references to `names` in a type's text, each with the literal keys that follow it
 * (`components["schemas"]["Pet"]` → components, [schemas, Pet]); with a `qualifier`, only references
 * written `<qualifier>.<name>`. Property keys are not references.
 */
export function readReferences(text: string, names: ReadonlySet<string>, qualifier?: string): Reference[] {
  const found: Reference[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (!IDENT_START.test(char) || (i > 0 && /[A-Za-z0-9_$.]/.test(text[i - 1] as string))) {
      i = OPEN.includes(char) ? i + 1 : skipToken(text, i);
      continue;
    }
    const start = i;
    let { name, end } = readIdentifier(text, i);
    i = end;
    let after = skipTrivia(text, end);
    if (qualifier !== undefined) {
      if (name !== qualifier || text[after] !== ".") continue;
      ({ name, end } = readIdentifier(text, skipTrivia(text, after + 1)));
      i = end;
      after = skipTrivia(text, end);
    }
    if (!names.has(name) || text[after] === ":" || text.startsWith("?:", after)) continue;
    const keys: string[] = [];
    let at = after;
    while (text[at] === "[") {
      const inner = skipTrivia(text, at + 1);
      const close = skipToken(text, inner);
      const key = literalKey(text.slice(inner, close));
      const bracket = skipTrivia(text, close);
      if (key === undefined || text[bracket] !== "]") break;
      keys.push(key);
      end = bracket + 1;
      at = skipTrivia(text, end);
    }
    found.push({ name, keys, start, end });
    i = end;
  }
  return found;
}

/** The reference `text` is made of and nothing else, if it is one. */
export function wholeReference(text: string, names: ReadonlySet<string>): Reference | undefined {
  const trimmed = text.trim();
  const [reference] = readReferences(trimmed, names);
  return reference?.start === 0 && reference.end === trimmed.length ? reference : undefined;
}
