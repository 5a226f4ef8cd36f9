/**
 * A bundle's Code Mode declarations cut down to the units and operations a run may call. A caller
 * limited to some units, or to some operations by its serve token's rules, must not learn of the
 * others, and the type checker is the place they would show: a warning such as "Did you mean
 * 'send'?" names another operation. So the check and `units.describe` of such a run read
 * declarations holding only its units, each `Client` only with the methods its manifest lists.
 */
import { hasCodeMode, type Manifest } from "../../contract/manifest.js";
import type { BundleDeclarations } from "./declarations.js";

/** Views by the full declarations and the scope's key, shared by every run with that scope. */
const views = new WeakMap<BundleDeclarations, Map<string, BundleDeclarations>>();
/** The Code Mode units of a manifest, each with its operations' TS names (made once per scope). */
const codeModeUnits = new WeakMap<Manifest, Map<string, ReadonlySet<string>>>();
/** The units whose methods a manifest cuts from declarations, by declarations and manifest. */
const cuts = new WeakMap<BundleDeclarations, WeakMap<Manifest, string[]>>();

/** One member of `declare const units: { … }`: its doc comment lines and its `readonly` line. */
const MEMBER = /^ {2}readonly ("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*): Units\.[\w$]+\.Client;$/;

/** `text` with the `units` members of units outside `allowed` left out (their doc comments too). */
export function withoutOtherMembers(text: string, allowed: ReadonlySet<string>): string {
  const kept: string[] = [];
  let pending: string[] = [];
  for (const line of text.split("\n")) {
    const member = MEMBER.exec(line);
    if (member) {
      const key = member[1] as string;
      const id = key.startsWith('"') ? (JSON.parse(key) as string) : key;
      if (allowed.has(id)) kept.push(...pending, line);
      pending = [];
    } else if (/^ {2}\/\*\*/.test(line) || (pending.length > 0 && /^ {3}\*/.test(line))) {
      // A doc comment: held until the line after it says whose it is.
      pending.push(line);
    } else {
      kept.push(...pending, line);
      pending = [];
    }
  }
  return kept.join("\n");
}

/** `text` (a unit's declaration) with the `Client` methods outside `kept` left out, doc comments too. */
function withoutOtherMethods(text: string, kept: ReadonlySet<string>): string {
  const out: string[] = [];
  let pending: string[] = [];
  let inClient = false;
  for (const line of text.split("\n")) {
    if (/^ {2}interface Client \{/.test(line)) inClient = true;
    else if (inClient && /^ {2}\}/.test(line)) inClient = false;
    if (inClient && /^ {4}(\/\*\*| \*)/.test(line)) {
      pending.push(line);
      continue;
    }
    const method = inClient ? /^ {4}([^\s(]+)\(/.exec(line)?.[1] : undefined;
    if (method === undefined || kept.has(method)) out.push(...pending, line);
    pending = [];
  }
  return out.join("\n");
}

/** Whether a unit's declaration has a `Client` method that `kept` does not list. */
function cutMethods(text: string, kept: ReadonlySet<string>): boolean {
  const client = text.indexOf("\n  interface Client {");
  if (client < 0) return false;
  const end = text.indexOf("\n  }", client + 1);
  for (const [, name] of text.slice(client, end < 0 ? undefined : end).matchAll(/^ {4}([^\s(]+)\(/gm)) {
    if (!kept.has(name as string)) return true;
  }
  return false;
}

/** The Code Mode units `manifest` lists, by id in order, each with its operations' TS names. */
function listedOperations(manifest: Manifest): Map<string, ReadonlySet<string>> {
  let listed = codeModeUnits.get(manifest);
  if (!listed) {
    const inCodeMode = manifest.units.filter((unit) => hasCodeMode(unit.exposure));
    inCodeMode.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    listed = new Map(inCodeMode.map((unit) => [unit.id, new Set(unit.operations.map((op) => op.tsName))]));
    codeModeUnits.set(manifest, listed);
  }
  return listed;
}

/** The listed units whose declaration in `full` has methods `manifest` does not list (once per pair). */
function unitsCut(
  full: BundleDeclarations,
  manifest: Manifest,
  ops: Map<string, ReadonlySet<string>>,
): string[] {
  let cutBy = cuts.get(full);
  if (!cutBy) {
    cutBy = new WeakMap();
    cuts.set(full, cutBy);
  }
  let cut = cutBy.get(manifest);
  if (!cut) {
    cut = [...ops.keys()].filter((id) => {
      const text = full.units.get(id);
      return text !== undefined && cutMethods(text, ops.get(id) as ReadonlySet<string>);
    });
    cutBy.set(manifest, cut);
  }
  return cut;
}

/** A view of `full` holding only the listed units, the cut ones with only their listed methods. */
function viewOf(
  full: BundleDeclarations,
  ops: Map<string, ReadonlySet<string>>,
  cut: string[],
  scope: string,
): BundleDeclarations {
  const allowed = new Set(ops.keys());
  const units = new Map(
    [...full.units]
      .filter(([id]) => allowed.has(id))
      .map(([id, text]) => [
        id,
        cut.includes(id) ? withoutOtherMethods(text, ops.get(id) as ReadonlySet<string>) : text,
      ]),
  );
  const own = withoutOtherMembers(full.own, allowed);
  return {
    version: full.version,
    combined: `${[...units.values()].join("\n")}\n${own}`,
    own,
    units,
    scope,
  };
}

/**
 * The declarations of the Code Mode units `manifest` lists: `full` itself when it lists them all (an
 * unscoped run), else a view (with a `scope` of its own, so the checker keeps it apart).
 */
export function declarationsFor(
  full: BundleDeclarations | undefined,
  manifest: Manifest,
): BundleDeclarations | undefined {
  if (!full) return undefined;
  const ops = listedOperations(manifest);
  const ids = [...ops.keys()];
  const cut = unitsCut(full, manifest, ops);
  if (cut.length === 0 && [...full.units.keys()].every((id) => ops.has(id))) return full;
  // The units whose methods are cut name the methods kept: two rules keeping different ones differ.
  const key = [
    ...ids,
    ...cut.map((id) => `${id}:${[...(ops.get(id) as ReadonlySet<string>)].sort().join(",")}`),
  ];
  // A view of declarations that are themselves a view keeps the two apart (the checker keys by scope).
  const scope = full.scope === undefined ? key.join("\u0000") : `${full.scope}\u0001${key.join("\u0000")}`;
  let byScope = views.get(full);
  if (!byScope) {
    byScope = new Map();
    views.set(full, byScope);
  }
  let view = byScope.get(scope);
  if (!view) {
    view = viewOf(full, ops, cut, scope);
    byScope.set(scope, view);
  }
  return view;
}
