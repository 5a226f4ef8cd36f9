/**
 * Repeated schemas, written once: a schema that a unit's operations repeat word for word (GitHub's
 * `owner` and `repo` path parameters in hundreds of operations, its paging query, an error body)
 * moves to the unit's shared table under a repeat name (`@<n>`) and each place it stood keeps a
 * `#/$defs/@<n>` ref. Reading the manifest puts it back inline (`runtime/contract/schema-defs.ts`),
 * so every reader gets the schemas the compiler had; a reader that only knows shared definitions
 * still gets a valid schema, with the repeat in `$defs`.
 */
import type {
  JsonSchema,
  Manifest,
  ManifestOperation,
  ManifestUnit,
} from "../../runtime/contract/manifest.js";
import {
  DATA_KEYWORDS,
  defRefs,
  inlineRepeats,
  REPEAT_NAME,
  rootDefs,
  SCHEMA_LISTS as SCHEMA_LIST_KEYWORDS,
  SCHEMA_NAME_MAPS,
  SCHEMA_ONE as SCHEMA_ONE_KEYWORDS,
  type SharedSchemas,
} from "../../runtime/contract/schema-defs.js";

/** Keywords whose value is one schema. */
const SCHEMA_ONE = new Set([...SCHEMA_ONE_KEYWORDS, "items", "additionalItems"]);

/** Keywords whose value is a list of schemas (`items` too, in its draft-04 tuple form). */
const SCHEMA_LISTS = new Set([...SCHEMA_LIST_KEYWORDS, "items"]);

/**
 * Keywords a moved schema must not hold: they name or define things relative to where they stand,
 * which a reader that keeps the ref (rather than inlining it) would resolve elsewhere.
 */
const PLACE_BOUND = new Set([
  "$defs",
  "definitions",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$dynamicRef",
  "$recursiveAnchor",
  "$recursiveRef",
]);

/** What a value is by where it stands. */
type Slot = "schema" | "names" | "schemas" | "other";

/** Bytes of a ref in the manifest, with a name of up to four digits. */
const REF_BYTES = '{"$ref":"#/$defs/@1234"}'.length;
/** Bytes a table entry adds besides its schema: its line in the manifest and its offsets entry. */
const ENTRY_BYTES = 48;

function slotOf(key: string, value: unknown): Slot {
  if (DATA_KEYWORDS.has(key)) return "other";
  if (SCHEMA_NAME_MAPS.has(key)) return "names";
  if (SCHEMA_LISTS.has(key) && Array.isArray(value)) return "schemas";
  return SCHEMA_ONE.has(key) ? "schema" : "other";
}

const childSlot = (slot: Slot, key: string, value: unknown): Slot =>
  slot === "names" ? "schema" : slot === "schema" ? slotOf(key, value) : "other";

/**
 * Each movable schema's text (as JSON.stringify writes it) and how often it occurs. A schema whose
 * first key is its `description` also counts, under `rest`, as the text of what follows it: GraphQL
 * writes the same type's selection under every field that returns it, each with the field's words.
 */
class Texts {
  readonly text = new Map<object, string>();
  readonly rest = new Map<object, string>();
  readonly count = new Map<string, number>();

  private counted(text: string) {
    this.count.set(text, (this.count.get(text) ?? 0) + 1);
  }

  /** The JSON text of `value`, recording each schema object below the root that may move. */
  visit(value: unknown, slot: Slot, root: boolean): { text: string; bound: boolean } {
    if (typeof value !== "object" || value === null)
      return { text: JSON.stringify(value) ?? "null", bound: false };
    if (Array.isArray(value)) {
      let bound = false;
      const parts = value.map((item) => {
        const part = this.visit(item, slot === "schemas" ? "schema" : "other", false);
        bound ||= part.bound;
        return part.text;
      });
      return { text: `[${parts.join(",")}]`, bound };
    }
    let bound = false;
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (slot !== "names" && PLACE_BOUND.has(key)) bound = true;
      const part = this.visit(item, childSlot(slot, key, item), false);
      bound ||= part.bound;
      parts.push(`${JSON.stringify(key)}:${part.text}`);
    }
    const text = `{${parts.join(",")}}`;
    if (slot === "schema" && !root && !bound) {
      this.text.set(value, text);
      this.counted(text);
      if (described(value) && parts.length > 1) {
        const rest = `{${parts.slice(1).join(",")}}`;
        this.rest.set(value, rest);
        this.counted(rest);
      }
    }
    return { text, bound };
  }
}

/** Whether a schema's first key is a string `description` (then the rest may be stored once). */
function described(value: object): value is { description: string } {
  return Object.keys(value)[0] === "description" && typeof (value as Data).description === "string";
}

type Data = Record<string, unknown>;

/** Whether storing a schema of `bytes` once for `uses` refs makes the manifest smaller. */
const pays = (bytes: number, uses: number) => (uses - 1) * bytes - uses * REF_BYTES - ENTRY_BYTES > 0;

