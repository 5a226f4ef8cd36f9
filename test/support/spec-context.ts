/**
 * A converter's view of a spec, in memory: what a whole compile gives the OpenAPI converters (the
 * parsed spec, its refs and defs, a diagnostics sink) without a project folder, config or emit, so a
 * transform test costs milliseconds. Diagnostics print as `unitc compile` prints them for a spec at
 * `.units/spec.json` of a project.
 */

import { join, relative } from "node:path";
import { createDiagnostic, type Diagnostic, formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import type { OperationContext } from "../../compiler/discover/openapi/operation.js";
import { discoverOperations, operationContext } from "../../compiler/discover/openapi/spec-operations.js";
import { openapiDocument } from "../../compiler/discover/openapi/version.js";
import type { OperationIR } from "../../compiler/discover/shared/types.js";
import { parseSpec } from "../../compiler/discover/sources/parse.js";
import { SpecRefs } from "../../compiler/discover/sources/refs.js";
import { withDefaults } from "../../compiler/resolve/backend-defaults.js";
import type { BackendFields } from "../../compiler/resolve/backend-types.js";

type Data = Record<string, unknown>;

/** The project folder diagnostics are relative to; nothing is read from or written to it. */
const PROJECT = join("/", "unitc-spec-context");
/** Where the spec would stand in a project, as the unit's `specPath: spec.json` puts it. */
const SPEC_FILE = join(PROJECT, ".units", "spec.json");

export interface SpecContext {
  /** What the converters get: refs, defs, dialect, auth-owned headers and the partial-conversion warning. */
  context: OperationContext;
  /** Every diagnostic reported so far. */
  diagnostics: Diagnostic[];
  /** The diagnostics as the CLI prints them, paths relative to the project folder. */
  text(): string;
}

/**
 * Parses `spec` (written as `JSON.stringify(spec, null, 2)`, as a test project would hold it),
 * converts Swagger 2.0 and loads its refs; `backend` is the unit's config (its `auth` decides the
 * headers input leaves out).
 */
export async function specContext(spec: Data, backend: Data = {}): Promise<SpecContext> {
  const diagnostics: Diagnostic[] = [];
  const text = JSON.stringify(spec, null, 2);
  const parsed = parseSpec(text, { id: "spec.json", location: SPEC_FILE });
  if (!parsed.document) throw new Error(`the spec does not parse: ${parsed.problem.message}`);
  const version = await openapiDocument(parsed.document.value);
  if ("problem" in version) throw new Error(`not an OpenAPI document: ${version.problem}`);
  const loaded = await SpecRefs.load(parsed.document, (severity, code, message, at, hint) =>
    diagnostics.push(createDiagnostic(severity, code, message, at, hint)),
  );
  const refs = version.converted ? loaded.withRootValue(version.spec) : loaded;
  return {
    context: operationContext(
      refs,
      version.dialect,
      withDefaults("openapi", backend as BackendFields["openapi"]),
    ),
    diagnostics,
    text: () => formatDiagnostics(diagnostics, (file) => relative(PROJECT, file)),
  };
}

/** The operations discover makes of a spec, and its diagnostics as text. */
export async function specOperations(spec: Data, backend: Data = {}) {
  const { context, text } = await specContext(spec, backend);
  const operations: OperationIR[] = discoverOperations(context.refs, context);
  const op = (name: string): OperationIR => {
    const found = operations.find((o) => o.name === name);
    if (!found) throw new Error(`no operation ${name}; diagnostics:\n${text()}`);
    return found;
  };
  return { operations, op, text: text() };
}

/** An OpenAPI 3.0 document with `paths` and optional other top-level fields (components). */
export function openapiSpec(paths: Data, extra: Data = {}): Data {
  return { openapi: "3.0.3", info: { title: "T", version: "1" }, paths, ...extra };
}
