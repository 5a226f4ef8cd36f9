/**
 * Some operations' declarations cut out of their unit's text (for `units.describe` and for a
 * script's narrowed type check): the types their methods use, the parts of the unit's generated
 * types those need, and the methods, as pieces of the unit's text.
 */
import { type Piece, piecesText, pushPiece, specTypesSpan, typesExcerptPieces } from "./types-excerpt.js";

/** A member of a namespace body: its text and where its first line starts in the text read. */
interface NamespaceMember {
  name: string;
  kind: string;
  text: string;
  start: number;
}

/** Splits a namespace body into its members (doc comment included), keyed by declared name. */
function members(text: string): NamespaceMember[] {
  const found: Array<{ name: string; kind: string; lines: string[]; start: number }> = [];
  let comment: string[] = [];
  let commentStart = 0;
  let current: { name: string; kind: string; lines: string[]; start: number } | undefined;
  let offset = 0;
  for (const line of text.split("\n")) {
    const declared = /^ {2}(type|interface) ([A-Za-z_$][\w$]*)/.exec(line);
    if (declared) {
      const start = comment.length > 0 ? commentStart : offset;
      current = {
        kind: declared[1] as string,
        name: declared[2] as string,
        lines: [...comment, line],
        start,
      };
      found.push(current);
      comment = [];
    } else if (/^ {2}\/\*\*/.test(line) || (comment.length > 0 && /^ {3}\*/.test(line))) {
      current = undefined;
      if (comment.length === 0) commentStart = offset;
      comment.push(line);
    } else if (current && line.startsWith("   ")) {
      current.lines.push(line);
    } else if (current && /^ {2}\S/.test(line)) {
      current.lines.push(line);
      current = undefined;
    }
    offset += line.length + 1;
  }
  return found.map((m) => ({ name: m.name, kind: m.kind, text: m.lines.join("\n"), start: m.start }));
}

/** `text` as a range of `unitText` when it lies there at `start` (lines are skipped at times), else itself. */
function rangeOr(unitText: string, start: number, text: string): Piece {
  return unitText.startsWith(text, start) ? [start, start + text.length] : text;
}

/** The method of `operation` in a unit's `Client` interface (its lines), with its doc comment. */
function method(parts: UnitParts, operation: string): { text: string; start: number } | undefined {
  const lines = parts.client;
  const at = parts.methods.get(operation);
  if (at === undefined) return undefined;
  let start = at;
  while (start > 0 && /^ {4}(\/\*\*| \*)/.test(lines[start - 1] as string)) start -= 1;
  return {
    text: lines.slice(start, at + 1).join("\n"),
    start: parts.clientStart + (parts.lineStarts[start] ?? 0),
  };
}

/** The types `text` needs among `byName`, followed through the types they name, in declared order. */
function typesUsed(
  text: string,
  types: readonly NamespaceMember[],
  byName: Map<string, NamespaceMember>,
): NamespaceMember[] {
  // The identifiers of each text looked up among the type names: one pass per text, where a test of
  // every type name against every text is quadratic on a large unit (GitHub's has thousands of types).
  const needed = new Set<string>();
  const queue = namedIn(text, byName);
  while (queue.length > 0) {
    const type = queue.pop() as NamespaceMember;
    if (needed.has(type.name)) continue;
    needed.add(type.name);
    // A type's own text is read once per unit, not once per operation that reaches it.
    let named = namedTypes.get(type);
    if (named === undefined) {
      named = namedIn(type.text, byName);
      namedTypes.set(type, named);
    }
    queue.push(...named);
  }
  // In declared order: the places of the names needed, sorted, not a pass over every type of the
  // unit per operation (a name declared twice keeps both, as a filter of the list did).
  const places = placesOf(types);
  const at = [...needed].flatMap((name) => places.get(name) ?? []).sort((a, b) => a - b);
  return at.map((index) => types[index] as NamespaceMember);
}

/** Per list of a unit's types, the places of each name in it. */
const typePlaces = new WeakMap<readonly NamespaceMember[], Map<string, number[]>>();

function placesOf(types: readonly NamespaceMember[]): Map<string, number[]> {
  let places = typePlaces.get(types);
  if (places === undefined) {
    places = new Map();
    types.forEach((type, index) => {
      const known = places?.get(type.name);
      if (known) known.push(index);
      else places?.set(type.name, [index]);
    });
    typePlaces.set(types, places);
  }
  return places;
}

