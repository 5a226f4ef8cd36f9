/**
 * The declarations a script names (see narrow-declarations.ts) read from the bundle's recorded
 * describe texts, without loading the whole declarations: each operation's text was worked out at
 * compile time (`units/<id>/describe-index.json`), so a serve's first script is checked after
 * reading a few slices of the unit's files, not after reading and parsing megabytes (GitHub REST's
 * take seconds and 100 MB). One operation of a unit is its describe text as it stands; a script
 * naming several of one unit is left to the whole declarations' cut (their texts overlap).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { hasCodeMode, type Manifest } from "../../contract/manifest.js";
import {
  type BundleDeclarations,
  DECLARATION_FILE,
  declarationsVersion,
  ownDeclarations,
  unitDeclarationPath,
} from "./declarations.js";
import { readDescribed } from "./describe-file.js";
import { operationsNamed } from "./narrow-declarations.js";
import { withoutOtherMembers } from "./scoped-declarations.js";

/** Whether a caller served `manifest` may call `operation` of `unit` in Code Mode (the manifest lists it). */
export function allowedIn(manifest: Manifest): (unit: string, operation: string) => boolean {
  return (id, operation) => {
    const unit = manifest.units.find((u) => u.id === id);
    return (
      unit !== undefined &&
      hasCodeMode(unit.exposure) &&
      unit.operations.some((op) => op.tsName === operation)
    );
  };
}

/** Views by bundle, version and the operations kept; the oldest go first. */
const views = new Map<string, BundleDeclarations>();
const MAX_VIEWS = 64;

/**
 * The declarations of the operations `code` names, from the recorded describe texts of the bundle
 * in `bundleDir`; undefined when they cannot be read that way (the caller cuts the whole
 * declarations then): the operations are not all known from the text, one is not one `allowed`
 * lets the caller call, a unit has several named, or a table is missing or stale.
 */
export function narrowFromFiles(
  bundleDir: string,
  code: string,
  allowed: (unit: string, operation: string) => boolean,
): BundleDeclarations | undefined {
  const named = operationsNamed(code);
  if (!named) return undefined;
  const pairs: Array<[string, string]> = [];
  for (const [unit, ops] of named) {
    const [operation] = ops;
    if (ops.size !== 1 || operation === undefined || !allowed(unit, operation)) return undefined;
    pairs.push([unit, operation]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const dir = resolve(bundleDir);
  const version = declarationsVersion(dir);
  const key = pairs.map(([unit, op]) => `${unit}.${op}`).join("\u0000");
  const cacheKey = `${dir}\u0000${version}\u0000${key}`;
  const known = views.get(cacheKey);
  if (known) {
    views.delete(cacheKey);
    views.set(cacheKey, known);
    return known;
  }
  let main: string;
  try {
    main = readFileSync(join(dir, DECLARATION_FILE), "utf8");
  } catch {
    return undefined;
  }
  const units = new Map<string, string>();
  for (const [unit, operation] of pairs) {
    // A unit without its declaration file is not one the sandbox's types know.
    const reference = `/// <reference path=${JSON.stringify(unitDeclarationPath(unit))} />`;
    if (!main.split("\n").includes(reference)) return undefined;
    const text = readDescribed(dir, unit, operation)?.text;
    if (text === undefined) return undefined;
    units.set(unit, text);
  }
  const own = withoutOtherMembers(ownDeclarations(main), new Set(units.keys()));
  const combined = `${[...units.values()].join("\n")}\n${own}`;
  const view = { version, combined, own, units, scope: `\u0001files\u0001${key}` };
  views.set(cacheKey, view);
  if (views.size > MAX_VIEWS) views.delete(views.keys().next().value as string);
  return view;
}
