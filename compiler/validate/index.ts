/** The validate stage: JSON Schema (ajv, 2020-12) first, then the rules a schema cannot state. */

import { type Diagnostic, hasErrors } from "../codes/diagnostics.js";
import type { LoadedDocument, LoadedProject } from "../load/documents.js";
import { splitPointer } from "../load/pointer.js";
import { BACKENDS } from "../shared/backends.js";
import { getSchemaValidators } from "./ajv.js";
import { checkBodySecrets } from "./body-secrets.js";
import { checkConfigRules } from "./config-rules.js";
import { mapSchemaErrors } from "./schema-errors.js";
import { checkUnitFileRules } from "./unit-file-rules.js";

type Schema = Record<string, unknown>;

/** Validates one loaded document. An unparsed document (value undefined) yields nothing new. */
export function validateDocument(document: LoadedDocument): Diagnostic[] {
  if (document.value === undefined) return [];
  const validators = getSchemaValidators();
  const validate = document.kind === "config" ? validators.config : validators.unit;
  let diagnostics: Diagnostic[] = [];
  if (!validate(document.value)) {
    diagnostics.push(
      ...mapSchemaErrors(validate.errors ?? [], {
        sourceMap: document.sourceMap,
        rootName: document.kind === "config" ? "the config" : "the frontmatter",
        resolveRef: (ref) => resolveSchemaRef(validators.schemas, ref),
      }),
    );
  }
  const rules = document.kind === "config" ? checkConfigRules(document) : checkUnitFileRules(document);
  // A plural child named `actions` makes the schema read cliTools as the singular form; its errors
  // there would only restate the one real problem.
  if (rules.some((d) => d.code === "RESERVED_CHILD_ID"))
    diagnostics = diagnostics.filter((d) => !d.pointer?.startsWith("/cliTools"));
  diagnostics.push(...rules);
  if (document.kind === "unit") diagnostics.push(...checkBodySecrets(document));
  return diagnostics;
}

/** Result of validating a project: all diagnostics, and which documents may go on to resolve. */
export interface ValidatedProject {
  diagnostics: Diagnostic[];
  valid: Set<LoadedDocument>;
  /**
   * Per config in `valid` whose errors all lie inside entries of its unit maps, the IDs of those
   * entries: they are left out, the config's other entries resolve.
   */
  invalidEntries: Map<LoadedDocument, Set<string>>;
}

/** Validates every document of a project; one bad document never hides the others. */
export function validateProject(project: LoadedProject): ValidatedProject {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<LoadedDocument>();
  const invalidEntries = new Map<LoadedDocument, Set<string>>();
  for (const collection of [project.user, project.project]) {
    if (!collection) continue;
    const documents: LoadedDocument[] = [
      ...(collection.config ? [collection.config] : []),
      ...collection.units,
    ];
    for (const document of documents) {
      const found = validateDocument(document);
      diagnostics.push(...found);
      if (document.value === undefined) continue;
      if (!hasErrors(found)) valid.add(document);
      else if (document.kind === "config") {
        const entries = entriesInError(found);
        if (entries) {
          valid.add(document);
          invalidEntries.set(document, entries);
        }
      }
    }
  }
  return { diagnostics, valid, invalidEntries };
}

const CONFIG_MAPS = new Set(BACKENDS.map((b) => b.configMap));

/**
 * The IDs of the config entries (`/<unit map>/<id>/…`) that hold every error of `found`; undefined
 * when an error lies elsewhere (settings, a whole map), which fails the whole config.
 */
function entriesInError(found: readonly Diagnostic[]): Set<string> | undefined {
  const ids = new Set<string>();
  for (const diagnostic of found) {
    if (diagnostic.severity !== "error") continue;
    const [map, id] = splitPointer(diagnostic.pointer ?? "");
    if (map === undefined || id === undefined || !CONFIG_MAPS.has(map)) return undefined;
    ids.add(id);
  }
  return ids;
}

function resolveSchemaRef(schemas: Map<string, unknown>, ref: string): Schema | undefined {
  const [file, fragment = ""] = ref.split("#");
  const candidates = [...schemas.entries()]
    .filter(([id]) => (file ? id.endsWith(`/${file}`) : true))
    .map(([, schema]) => schema);
  for (const schema of candidates) {
    let node: unknown = schema;
    for (const token of fragment.split("/").filter(Boolean)) {
      node = node && typeof node === "object" ? (node as Schema)[decodeURIComponent(token)] : undefined;
    }
    if (node && typeof node === "object") return node as Schema;
  }
  return undefined;
}
