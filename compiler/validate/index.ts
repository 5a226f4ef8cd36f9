/** The validate stage: JSON Schema (ajv, 2020-12) first, then the rules a schema cannot state. */
import { type Diagnostic, hasErrors } from "../diagnostics.js";
import type { LoadedDocument, LoadedProject } from "../load/documents.js";
import { getSchemaValidators } from "./ajv.js";
import { checkBodySecrets } from "./body-secrets.js";
import { checkConfigRules, checkUnitFileRules } from "./document-rules.js";
import { mapSchemaErrors } from "./schema-errors.js";

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
}

/** Validates every document of a project; one bad document never hides the others. */
export function validateProject(project: LoadedProject): ValidatedProject {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<LoadedDocument>();
  for (const collection of [project.user, project.project]) {
    if (!collection) continue;
    const documents: LoadedDocument[] = [
      ...(collection.config ? [collection.config] : []),
      ...collection.units,
    ];
    for (const document of documents) {
      const found = validateDocument(document);
      diagnostics.push(...found);
      if (document.value !== undefined && !hasErrors(found)) valid.add(document);
    }
  }
  return { diagnostics, valid };
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
