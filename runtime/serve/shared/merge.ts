/**
 * Stacking: an upstream instance's units join the local ones. When both have a unit with the same
 * ID, the upstream unit's `shadowing` decides: `forbid` keeps the upstream unit and withholds the
 * local one, `allow` lets the local unit shadow it, `namespace` serves both as
 * `<label>-<4 hex of sha256(source identity)>__<id>` and withdraws the bare ID. Labels come from
 * `namespaceAliases` (`local`, `upstreams[<origin>]`), else `local` and `upstream`.
 *
 * The person's own units (their user config's, compiled into a bundle of their own) join the local
 * ones first: a project unit with the same ID wins, as it does when `--include-user-units` compiles
 * both into one bundle, and the upstream rules then apply to both alike (a user unit is labelled
 * `user`).
 */
import { createHash } from "node:crypto";
import { isSlash, trimWhere } from "../../shared/trim.js";
import type { CatalogUnit, ServedUnit, SourceRef } from "./catalog.js";

/** `namespaceAliases` from the user config. */
export interface NamespaceAliases {
  local?: string;
  upstreams?: Record<string, string>;
}

export interface MergeInput {
  local: readonly CatalogUnit[];
  /** The user's own units, served beside the local ones. */
  user?: readonly CatalogUnit[];
  upstream?: { url: string; units: readonly CatalogUnit[] };
  aliases?: NamespaceAliases;
}

export interface MergeResult {
  /** Sorted by served ID. */
  units: ServedUnit[];
  /** One line per collision, saying what was done. */
  notices: string[];
}

/** The identity a namespace hash is taken of: `local`, `user`, or the upstream URL without a trailing slash. */
export function sourceIdentity(source: SourceRef): string {
  if (source.kind !== "upstream") return source.kind;
  const url = new URL(source.url);
  return `${url.origin}${trimWhere(url.pathname, isSlash, "end")}`;
}

/** The label of a source: its alias, else `local` / `user` / `upstream`. */
export function sourceLabel(source: SourceRef, aliases: NamespaceAliases = {}): string {
  if (source.kind === "local") return aliases.local ?? "local";
  if (source.kind === "user") return "user";
  const upstreams = aliases.upstreams ?? {};
  const origin = new URL(source.url).origin;
  const label = Object.hasOwn(upstreams, origin) ? upstreams[origin] : upstreams[source.url];
  return label ?? "upstream";
}

/** `<label>-<4 hex of sha256(source identity)>__<id>`. */
export function namespacedId(source: SourceRef, id: string, aliases?: NamespaceAliases): string {
  const hash = createHash("sha256").update(sourceIdentity(source)).digest("hex").slice(0, 4);
  return `${sourceLabel(source, aliases)}-${hash}__${id}`;
}

/** The local units, then the user's units whose ID no local unit has (a notice for each one left out). */
function ownUnits(input: MergeInput, notices: string[]): Array<{ source: SourceRef; unit: CatalogUnit }> {
  const local: SourceRef = { kind: "local" };
  const user: SourceRef = { kind: "user" };
  const ids = new Set(input.local.map((unit) => unit.id));
  const own: Array<{ source: SourceRef; unit: CatalogUnit }> = input.local.map((unit) => ({
    source: local,
    unit,
  }));
  for (const unit of input.user ?? []) {
    if (ids.has(unit.id)) {
      notices.push(`user unit ${unit.id} is not served: the project's unit of that ID is`);
      continue;
    }
    own.push({ source: user, unit });
  }
  return own;
}

/** Merges local, user and upstream units under the shadowing rules. */
export function mergeUnits(input: MergeInput): MergeResult {
  const notices: string[] = [];
  const served = new Map<string, ServedUnit>();
  const add = (entry: ServedUnit) => {
    if (served.has(entry.id)) {
      notices.push(`unit ${entry.id} is served twice; the ${entry.source.kind} one is left out`);
      return;
    }
    served.set(entry.id, entry);
  };
  const own = ownUnits(input, notices);
  const ownById = new Map(own.map((entry) => [entry.unit.id, entry]));
  const ownIds = new Map(own.map((entry) => [entry.unit.id, entry.unit.id as string | undefined]));
  if (input.upstream) {
    const upstream: SourceRef = { kind: "upstream", url: input.upstream.url };
    for (const unit of input.upstream.units) {
      const mine = ownById.get(unit.id);
      if (!mine) {
        add({ id: unit.id, source: upstream, unit });
        continue;
      }
      if (unit.shadowing === "allow") {
        notices.push(`local unit ${unit.id} shadows the upstream unit of that ID (its shadowing is allow)`);
      } else if (unit.shadowing === "namespace") {
        add({ id: namespacedId(upstream, unit.id, input.aliases), source: upstream, unit });
        ownIds.set(unit.id, namespacedId(mine.source, unit.id, input.aliases));
        notices.push(
          `unit ${unit.id} exists here and upstream (shadowing namespace): both are served namespaced`,
        );
      } else {
        add({ id: unit.id, source: upstream, unit });
        ownIds.set(unit.id, undefined);
        notices.push(
          `local unit ${unit.id} is withheld: the upstream unit of that ID forbids shadowing; rename the local unit`,
        );
      }
    }
  }
  for (const entry of own) {
    const id = ownIds.get(entry.unit.id);
    if (id !== undefined) add({ id, source: entry.source, unit: entry.unit });
  }
  const units = [...served.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { units, notices };
}
