/**
 * The spec as openapi-typescript gets it: one fresh document whose every typed `$ref` is local and
 * names a component (`#/components/<kind>/<name>`), because openapi-typescript prints a ref as an
 * indexed access on the ref's pointer and runs no resolver of its own here. Targets in other files of
 * the spec's folder, and targets elsewhere in the root, are copied in as components; chains of
 * aliases are followed to their end; refs unitc refused or cannot follow become `{}` (unknown). The
 * copy is deep where openapi-typescript writes (its discriminator pass edits schemas in place), so
 * the documents unitc parsed stay as they were.
 * https://spec.openapis.org/oas/v3.1.0#components-object
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { isUnderscore, trimWhere } from "../../../runtime/shared/trim.js";
import { getAtPointer, splitPointer } from "../../load/pointer.js";
import type { SpecDocument } from "../sources/parse.js";
import { classifyRef } from "../sources/ref-rules.js";
import type { SpecRefs } from "../sources/refs.js";
import { COMPONENTS, FIELDS, type Kind, METHODS } from "./types-document-kinds.js";
import { nullAsMember, schemaData } from "./types-schema-data.js";

type Data = Record<string, unknown>;

/** Nesting past which a value is typed unknown (hostile depth). */
const MAX_DEPTH = 256;

interface Target {
  document: SpecDocument;
  pointer: string;
  value: unknown;
  key: string;
}

/** An operation kept by a unit's filters: its key under `paths` and its method in lower case. */
export interface KeptOperation {
  key: string;
  method: string;
}

/**
 * A fresh copy of the spec for openapi-typescript (see the file comment): only the `kept`
 * operations' paths are copied, and of the components only what they reach: a unit that takes 40
 * operations of a 20,000-operation spec gets the types of those 40, and one that takes them all does
 * not get the components no operation reaches.
 */
export function typesDocument(refs: SpecRefs, kept: readonly KeptOperation[]): Data {
  return new TypesDocument(refs, kept).build();
}

class TypesDocument {
  readonly #refs: SpecRefs;
  readonly #documents = new Map<string, SpecDocument>();
  /** Target key → the local ref of its copy. */
  readonly #hoisted = new Map<string, string>();
  /** Per component map, names taken and copies added. */
  readonly #added = new Map<string, Map<string, unknown>>();
  readonly #taken = new Map<string, Set<string>>();

  /** The unit's operations: root components are copied as they are reached from them. */
  readonly #kept: readonly KeptOperation[];

  constructor(refs: SpecRefs, kept: readonly KeptOperation[]) {
    this.#refs = refs;
    this.#kept = kept;
    for (const document of refs.documents()) this.#documents.set(resolve(document.location), document);
  }

