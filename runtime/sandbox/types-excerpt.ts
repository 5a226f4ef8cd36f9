/**
 * For `units.describe(unit, operation)`: the parts of a unit's `namespace $types` (the module an
 * external generator wrote, nested in the unit's declaration by the compiler) that one operation's
 * types use. Each `$types.<name>["key"]…` reference keeps the members on its way and the member it
 * ends at; the references inside what is kept are followed the same way; everything else is left
 * out, so an operation of a large API shows its own types, not the whole API's.
 */
import {
  type Member,
  readMembers,
  readReferences,
  readStatements,
  type Statement,
  skipTrivia,
  wholeReference,
} from "./type-text.js";

const OPENING = "\n  namespace $types {\n";
/** The nested module is indented by four spaces, so this line can only close the namespace. */
const CLOSING = "\n  }\n";

/** The parsed `$types` block of one unit's declaration. */
interface Index {
  /** The line comment above the block (which generator wrote it), if any. */
  comment: string;
  body: string;
  statements: Statement[];
  byName: Map<string, Statement>;
  names: Set<string>;
  members: Map<number, { members: Member[]; close: number }>;
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
      statements,
      byName: new Map(statements.map((s) => [s.name, s])),
      names: new Set(statements.map((s) => s.name)),
      members: new Map(),
    };
  }
  indexes.set(unitText, index);
  if (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value as string);
  return index;
}

/** A unit's declaration text without its `namespace $types` block (the text itself when it has none). */
export function withoutSpecTypes(unitText: string): string {
  const at = unitText.indexOf(OPENING);
  const end = at < 0 ? -1 : unitText.indexOf(CLOSING, at + OPENING.length - 1);
  return end < 0 ? unitText : unitText.slice(0, at + 1) + unitText.slice(end + CLOSING.length);
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

  take(used: string): string {
    for (const ref of readReferences(used, this.#index.names, "$types")) this.#follow(ref.name, ref.keys);
    for (let range = this.#pending.pop(); range; range = this.#pending.pop()) {
      const text = this.#index.body.slice(range[0], range[1]);
      for (const ref of readReferences(text, this.#index.names)) this.#follow(ref.name, ref.keys);
    }
    return this.#index.statements
      .filter((s) => this.#kept.has(s.name))
      .map((s) => this.#renderStatement(s, this.#kept.get(s.name) as Kept).replace(/^\n+/, ""))
      .join("\n");
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

  #renderStatement(statement: Statement, node: Kept): string {
    const { body } = this.#index;
    if (node.whole || statement.open === undefined) return body.slice(statement.start, statement.end);
    const { close } = this.#members(statement.open);
    return (
      body.slice(statement.start, statement.open + 1) +
      this.#renderMembers(statement.open, node) +
      body.slice(close + 1, statement.end)
    );
  }

  #renderMembers(open: number, node: Kept): string {
    const { body } = this.#index;
    const { members, close } = this.#members(open);
    let out = "";
    for (const member of members) {
      const child = node.children.get(member.start);
      if (child) out += this.#renderMember(member, child);
    }
    const last = members.at(-1);
    const tail = last === undefined ? open + 1 : body[last.end] === "}" ? last.end : last.end + 1;
    return out + body.slice(tail, close + 1);
  }

  #renderMember(member: Member, node: Kept): string {
    const { body } = this.#index;
    const separator =
      body[member.end] === ";" || body[member.end] === "," ? (body[member.end] as string) : "";
    const inner = this.#literalOpen(member);
    if (node.whole || inner === undefined) return body.slice(member.start, member.end) + separator;
    const { close } = this.#members(inner);
    return (
      body.slice(member.start, inner + 1) +
      this.#renderMembers(inner, node) +
      body.slice(close + 1, member.end) +
      separator
    );
  }
}

/**
 * The `namespace $types { … }` block for an operation whose type declarations are `used`, cut from
 * its unit's declaration text; undefined when the unit has no such block or `used` names none of it.
 */
export function typesExcerpt(unitText: string, used: string): string | undefined {
  if (!used.includes("$types.")) return undefined;
  const index = indexOf(unitText);
  if (!index) return undefined;
  const excerpt = new Excerpt(index).take(used);
  if (excerpt === "") return undefined;
  return `${index.comment}  // Only what this operation uses is shown here.\n  namespace $types {\n${excerpt}\n  }\n`;
}
