/**
 * The config and unit-file validators compiled ahead (`compiler/validate/schema-validators.generated.ts`):
 * the file is what `npm run gen:types` writes from the schemas and the installed ajv, validation
 * uses it, and on every document of the invalid-project fixtures it finds exactly the errors the
 * validators ajv compiles in process find, so each diagnostic keeps its code, message, line and column.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ErrorObject } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { LoadedDocument } from "../../../compiler/load/documents.js";
import { loadProject } from "../../../compiler/load/index.js";
import { getSchemaValidators } from "../../../compiler/validate/ajv.js";
import { compileSchemaValidators } from "../../../compiler/validate/schema-ajv.js";
import { mapSchemaErrors } from "../../../compiler/validate/schema-errors.js";
import { validateConfig, validateUnit } from "../../../compiler/validate/schema-validators.generated.js";
import { schemaValidatorsModule } from "../../../scripts/gen-schema-validators.mjs";
import { listCases } from "../../support/golden-cases.js";

const GENERATED = new URL("../../../compiler/validate/schema-validators.generated.ts", import.meta.url);
const INVALID = fileURLToPath(new URL("../../fixtures/invalid/", import.meta.url));

/** Every parsed config and unit file of the invalid-project fixtures. */
async function fixtureDocuments(): Promise<LoadedDocument[]> {
  const documents: LoadedDocument[] = [];
  for (const name of await listCases(INVALID)) {
    const { project } = await loadProject({ projectDir: join(INVALID, name), userConfigFile: false });
    for (const document of [...(project?.config ? [project.config] : []), ...(project?.units ?? [])])
      if (document.value !== undefined) documents.push(document);
  }
  return documents;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The errors `validate` finds in `document`, and the diagnostics they make (code, message, place). */
function found(validate: Validate, document: LoadedDocument) {
  const errors = validate(document.value) ? [] : (validate.errors ?? []);
  const diagnostics = mapSchemaErrors(errors, {
    sourceMap: document.sourceMap,
    rootName: document.kind === "config" ? "the config" : "the frontmatter",
    resolveRef: () => undefined,
  }).map(({ code, message, line, column, hint }) => ({ code, message, line, column, hint }));
  return { errors: structuredClone(errors), diagnostics };
}

describe("schema-validators.generated.ts", () => {
  it("is what npm run gen:types writes from the schemas and the installed ajv", async () => {
    expect(readFileSync(GENERATED, "utf8")).toBe(await schemaValidatorsModule());
  });

  it("holds the validators validation uses", () => {
    expect(getSchemaValidators().config).toBe(validateConfig);
    expect(getSchemaValidators().unit).toBe(validateUnit);
  });

  it("finds the errors the in-process validators find, on every invalid fixture document", async () => {
    const compiled = compileSchemaValidators();
    const documents = await fixtureDocuments();
    expect(documents.length).toBeGreaterThanOrEqual(30);
    let refused = 0;
    for (const document of documents) {
      const ahead = document.kind === "config" ? validateConfig : validateUnit;
      const now = document.kind === "config" ? compiled.config : compiled.unit;
      const expected = found(now, document);
      expect(found(ahead as Validate, document), document.file).toEqual(expected);
      if (expected.diagnostics.length > 0) refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(15);
  });
});
