/**
 * The input of `unitc call`: `--input JSON` and/or `key=value` words, each value read by the type the
 * operation's input schema gives that key (numbers, booleans, JSON for objects and arrays). What does
 * not fit the type is kept as text, so the runtime's validation names the problem as a served call would.
 */
import { UsageError } from "./io.js";

type Schema = Record<string, unknown>;

function typesOf(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const s = schema as Schema;
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === "string");
  if (typeof s.type === "string") return [s.type];
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  return Array.isArray(alternatives) ? alternatives.flatMap(typesOf) : [];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** One value, read by the schema of its property. */
export function readValue(text: string, schema: unknown): unknown {
  const types = typesOf(schema);
  if (types.includes("string") && types.length === 1) return text;
  if (
    (types.includes("number") || types.includes("integer")) &&
    text.trim() !== "" &&
    Number.isFinite(Number(text))
  ) {
    return Number(text);
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && text === "null") return null;
  if (types.includes("object") || types.includes("array") || types.length === 0) {
    const parsed = parseJson(text);
    // Without a type, only structured JSON is taken as JSON: `name=42` stays the text "42".
    if (parsed.ok && (types.length > 0 || (typeof parsed.value === "object" && parsed.value !== null))) {
      return parsed.value;
    }
  }
  return text;
}

/** The call's input from `--input` and `key=value` words (the words win over `--input`'s keys). */
export function callInput(inputFlag: string | undefined, words: readonly string[], schema: unknown): unknown {
  let input: unknown = {};
  if (inputFlag !== undefined) {
    const parsed = parseJson(inputFlag);
    if (!parsed.ok) throw new UsageError('--input is not JSON; quote it, e.g. --input \'{"id":"1"}\'');
    input = parsed.value;
  }
  if (words.length === 0) return input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new UsageError("key=value words need --input to be a JSON object (or left out)");
  }
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const word of words) {
    const at = word.indexOf("=");
    if (at < 1) throw new UsageError(`${JSON.stringify(word)} is not key=value`);
    setPath(out, word.slice(0, at), word.slice(at + 1), schema);
  }
  return out;
}

function propertyOf(schema: unknown, key: string): unknown {
  const properties = ((schema as Schema | undefined)?.properties ?? {}) as Record<string, unknown>;
  return Object.hasOwn(properties, key) ? properties[key] : undefined;
}

/**
 * Sets `key` in `target`: a key the schema has as it stands, or else a dotted path into nested
 * objects (`path.owner=octocat` for an input `{ path: { owner } }`).
 */
function setPath(target: Record<string, unknown>, key: string, text: string, schema: unknown): void {
  const dot = key.indexOf(".");
  if (dot < 0 || propertyOf(schema, key) !== undefined) {
    target[key] = readValue(text, propertyOf(schema, key));
    return;
  }
  const head = key.slice(0, dot);
  const current = target[head];
  const inner =
    typeof current === "object" && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  setPath(inner, key.slice(dot + 1), text, propertyOf(schema, head));
  target[head] = inner;
}