/** Per type of a parsed unit, the types its text names (see {@link typesUsed}). */
const namedTypes = new WeakMap<NamespaceMember, NamespaceMember[]>();

/** The types among `byName` that `text` names, each once. */
function namedIn(text: string, byName: Map<string, NamespaceMember>): NamespaceMember[] {
  const found = new Set<NamespaceMember>();
  for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const type = byName.get(word);
    if (type) found.add(type);
  }
  return [...found];
}

/** A unit's declaration read once for describing its operations one by one. */
interface UnitParts {
  opening: string;
  client: string[];
  /** Where the `Client` interface's first line starts in the unit's text. */
  clientStart: number;
  /** The line each method starts on, by name (the first, as a search of the lines finds it). */
  methods: Map<string, number>;
  /** Where each line of `client` starts, from the interface's first line: summed once, not per method. */
  lineStarts: number[];
  /** The unit's types, each `start` in the unit's text. */
  types: NamespaceMember[];
  byName: Map<string, NamespaceMember>;
}

const parsed = new Map<string, UnitParts>();
const MAX_PARSED = 8;

function partsOf(text: string): UnitParts {
  const known = parsed.get(text);
  if (known) return known;
  // The unit's generated types (`namespace $types`, megabytes for a large API) hold none of its own
  // members: they are read only by `typesExcerptPieces`.
  const span = specTypesSpan(text);
  const all = (
    span === undefined ? members(text) : members(text.slice(0, span[0]) + text.slice(span[1]))
  ).map((m) => (span === undefined || m.start < span[0] ? m : { ...m, start: m.start + span[1] - span[0] }));
  const client = all.find((m) => m.kind === "interface" && m.name === "Client");
  const types = all.filter((m) => m.kind === "type");
  const lines = client ? client.text.split("\n") : [];
  const methods = new Map<string, number>();
  lines.forEach((line, at) => {
    const name = /^ {4}([^\s(]+)\(/.exec(line)?.[1];
    if (name !== undefined && !methods.has(name)) methods.set(name, at);
  });
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  const parts = {
    lineStarts,
    opening:
      text.split("\n").find((line) => line.startsWith("declare namespace")) ?? "declare namespace Units {",
    client: lines,
    clientStart: client?.start ?? 0,
    methods,
    types,
    byName: new Map(types.map((type) => [type.name, type])),
  };
  parsed.set(text, parts);
  if (parsed.size > MAX_PARSED) parsed.delete(parsed.keys().next().value as string);
  return parts;
}

/**
 * One operation's declaration out of its unit's text: the types it uses and its method, after the
 * parts of the unit's generated types (`namespace $types`) those types use.
 */
export function describeOperation(text: string, operation: string): string | undefined {
  const pieces = describeOperationPieces(text, operation);
  return pieces === undefined ? undefined : piecesText(text, pieces);
}

/** {@link describeOperation} as pieces of the unit's text (`piecesText` joins them). */
export function describeOperationPieces(text: string, operation: string): Piece[] | undefined {
  return operationsPieces(text, [operation]);
}

/** Some operations' methods in `Client` after the types they use, as pieces; undefined when one is unknown. */
export function operationsPieces(text: string, operations: readonly string[]): Piece[] | undefined {
  const parts = partsOf(text);
  const signatures: Array<{ text: string; start: number }> = [];
  for (const operation of operations) {
    const signature = method(parts, operation);
    if (!signature) return undefined;
    signatures.push(signature);
  }
  const own = typesUsed(signatures.map((s) => s.text).join("\n"), parts.types, parts.byName);
  const pieces: Piece[] = [`${parts.opening}\n`];
  const generated = typesExcerptPieces(text, own.map((t) => `${t.text}\n`).join(""));
  for (const piece of generated ?? []) pushPiece(pieces, piece);
  for (const type of own) pushPiece(pieces, rangeOr(text, type.start, `${type.text}\n`));
  pushPiece(pieces, "  interface Client {\n");
  signatures.forEach((signature, at) => {
    if (at > 0) pushPiece(pieces, "\n");
    pushPiece(pieces, rangeOr(text, signature.start, signature.text));
  });
  pushPiece(pieces, "\n  }\n}\n");
  return pieces;
}
