/**
 * Which OpenAPI a document is, and Swagger 2.0 converted to OpenAPI 3.0 with swagger2openapi (patch
 * mode, nothing resolved or fetched: its own `$ref` resolver stays off; unitc follows `$ref`s itself).
 * https://github.com/Mermade/oas-kit/tree/main/packages/swagger2openapi
 */
import { createRequire } from "node:module";
import { importOptional, OptionalPackageError } from "../../../runtime/shared/optional-package.js";

type Data = Record<string, unknown>;

interface Converter {
  convertObj(spec: unknown, options: Record<string, unknown>): Promise<{ openapi: Data }>;
}

const require = createRequire(import.meta.url);

export type VersionResult = { spec: Data; dialect: "3.0" | "3.1"; converted: boolean } | { problem: string };

/** The document as OpenAPI 3.x plus its schema dialect, or why it is not one. */
export async function openapiDocument(value: unknown): Promise<VersionResult> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { problem: "the document is not an object" };
  }
  const spec = value as Data;
  if (spec.swagger === "2.0") {
    let converter: Converter;
    try {
      // An optional package: only Swagger 2.0 documents need it.
      converter = await importOptional(
        "swagger2openapi",
        async () => require("swagger2openapi") as Converter,
      );
    } catch (error) {
      if (!(error instanceof OptionalPackageError)) throw error;
      return { problem: `${error.message} (${error.hint})` };
    }
    try {
      // A structured clone: the converter edits what it is given, and the original keeps positions.
      const result = await converter.convertObj(structuredClone(spec), {
        patch: true,
        warnOnly: true,
        resolve: false,
      });
      return { spec: result.openapi, dialect: "3.0", converted: true };
    } catch (error) {
      return {
        problem: `the Swagger 2.0 document could not be converted: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  const version = typeof spec.openapi === "string" ? spec.openapi : undefined;
  if (version === undefined) return { problem: 'the document has no "openapi" or "swagger: 2.0" field' };
  if (/^3\.0(\.|$)/.test(version)) return { spec, dialect: "3.0", converted: false };
  if (/^3\.\d+(\.|$)/.test(version)) return { spec, dialect: "3.1", converted: false };
  return { problem: `OpenAPI ${version} is not supported (3.0, 3.1 and Swagger 2.0 are)` };
}