/** The roots of a unit's schemas: each operation's input and output, and each shared definition. */
type Roots = { operations: ManifestOperation[]; schemas?: SharedSchemas };

/** One pass of moving the chosen texts out: the new roots, the table, and uses per text. */
function moveOut(unit: Roots, texts: Texts, chosen: Set<string>) {
  const names = new Map<string, string>();
  const table: Record<string, JsonSchema> = {};
  const uses = new Map<string, number>();
  const move = (value: unknown, slot: Slot, root: boolean): unknown => {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value))
      return value.map((item) => move(item, slot === "schemas" ? "schema" : "other", false));
    const movable = slot === "schema" && !root;
    const text = movable ? texts.text.get(value) : undefined;
    const rest = movable ? texts.rest.get(value) : undefined;
    const refTo = (text: string, schema: object) => {
      uses.set(text, (uses.get(text) ?? 0) + 1);
      let name = names.get(text);
      if (name === undefined) {
        name = `@${names.size + 1}`;
        names.set(text, name);
        table[name] = move(schema, "schema", true) as JsonSchema;
      }
      return `#/$defs/${name}`;
    };
    if (text !== undefined && chosen.has(text)) return { $ref: refTo(text, value) };
    if (rest !== undefined && chosen.has(rest)) {
      // Read back as the description, then the stored schema's keys: the order it had.
      const { description, ...after } = value as Data;
      return { description, $ref: refTo(rest, after) };
    }
    if (slot === "other") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, move(item, childSlot(slot, key, item), false)]),
    );
  };
  const schema = (value: JsonSchema) => move(value, "schema", true) as JsonSchema;
  const operations = unit.operations.map((op) => ({
    ...op,
    inputSchema: schema(op.inputSchema),
    ...(op.outputSchema !== undefined ? { outputSchema: schema(op.outputSchema) } : {}),
  }));
  const schemas =
    unit.schemas === undefined
      ? undefined
      : Object.fromEntries(Object.entries(unit.schemas).map(([name, def]) => [name, schema(def)]));
  return { operations, schemas, table, uses };
}

/** Whether a name of the repeat form is already used in the unit (then nothing is moved). */
function namesTaken(unit: ManifestUnit): boolean {
  const roots = unit.operations.flatMap((op) =>
    op.outputSchema === undefined ? [op.inputSchema] : [op.inputSchema, op.outputSchema],
  );
  const defined = [
    ...Object.keys(unit.schemas ?? {}),
    ...roots.flatMap((schema) => Object.keys(rootDefs(schema) ?? {})),
  ];
  return [...defined, ...defRefs([roots, Object.values(unit.schemas ?? {})])].some((n) =>
    REPEAT_NAME.test(n),
  );
}

/** A unit whose schemas repeated word for word are stored once in `unit.schemas`, under repeat names. */
export function shareRepeats(unit: ManifestUnit): ManifestUnit {
  if (namesTaken(unit)) return unit;
  const texts = new Texts();
  for (const op of unit.operations) {
    texts.visit(op.inputSchema, "schema", true);
    if (op.outputSchema !== undefined) texts.visit(op.outputSchema, "schema", true);
  }
  for (const def of Object.values(unit.schemas ?? {})) texts.visit(def, "schema", true);
  let chosen = new Set([...texts.count].filter(([text, n]) => pays(text.length, n)).map(([text]) => text));
  // A schema counted inside a larger one that moved is used fewer times than counted: keep only
  // those that still pay for themselves, until none drops out.
  for (;;) {
    if (chosen.size === 0) return unit;
    const moved = moveOut(unit, texts, chosen);
    const kept = new Set([...chosen].filter((text) => pays(text.length, moved.uses.get(text) ?? 0)));
    if (kept.size < chosen.size) {
      chosen = kept;
      continue;
    }
    const { sourceHash, schemas: _old, operations: _ops, ...rest } = unit;
    const schemas = { ...moved.schemas, ...moved.table };
    return { ...rest, operations: moved.operations, schemas, sourceHash };
  }
}

/**
 * A parsed manifest whose operations' schemas have their repeats inline again, shared definitions
 * still refs: what the search index is built from, as it was before repeats were stored once.
 */
export function withRepeatsInline(manifest: Manifest): Manifest {
  const units = manifest.units.map((unit) => {
    const { schemas } = unit;
    if (schemas === undefined || !Object.keys(schemas).some((name) => REPEAT_NAME.test(name))) return unit;
    const operations = unit.operations.map((op) => ({
      ...op,
      inputSchema: inlineRepeats(op.inputSchema, schemas) as JsonSchema,
      ...(op.outputSchema !== undefined
        ? { outputSchema: inlineRepeats(op.outputSchema, schemas) as JsonSchema }
        : {}),
    }));
    return { ...unit, operations };
  });
  return { ...manifest, units };
}
