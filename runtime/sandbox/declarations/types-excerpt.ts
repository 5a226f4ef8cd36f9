/**
 * For `units.describe(unit, operation)`: the parts of a unit's `namespace $types` (the module an
 * external generator wrote, nested in the unit's declaration by the compiler) that one operation's
 * types use. Each `$types.<name>["key"]…` reference keeps the members on its way and the member it
 * ends at; the references inside what is kept are followed the same way; everything else is left
 * out, so an operation of a large API shows its own types, not the whole API's.
 */
import {
  type Member,
  type Reference,
  readMembers,
  readReferences,
  readStatements,
  type Statement,
  skipTrivia,
  wholeReference,
} from "./type-text.js";

/** A part of an operation's describe text: as written, or a range [start, end) of its unit's text. */
export type Piece = string | readonly [number, number];

/** The text of `pieces` cut from `unitText`. */
export function piecesText(unitText: string, pieces: readonly Piece[]): string {
  return pieces
    .map((piece) => (typeof piece === "string" ? piece : unitText.slice(piece[0], piece[1])))
    .join("");
}

/** Adds a piece to `pieces`, joined to the last one when they are both text or adjoining ranges. */
export function pushPiece(pieces: Piece[], piece: Piece): void {
  const last = pieces.at(-1);
  if (typeof piece === "string") {
    if (piece === "") return;
    if (typeof last === "string") pieces[pieces.length - 1] = last + piece;
    else pieces.push(piece);
  } else if (piece[1] > piece[0]) {
    if (last !== undefined && typeof last !== "string" && last[1] === piece[0]) {
      pieces[pieces.length - 1] = [last[0], piece[1]];
    } else pieces.push(piece);
  }
}

const OPENING = "\n  namespace $types {\n";
/** The nested module is indented by four spaces, so this line can only close the namespace. */
const CLOSING = "\n  }\n";

/** The parsed `$types` block of one unit's declaration. */
interface Index {
  /** The line comment above the block (which generator wrote it), if any. */
  comment: string;
  body: string;
  /** Where the body starts in the unit's text. */
  bodyStart: number;
  statements: Statement[];
  byName: Map<string, Statement>;
  names: Set<string>;
  members: Map<number, { members: Member[]; close: number }>;
  /** The references in each range of the body kept whole, by `start:end`: read once per unit, not per operation. */
  references: Map<string, Reference[]>;
}

/** What is kept of a declaration or member: all of it, or some of its members (by their start). */
interface Kept {
  whole: boolean;
  /** True once the references in its text are followed (all of them, not just one path through). */
  scanned?: boolean;
  children: Map<number, Kept>;
}

const indexes = new Map<string, Index | undefined>();
const MAX_INDEXES = 8;

function indexOf(unitText: string): Index | undefined {
  if (indexes.has(unitText)) return indexes.get(unitText);
  const at = unitText.indexOf(OPENING);
  const end = at < 0 ? -1 : unitText.indexOf(CLOSING, at + OPENING.length - 1);
  let index: Index | undefined;
  if (end >= 0) {
    const body = unitText.slice(at + OPENING.length, end + 1);
    const statements = readStatements(body);
    const lineStart = unitText.lastIndexOf("\n", at - 1) + 1;
    const above = unitText.slice(lineStart, at);
    index = {
      comment: above.startsWith("  //") ? `${above}\n` : "",
      body,
      bodyStart: at + OPENING.length,
      statements,
      byName: new Map(statements.map((s) => [s.name, s])),
      names: new Set(statements.map((s) => s.name)),
      members: new Map(),
      references: new Map(),
    };
  }
  indexes.set(unitText, index);
  if (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value as string);
  return index;
}

/**
 * Lets go of what was read of `unitText`'s `$types` block. The compile calls it once it has cut every
 * operation's text: kept, the block and what was read of it (for Microsoft Graph, the 14 MB text and
 * its parsed members and references) were held for the rest of the compile.
 */
export function forgetTypesIndex(unitText: string): void {
  indexes.delete(unitText);
}

/** Whether what was read of `unitText`'s `$types` block is held (for tests). */
export function typesIndexHeld(unitText: string): boolean {
  return indexes.has(unitText);
}

/** Where a unit's `namespace $types` block lies in its text: [start, end), or undefined. */
export function specTypesSpan(unitText: string): [number, number] | undefined {
  const at = unitText.indexOf(OPENING);
  const end = at < 0 ? -1 : unitText.indexOf(CLOSING, at + OPENING.length - 1);
  return end < 0 ? undefined : [at + 1, end + CLOSING.length];
}

/** Cuts the kept parts out of one index; `used` is the text of the operation's own types. */
class Excerpt {
  readonly #index: Index;
  readonly #kept = new Map<string, Kept>();
  /** Text ranges kept whole whose references are still to be followed. */
  readonly #pending: Array<[number, number]> = [];

  constructor(index: Index) {
    this.#index = index;
  }

