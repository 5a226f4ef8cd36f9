/**
 * A bundle's Code Mode declarations cut down to the units a run may call. A caller limited to some
 * units (a scoped serve token) must not learn of the others, and the type checker is the place they
 * would show: a warning such as "Did you mean 'send'?" names another unit's operation. So the check
 * and `units.describe` of such a run read declarations holding only its units.
 */
import { hasCodeMode, type Manifest } from "../../contract/manifest.js";
import type { BundleDeclarations } from "./declarations.js";

/** Views by the full declarations and the scope's key, shared by every run with that scope. */
const views = new WeakMap<BundleDeclarations, Map<string, BundleDeclarations>>();
/** The Code Mode units of a manifest (a scoped runtime's manifest is made once per scope). */
const codeModeUnits = new WeakMap<Manifest, string[]>();

/** One member of `declare const units: { … }`: its doc comment lines and its `readonly` line. */
const MEMBER = /^ {2}readonly ("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*): Units\.[\w$]+\.Client;$/;

/** `text` with the `units` members of units outside `allowed` left out (their doc comments too). */
function withoutOtherMembers(text: string, allowed: ReadonlySet<string>): string {
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

/**
 * The declarations of the Code Mode units `manifest` lists: `full` itself when it lists them all (an
 * unscoped run), else a view (with a `scope` of its own, so the checker keeps it apart).
 */
export function declarationsFor(
  full: BundleDeclarations | undefined,
  manifest: Manifest,
): BundleDeclarations | undefined {
  if (!full) return undefined;
  let ids = codeModeUnits.get(manifest);
  if (!ids) {
    ids = manifest.units
      .filter((unit) => hasCodeMode(unit.exposure))
      .map((unit) => unit.id)
      .sort();
    codeModeUnits.set(manifest, ids);
  }
  if ([...full.units.keys()].every((id) => ids.includes(id))) return full;
  // A view of declarations that are themselves a view keeps the two apart (the checker keys by scope).
  const scope = full.scope === undefined ? ids.join("\u0000") : `${full.scope}\u0001${ids.join("\u0000")}`;
  let byScope = views.get(full);
  if (!byScope) {
    byScope = new Map();
    views.set(full, byScope);
  }
  let view = byScope.get(scope);
  if (!view) {
    const allowed = new Set(ids);
    const units = new Map([...full.units].filter(([id]) => allowed.has(id)));
    const own = withoutOtherMembers(full.own, allowed);
    view = {
      version: full.version,
      combined: `${[...units.values()].join("\n")}\n${own}`,
      own,
      units,
      scope,
    };
    byScope.set(scope, view);
  }
  return view;
}
