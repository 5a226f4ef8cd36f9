/**
 * Which `$ref`s of a spec unitc follows: local ones (`#/components/schemas/Pet`) and relative paths
 * to files inside the spec's folder. Remote URLs (`http:`, `https:`, `//host`), `file:` and every
 * other scheme, absolute paths and paths that climb out of the folder (also percent-encoded) are
 * refused: following them would let a spec make the compiler fetch from the network (SSRF) or read
 * any file.
 * https://spec.openapis.org/oas/v3.1.0#reference-object
 */
import { isAbsolute, relative, resolve } from "node:path";
import { SCHEMA_NAME_MAPS } from "../../../runtime/contract/schema-defs.js";
import type { DiagnosticCode } from "../../codes/diagnostics.js";
import { joinPointer } from "../../load/pointer.js";

export type Classified =
  | { kind: "file"; file: string | undefined; pointer: string }
  | { kind: "refused"; code: DiagnosticCode; message: string; hint: string };

/** Keys whose values are data, never schemas or objects that hold `$ref`s. */
const DATA_KEYS = new Set(["enum", "const", "default", "example"]);
/**
 * OpenAPI and Swagger maps whose keys are names (a response called `default`, a schema called
 * `enum`), apart from their `x-` extensions.
 */
const SPEC_NAME_MAPS = new Set([
  "paths",
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "links",
  "callbacks",
  "pathItems",
  "securitySchemes",
]);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export const OUTSIDE_HINT =
  "move the referenced file into the spec's folder (or a folder below it) and use a relative path";

export function outsideMessage(ref: string): string {
  return `$ref ${JSON.stringify(ref)} points outside the spec's folder; unitc reads no file outside it`;
}

/**
 * The `$ref` strings inside `value` (data keywords and `x-` extensions skipped) with their pointers.
 * `names` says `value` maps names to things (a schema's `properties`, a spec's `responses`): its
 * keys are then never keywords.
 */
export function* refSites(
  value: unknown,
  pointer = "",
  depth = 0,
  names?: "schema" | "spec",
): Generator<{ ref: string; pointer: string }> {
  if (typeof value !== "object" || value === null || depth > 256) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* refSites(value[i], `${pointer}/${i}`, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = joinPointer(pointer, key);
    if (names === "schema" || (names === "spec" && !key.startsWith("x-")))
      yield* refSites(item, at, depth + 1);
    else if (key === "$ref" && typeof item === "string") yield { ref: item, pointer: at };
    else if (!DATA_KEYS.has(key) && !key.startsWith("x-"))
      yield* refSites(item, at, depth + 1, mapKind(key, item));
  }
}

function mapKind(key: string, item: unknown): "schema" | "spec" | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  return SCHEMA_NAME_MAPS.has(key) ? "schema" : SPEC_NAME_MAPS.has(key) ? "spec" : undefined;
}

/**
 * What `ref`, written in a document in `fromDir` (undefined: a fetched document), points to: a file
 * (undefined: the same document) and a pointer, or a refusal. `rootDir` is the spec's folder.
 */
export function classifyRef(
  ref: string,
  fromDir: string | undefined,
  rootDir: string | undefined,
): Classified {
  const hash = ref.indexOf("#");
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = decodeFragment(hash < 0 ? "" : ref.slice(hash + 1));
  if (pointer === undefined) {
    return refused(
      "SPEC_REF_INVALID",
      `$ref ${JSON.stringify(ref)} has a fragment that is not a JSON pointer`,
      "write the fragment as #/path/to/value",
    );
  }
  if (filePart === "") return { kind: "file", file: undefined, pointer };
  if (SCHEME.test(filePart) || filePart.startsWith("//")) {
    const remote = /^(https?:|\/\/)/i.test(filePart);
    return refused(
      remote ? "SPEC_REF_REMOTE" : "SPEC_REF_REFUSED",
      remote
        ? `$ref ${JSON.stringify(ref)} points to a remote URL; unitc does not fetch remote $refs`
        : `$ref ${JSON.stringify(ref)} uses the ${filePart.slice(0, filePart.indexOf(":") + 1)} scheme; unitc follows only relative paths inside the spec's folder`,
      "copy the referenced document into the spec's folder and refer to it by a relative path",
    );
  }
  if (fromDir === undefined || rootDir === undefined) {
    return refused(
      "SPEC_REF_REMOTE",
      `$ref ${JSON.stringify(ref)} is relative to a fetched document; unitc does not fetch further documents`,
      "bundle the spec into one document, or download it with its files and use a local path",
    );
  }
  const path = decodePath(filePart);
  const file = path === undefined ? undefined : resolve(fromDir, path);
  if (
    path === undefined ||
    isAbsolute(path) ||
    /^[\\/]/.test(path) ||
    file === undefined ||
    !inside(rootDir, file)
  ) {
    return refused("SPEC_REF_OUTSIDE", outsideMessage(ref), OUTSIDE_HINT);
  }
  return { kind: "file", file, pointer };
}

function refused(code: DiagnosticCode, message: string, hint: string): Classified {
  return { kind: "refused", code, message, hint };
}

/** True when `file` lies inside `dir`, compared by path components (not by string prefix). */
export function inside(dir: string, file: string): boolean {
  const path = relative(dir, file);
  return path !== "" && !isAbsolute(path) && path.split(/[\\/]/)[0] !== "..";
}

function decodeFragment(fragment: string): string | undefined {
  try {
    const pointer = decodeURIComponent(fragment);
    return pointer === "" || pointer.startsWith("/") ? pointer : undefined;
  } catch {
    return undefined;
  }
}

function decodePath(path: string): string | undefined {
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes("\0") ? undefined : decoded;
  } catch {
    return undefined;
  }
}
