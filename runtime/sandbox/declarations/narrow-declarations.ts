/**
 * The declarations one script is type-checked against: only the operations it names. A large API's
 * declarations take the type checker seconds and hundreds of MB to load (GitHub REST's are 5 MB of
 * types), while a script names a few operations; checked against those and the types they reach, its
 * first check answers in a fraction of a second and the checker stays small. A script whose
 * operations cannot be read from its text (`units[name]`, `units` passed on, a type of `Units`
 * named, an operation the bundle lacks) is checked against the whole declarations, as before.
 */
import type { BundleDeclarations } from "./declarations.js";
import { operationsPieces } from "./operation-declaration.js";
import { withoutOtherMembers } from "./scoped-declarations.js";
import { piecesText } from "./types-excerpt.js";

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`;
/** A member access: `.name` or `["name"]` (a unit whose ID is no identifier is reached that way). */
const ACCESS = String.raw`\s*(?:\.\s*(${NAME})|\[\s*(${QUOTED})\s*\])`;
/** Every `units` that is not a property of something else (`notes.units`) nor part of a longer name. */
const UNITS = /(?<![\w$.])units(?![\w$])/g;
/** What may follow `units` with the operation known: the two helpers, or a unit and its operation. */
const HELPER = /^\s*\.\s*(?:search|describe)(?![\w$])/;
const CALL = new RegExp(`^${ACCESS}${ACCESS}(?![\\w$])`);
/** Names through which the script could reach `units` or its types without naming an operation. */
const OTHER_WAYS = /(?<![\w$])(?:Units|globalThis)(?![\w$])/;

/** Views by the declarations they narrow and the operations kept; the oldest go first. */
const views = new WeakMap<BundleDeclarations, Map<string, BundleDeclarations>>();
const MAX_VIEWS = 64;

function unquote(quoted: string): string {
  return quoted.startsWith('"')
    ? (JSON.parse(quoted) as string)
    : quoted.slice(1, -1).replace(/\\(.)/g, "$1");
}

/**
 * The operations `code` calls, by unit (a unit's set may be empty when none of its operations is
 * named); undefined when the script may reach `units` some other way than `units.<unit>.<operation>`.
 */
export function operationsNamed(code: string): Map<string, Set<string>> | undefined {
  if (OTHER_WAYS.test(code)) return undefined;
  const named = new Map<string, Set<string>>();
  for (const match of code.matchAll(UNITS)) {
    const rest = code.slice(match.index + match[0].length, match.index + match[0].length + 600);
    if (HELPER.test(rest)) continue;
    const call = CALL.exec(rest);
    if (!call) return undefined;
    const unit = call[1] ?? unquote(call[2] as string);
    const operation = call[3] ?? unquote(call[4] as string);
    const ops = named.get(unit) ?? new Set<string>();
    ops.add(operation);
    named.set(unit, ops);
  }
  return named;
}

/**
 * `full` cut down to the operations `code` names (a view with a `scope` of its own, shared by every
 * script naming the same ones); `full` itself when they cannot be read from the text or one of them
 * is not in `full`, so such a script gets the check it always had.
 */
export function narrowDeclarations(full: BundleDeclarations, code: string): BundleDeclarations {
  const named = operationsNamed(code);
  if (!named) return full;
  const key = [...named]
    .map(([unit, ops]) => `${unit}:${[...ops].sort().join(",")}`)
    .sort()
    .join("\u0000");
  let byKey = views.get(full);
  if (!byKey) {
    byKey = new Map();
    views.set(full, byKey);
  }
  const known = byKey.get(key);
  if (known) {
    byKey.delete(key);
    byKey.set(key, known);
    return known;
  }
  const units = new Map<string, string>();
  for (const [unit, ops] of named) {
    const text = full.units.get(unit);
    const pieces = text === undefined ? undefined : operationsPieces(text, [...ops]);
    if (text === undefined || pieces === undefined) return full;
    units.set(unit, piecesText(text, pieces));
  }
  const own = withoutOtherMembers(full.own, new Set(named.keys()));
  const scope = `${full.scope ?? ""}\u0001narrow\u0001${key}`;
  const view = {
    version: full.version,
    combined: `${[...units.values()].join("\n")}\n${own}`,
    own,
    units,
    scope,
  };
  byKey.set(key, view);
  if (byKey.size > MAX_VIEWS) byKey.delete(byKey.keys().next().value as string);
  return view;
}
