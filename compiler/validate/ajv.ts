/**
 * One shared ajv (JSON Schema 2020-12) instance holding the config and unit-file schemas, with the
 * schemas' own keywords: `x-secret` (references only; `"storage"` takes env: and file: only), `x-literal` (no `${`), `x-http-url`
 * (http(s), no credentials; `"base"` also forbids query and fragment), `x-action-path` (no
 * dot-segments), `x-headers` (header names the runtime sends; `"template"` maps also need references
 * for credential-bearing names) and the annotation `x-hint`. Their errors carry the diagnostic's
 * code, message and hint in `params`.
 */
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isSecretReference, isStoredReference } from "../../runtime/shared/references.js";
import configSchema from "../../schemas/config.schema.json" with { type: "json" };
import unitSchema from "../../schemas/unit.schema.json" with { type: "json" };
import { joinPointer } from "../load/pointer.js";
import {
  actionPathProblem,
  headerMapProblems,
  LITERAL_SECRET_PROBLEM,
  type RuleProblem,
  SECRET_HINT,
  storageReferenceProblem,
} from "./http-rules.js";
import { urlHint } from "./schema-hints.js";
import { checkHttpUrl } from "./url-rules.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type SchemaName = "config" | "unit";

export interface SchemaValidators {
  config: ValidateFunction;
  unit: ValidateFunction;
  /** The raw schemas by `$id`, for reading hints and allowed property names. */
  schemas: Map<string, unknown>;
}

let cached: SchemaValidators | undefined;

type KeywordErrors = Partial<ErrorObject>[];
type KeywordValidate = ((
  schema: unknown,
  data: unknown,
  parent?: unknown,
  at?: { instancePath: string },
) => boolean) & {
  errors?: KeywordErrors;
};

/** The error of a unitc keyword: `at: "key"` places it at the property name instead of its value. */
function ruleError(name: string, rule: RuleProblem, extra: { instancePath?: string; at?: "key" } = {}) {
  const { instancePath, at } = extra;
  return {
    keyword: name,
    message: rule.problem,
    params: { ...rule, ...(at ? { at } : {}) },
    ...(instancePath === undefined ? {} : { instancePath }),
  };
}

/** A keyword over one non-empty string value. */
function keyword(
  name: string,
  check: (schema: unknown, data: string) => RuleProblem | undefined,
): KeywordValidate {
  const validate: KeywordValidate = (schema, data) => {
    // Every field with these keywords also has minLength 1, which reports an empty string better.
    if (schema === false || typeof data !== "string" || data === "") return true;
    const problem = check(schema, data);
    if (problem === undefined) return true;
    validate.errors = [ruleError(name, problem)];
    return false;
  };
  return validate;
}

/** `x-headers`: one error per bad header, placed at its name or its value. */
const headersKeyword: KeywordValidate = (schema, data, _parent, at) => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return true;
  const problems = headerMapProblems(
    data as Record<string, unknown>,
    schema === "template" ? "template" : "secret",
  );
  if (problems.length === 0) return true;
  headersKeyword.errors = problems.map((problem) =>
    ruleError("x-headers", problem, {
      instancePath: joinPointer(at?.instancePath ?? "", problem.name),
      ...(problem.at === "key" ? { at: "key" as const } : {}),
    }),
  );
  return false;
};

const urlRule = (problem: string | undefined): RuleProblem | undefined =>
  problem === undefined ? undefined : { code: "INVALID_URL", problem, hint: urlHint(problem) };

/** The compiled validators (built once per process). */
export function getSchemaValidators(): SchemaValidators {
  if (cached) return cached;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    verbose: true,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  ajv.addKeyword({
    keyword: "x-secret",
    schemaType: ["boolean", "string"],
    errors: true,
    validate: keyword("x-secret", (schema, data) =>
      schema === "storage"
        ? storageReferenceProblem(data)
        : isSecretReference(data) || isStoredReference(data)
          ? undefined
          : { code: "LITERAL_SECRET", problem: LITERAL_SECRET_PROBLEM, hint: SECRET_HINT },
    ),
  });
  ajv.addKeyword({
    keyword: "x-literal",
    schemaType: "boolean",
    errors: true,
    validate: keyword("x-literal", (_schema, data) =>
      data.includes("${")
        ? {
            code: "INTERPOLATION_IN_LITERAL",
            problem: "is literal text; ${...} is not interpolated here",
            hint: "write literal prose; put dynamic or private values in backend, auth, env or setup fields",
          }
        : undefined,
    ),
  });
  ajv.addKeyword({
    keyword: "x-http-url",
    schemaType: ["boolean", "string"],
    errors: true,
    validate: keyword("x-http-url", (schema, data) =>
      urlRule(checkHttpUrl(data, schema === "base" ? "base" : "url")),
    ),
  });
  ajv.addKeyword({
    keyword: "x-action-path",
    schemaType: "boolean",
    errors: true,
    validate: keyword("x-action-path", (_schema, data) => actionPathProblem(data)),
  });
  ajv.addKeyword({ keyword: "x-headers", schemaType: "string", errors: true, validate: headersKeyword });
  ajv.addSchema(configSchema);
  ajv.addSchema(unitSchema);
  const config = ajv.getSchema(configSchema.$id);
  const unit = ajv.getSchema(unitSchema.$id);
  if (!config || !unit) throw new Error("schemas failed to register");
  cached = {
    config,
    unit,
    schemas: new Map<string, unknown>([
      [configSchema.$id, configSchema],
      [unitSchema.$id, unitSchema],
    ]),
  };
  return cached;
}
