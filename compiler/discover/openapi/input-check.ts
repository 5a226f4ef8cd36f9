/**
 * Whether the runtime's validator would refuse an operation's input schema, found by compiling it as
 * the runtime does, without compiling a spec's shared definitions again for every operation.
 *
 * The operations of one spec share their `$defs` (`SchemaDefs` hands out the same objects under the
 * same names), and compiling each operation's schema whole compiled every definition it reaches once
 * per operation: for GitHub's REST spec that was most of discovery's time and memory. A definition
 * that compiled within one operation's schema compiles within any other, because it refers to other
 * definitions only as `#/$defs/<name>` and they come along by the same names; so later schemas hold
 * it as `{}` and compile only what is new. A schema that is refused keeps all of its own, so the
 * message is the one compiling it whole gives.
 */
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { rootDefs } from "../../../runtime/contract/schema-defs.js";
import { createAjv } from "../../../runtime/shared/validate-input.js";
import type { SchemaDefs } from "../sources/defs.js";

/** One spec's check: its own validator, and the definitions that compiled so far. */
class InputSchemaCheck {
  // Only whether a schema compiles matters here, so the functions ajv writes are not optimised.
  readonly #ajv = createAjv({ optimize: false });
  readonly #compiled = new WeakSet<object>();

  problem(schema: JsonSchema): string | undefined {
    // The runtime answers true and false without compiling them.
    if (typeof schema !== "object") return undefined;
    const defs = Object.entries(rootDefs(schema) ?? {});
    const known = (def: JsonSchema) => typeof def === "object" && this.#compiled.has(def);
    const compiled = defs.some(([, def]) => known(def))
      ? { ...schema, $defs: Object.fromEntries(defs.map(([name, def]) => [name, known(def) ? {} : def])) }
      : schema;
    try {
      this.#ajv.compile(compiled);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      // Nothing is validated with it: the validator keeps no compiled schema.
      this.#ajv.removeSchema(compiled);
    }
    for (const [, def] of defs) if (typeof def === "object") this.#compiled.add(def);
    return undefined;
  }
}

const checks = new WeakMap<SchemaDefs, InputSchemaCheck>();

/** Why the runtime's validator would refuse `schema`, bundled by `defs`; undefined when it would not. */
export function inputSchemaProblem(schema: JsonSchema, defs: SchemaDefs): string | undefined {
  let check = checks.get(defs);
  if (check === undefined) {
    check = new InputSchemaCheck();
    checks.set(defs, check);
  }
  return check.problem(schema);
}