  build(): Data {
    const root = this.#refs.root;
    const value = keptOnly(root.value as Data, this.#kept);
    const copy = this.#copy(value, root, "document", 0) as Data;
    if (this.#added.size === 0) return copy;
    const components: Data = { ...((copy.components as Data | undefined) ?? {}) };
    for (const [map, added] of this.#added) {
      const entries = { ...((components[map] as Data | undefined) ?? {}) };
      for (const name of this.#inSpecOrder(map, added)) define(entries, name, added.get(name));
      components[map] = entries;
    }
    return { ...copy, components };
  }

  /**
   * The names of `added` with the root's own components first, in the order the spec declares them
   * (the order they are reached in follows the operations, which reads as no order at all), then
   * those copied in from elsewhere, as reached.
   */
  #inSpecOrder(map: string, added: ReadonlyMap<string, unknown>): string[] {
    const declared = ((this.#refs.root.value as Data).components as Data | undefined)?.[map];
    const own = typeof declared === "object" && declared !== null ? Object.keys(declared) : [];
    const first = own.filter((name) => added.has(name));
    const taken = new Set(first);
    return [...first, ...[...added.keys()].filter((name) => !taken.has(name))];
  }

  #copy(value: unknown, document: SpecDocument, kind: Kind, depth: number): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (depth > MAX_DEPTH) return {};
    if (Array.isArray(value)) {
      // Only a schema stands where an array can (a draft-04 tuple under `items`).
      return kind === "schema" ? value.map((item) => this.#copy(item, document, kind, depth + 1)) : value;
    }
    const data = value as Data;
    if (typeof data.$ref === "string") return this.#ref(data, document, kind);
    const out: Data = {};
    const fields = FIELDS[kind];
    for (const [key, item] of Object.entries(data)) {
      const slot = Object.hasOwn(fields, key) ? fields[key] : kind === "callback" ? "pathItem" : undefined;
      let copied: unknown;
      if (slot?.startsWith("each:")) copied = this.#copyEach(item, document, slot.slice(5) as Kind, depth);
      else if (slot !== undefined) copied = this.#copy(item, document, slot as Kind, depth + 1);
      else copied = kind === "schema" ? schemaData(key, item) : item;
      if (copied !== undefined) define(out, key, copied);
    }
    return kind === "schema" ? nullAsMember(out) : out;
  }

  #copyEach(value: unknown, document: SpecDocument, kind: Kind, depth: number): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#copy(item, document, kind, depth + 1));
    if (typeof value !== "object" || value === null) return value;
    const out: Data = {};
    for (const [key, item] of Object.entries(value))
      define(out, key, this.#copy(item, document, kind, depth + 1));
    return out;
  }

  /**
   * A `$ref` standing for a value of `kind`, made to name a component of the root (its siblings kept
   * for doc comments; openapi-typescript types a `$ref` by its target alone).
   */
  #ref(data: Data, document: SpecDocument, kind: Kind): unknown {
    const map = COMPONENTS[kind];
    // A `$ref` where no component can stand (an operation, a media type) is not followed.
    if (map === undefined) return {};
    const target = this.#finalTarget(data.$ref as string, document);
    return target ? { ...data, $ref: this.#component(map, kind, target) } : {};
  }

  /** The local ref of `target` as a component in `map`, copying it there first when it is elsewhere. */
  #component(map: string, kind: Kind, target: Target): string {
    const tokens = splitPointer(target.pointer);
    const own =
      target.document === this.#refs.root &&
      tokens.length === 3 &&
      tokens[0] === "components" &&
      tokens[1] === map;
    const key = `${map}\n${target.key}`;
    const known = this.#hoisted.get(key);
    if (known !== undefined) return known;
    // A root component reached from a kept operation is copied under its own name.
    const name = own ? (tokens[2] as string) : this.#allocate(map, target);
    const local = componentRef(map, name);
    this.#hoisted.set(key, local);
    const added = this.#added.get(map) ?? new Map<string, unknown>();
    this.#added.set(map, added);
    added.set(name, {});
    added.set(name, this.#copy(target.value, target.document, kind, 0));
    return local;
  }

  /** Follows `ref` through values that are only a `$ref`; undefined on a cycle or a dead end. */
  #finalTarget(ref: string, from: SpecDocument): Target | undefined {
    const seen = new Set<string>();
    let target = this.#resolve(ref, from);
    while (target && isAlias(target.value)) {
      if (seen.has(target.key)) return undefined;
      seen.add(target.key);
      target = this.#resolve((target.value as { $ref: string }).$ref, target.document);
    }
    return target;
  }

  /** Like `SpecRefs.resolve`, without reporting: unitc reports only the refs it follows itself. */
  #resolve(ref: string, from: SpecDocument): Target | undefined {
    const found = classifyRef(ref, from.dir, this.#refs.root.dir);
    if (found.kind === "refused") return undefined;
    const document = found.file === undefined ? from : this.#documents.get(found.file);
    if (!document) return undefined;
    const value = getAtPointer(document.value, found.pointer);
    if (value === undefined) return undefined;
    return { document, pointer: found.pointer, value, key: `${document.id}#${found.pointer}` };
  }

  /** A name for a copied target: its last pointer token (or file name), unique in the root's `map`. */
  #allocate(map: string, target: Target): string {
    let taken = this.#taken.get(map);
    if (!taken) {
      const existing = (this.#refs.root.value as Data).components as Data | undefined;
      const names = existing?.[map];
      taken = new Set(typeof names === "object" && names !== null ? Object.keys(names) : []);
      this.#taken.set(map, taken);
    }
    const last = splitPointer(target.pointer).at(-1) ?? target.document.id.replace(/\.[^./]*$/, "");
    const base = trimWhere(last.replace(/[^A-Za-z0-9_.-]+/g, "_"), isUnderscore) || "Component";
    let name = taken.has(base)
      ? `${base}_${createHash("sha256").update(target.key).digest("hex").slice(0, 6)}`
      : base;
    while (taken.has(name)) name = `${name}_`;
    taken.add(name);
    return name;
  }
}

/**
 * The root with only the kept operations under `paths` (a path item's other fields kept; one given
 * by `$ref` kept whole), without webhooks, and without components: those reached are copied in.
 */
function keptOnly(root: Data, kept: readonly KeptOperation[]): Data {
  const methods = new Map<string, Set<string>>();
  for (const { key, method } of kept) methods.set(key, (methods.get(key) ?? new Set()).add(method));
  const paths: Data = {};
  const all = (typeof root.paths === "object" && root.paths !== null ? root.paths : {}) as Data;
  for (const [key, item] of Object.entries(all)) {
    const keep = methods.get(key);
    if (!keep || typeof item !== "object" || item === null) continue;
    const data = item as Data;
    if (typeof data.$ref === "string") {
      define(paths, key, item);
      continue;
    }
    const pruned: Data = {};
    for (const [field, value] of Object.entries(data))
      if (!METHODS.includes(field) || keep.has(field)) define(pruned, field, value);
    define(paths, key, pruned);
  }
  const { webhooks: _webhooks, components: _components, ...rest } = root;
  return { ...rest, paths };
}

/**
 * `#/components/<map>/<name>` as openapi-typescript reads a `$ref`: it splits at `/`, then undoes
 * `~1`, `~0` and percent-encoding in each token.
 */
function componentRef(map: string, name: string): string {
  return `#/components/${map}/${encodeURIComponent(name).replace(/~/g, "~0")}`;
}

/** Sets `out[key]`; a `__proto__` key stays an own data property, as the parser made it. */
function define(out: Data, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function isAlias(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Data).$ref === "string" &&
    Object.keys(value).every((key) => key === "$ref" || key === "description" || key === "summary")
  );
}