  take(used: string): Piece[] {
    for (const ref of readReferences(used, this.#index.names, "$types")) this.#follow(ref.name, ref.keys);
    for (let range = this.#pending.pop(); range; range = this.#pending.pop()) {
      for (const ref of this.#references(range)) this.#follow(ref.name, ref.keys);
    }
    const pieces: Piece[] = [];
    for (const statement of this.#index.statements) {
      const node = this.#kept.get(statement.name);
      if (!node) continue;
      if (pieces.length > 0) pushPiece(pieces, "\n");
      this.#renderStatement(statement, node, pieces);
    }
    return pieces;
  }

  /** Adds the body's text [start, end) to `pieces`. */
  #range(pieces: Piece[], start: number, end: number): void {
    const at = this.#index.bodyStart;
    pushPiece(pieces, [at + start, at + end]);
  }

  #follow(name: string, keys: readonly string[]): void {
    const statement = this.#index.byName.get(name);
    if (!statement) return;
    const node = this.#kept.get(name) ?? { whole: false, children: new Map() };
    this.#kept.set(name, node);
    this.#descend(statement.open, node, keys, [statement.start, statement.end]);
  }

  #descend(open: number | undefined, node: Kept, keys: readonly string[], range: [number, number]): void {
    if (open === undefined || keys.length === 0) {
      this.#keepWhole(node, range);
      return;
    }
    if (node.whole) return;
    // A key the generator did not write keeps nothing (never the whole of what holds it).
    const member = this.#members(open).members.find((m) => m.key === keys[0]);
    if (!member) return;
    const child = node.children.get(member.start) ?? { whole: false, children: new Map() };
    node.children.set(member.start, child);
    const memberRange: [number, number] = [member.start, member.end];
    const inner = this.#literalOpen(member);
    if (inner !== undefined && keys.length > 1) {
      this.#descend(inner, child, keys.slice(1), memberRange);
      return;
    }
    const type = member.typeStart < 0 ? "" : this.#index.body.slice(member.typeStart, member.end);
    const ref = keys.length > 1 ? wholeReference(type, this.#index.names) : undefined;
    if (!ref) {
      this.#keepWhole(child, memberRange);
      return;
    }
    // `get: operations["getPet"]` with keys left: the member is one line, and only the part of its
    // target on the way is followed.
    child.whole = true;
    this.#follow(ref.name, [...ref.keys, ...keys.slice(1)]);
  }

  #keepWhole(node: Kept, range: [number, number]): void {
    node.whole = true;
    if (node.scanned) return;
    node.scanned = true;
    this.#pending.push(range);
  }

  #references([start, end]: [number, number]): Reference[] {
    const key = `${start}:${end}`;
    let found = this.#index.references.get(key);
    if (!found) {
      found = readReferences(this.#index.body.slice(start, end), this.#index.names);
      this.#index.references.set(key, found);
    }
    return found;
  }

  #members(open: number) {
    let found = this.#index.members.get(open);
    if (!found) {
      found = readMembers(this.#index.body, open);
      this.#index.members.set(open, found);
    }
    return found;
  }

  /** The `{` a member's type starts with, if it is an object type. */
  #literalOpen(member: Member): number | undefined {
    if (member.typeStart < 0) return undefined;
    const at = skipTrivia(this.#index.body, member.typeStart);
    return at < member.end && this.#index.body[at] === "{" ? at : undefined;
  }

  #renderStatement(statement: Statement, node: Kept, pieces: Piece[]): void {
    const { body } = this.#index;
    // Each statement is shown from its first line, without the blank lines above it.
    let start = statement.start;
    while (body[start] === "\n") start += 1;
    if (node.whole || statement.open === undefined) {
      this.#range(pieces, start, statement.end);
      return;
    }
    const { close } = this.#members(statement.open);
    this.#range(pieces, start, statement.open + 1);
    this.#renderMembers(statement.open, node, pieces);
    this.#range(pieces, close + 1, statement.end);
  }

  #renderMembers(open: number, node: Kept, pieces: Piece[]): void {
    const { body } = this.#index;
    const { members, close } = this.#members(open);
    for (const member of members) {
      const child = node.children.get(member.start);
      if (child) this.#renderMember(member, child, pieces);
    }
    const last = members.at(-1);
    const tail = last === undefined ? open + 1 : body[last.end] === "}" ? last.end : last.end + 1;
    this.#range(pieces, tail, close + 1);
  }

  #renderMember(member: Member, node: Kept, pieces: Piece[]): void {
    const { body } = this.#index;
    const separated = body[member.end] === ";" || body[member.end] === "," ? 1 : 0;
    const inner = this.#literalOpen(member);
    if (node.whole || inner === undefined) {
      this.#range(pieces, member.start, member.end + separated);
      return;
    }
    const { close } = this.#members(inner);
    this.#range(pieces, member.start, inner + 1);
    this.#renderMembers(inner, node, pieces);
    this.#range(pieces, close + 1, member.end + separated);
  }
}

/**
 * The `namespace $types { … }` block for an operation whose type declarations are `used`, cut from
 * its unit's declaration text, as pieces; undefined when the unit has no such block or `used` names
 * none of it.
 */
export function typesExcerptPieces(unitText: string, used: string): Piece[] | undefined {
  if (!used.includes("$types.")) return undefined;
  const index = indexOf(unitText);
  if (!index) return undefined;
  const excerpt = new Excerpt(index).take(used);
  if (excerpt.length === 0) return undefined;
  const pieces: Piece[] = [];
  pushPiece(
    pieces,
    `${index.comment}  // Only what this operation uses is shown here.\n  namespace $types {\n`,
  );
  for (const piece of excerpt) pushPiece(pieces, piece);
  pushPiece(pieces, "\n  }\n");
  return pieces;
}
