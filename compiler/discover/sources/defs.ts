/**
 * Named schemas of a spec as JSON Schema 2020-12 `$defs`. Each referenced schema is converted once
 * and named after its last pointer token (`#/components/schemas/Pet` → `Pet`, a clash gets a short
 * hash of its location); refs become `#/$defs/<name>`, so cycles stay refs instead of being inlined.
 * {@link SchemaDefs.bundle} makes an operation's schema self-contained: it copies in exactly the
 * definitions that schema reaches.
 * https://json-schema.org/draft/2020-12/json-schema-core#name-schema-re-use-with-defs
 */
import { createHash } from "node:crypto";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { ReachedDefsMemo } from "../../../runtime/contract/reached-defs-memo.js";
import { isUnderscore, trimWhere } from "../../../runtime/shared/trim.js";

/** Schemas converted for one spec, shared by all its operations. */
export class SchemaDefs {
  readonly #names = new Map<string, string>();
  readonly #taken = new Set<string>();
  readonly #schemas = new Map<string, JsonSchema>();
  /** A converted definition is not changed afterwards, so its refs are read once for all bundles. */
  readonly #reached = new ReachedDefsMemo();

  /**
   * The `$ref` for the schema identified by `key`, converting it on first use. `convert` runs after
   * the name is taken, so a schema that refers back to itself gets the same name.
   */
  refFor(key: string, nameHint: string, convert: () => JsonSchema): string {
    let name = this.#names.get(key);
    if (name === undefined) {
      name = this.#allocate(key, nameHint);
      this.#names.set(key, name);
      this.#schemas.set(name, true);
      this.#schemas.set(name, convert());
    }
    return `#/$defs/${name}`;
  }

  /** `schema` plus a `$defs` holding every definition it reaches (none: returned as is). */
  bundle(schema: JsonSchema): JsonSchema {
    const reached = this.#reached.reached(schema, (name) => this.#schemas.get(name) ?? true);
    if (reached.length === 0) return schema;
    const $defs = Object.fromEntries(reached);
    return typeof schema === "boolean" ? { ...(schema ? {} : { not: {} }), $defs } : { ...schema, $defs };
  }

  /** Every definition converted so far, by name. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries(this.#schemas);
  }

  #allocate(key: string, hint: string): string {
    const base = trimWhere(hint.replace(/[^A-Za-z0-9_]+/g, "_"), isUnderscore) || "Schema";
    let name = this.#taken.has(base)
      ? `${base}_${createHash("sha256").update(key).digest("hex").slice(0, 6)}`
      : base;
    while (this.#taken.has(name)) name = `${name}_`;
    this.#taken.add(name);
    return name;
  }
}
