/**
 * The unitc keywords of the config and unit-file schemas, as functions ajv calls: `x-secret`
 * (references only; `"storage"` takes env: and file: only), `x-literal` (no `${`), `x-http-url`
 * (http(s), no credentials; `"base"` also forbids query and fragment), `x-action-path` (no
 * dot-segments), `x-headers` (header names the runtime sends; `"template"` maps also need references
 * for credential-bearing names) and the annotation `x-hint`. Their errors carry the diagnostic's code,
 * message and hint in `params`. The validators compiled ahead (`schema-validators.generated.ts`) call
 * these same functions, by their names in {@link SCHEMA_KEYWORDS}.
 */
import type { ErrorObject, KeywordDefinition } from "ajv/dist/2020.js";
import { isSecretReference, isStoredReference } from "../../runtime/shared/references.js";
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
const xHeaders: KeywordValidate = (schema, data, _parent, at) => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return true;
  const problems = headerMapProblems(
    data as Record<string, unknown>,
    schema === "template" ? "template" : "secret",
  );
  if (problems.length === 0) return true;
  xHeaders.errors = problems.map((problem) =>
    ruleError("x-headers", problem, {
      instancePath: joinPointer(at?.instancePath ?? "", problem.name),
      ...(problem.at === "key" ? { at: "key" as const } : {}),
    }),
  );
  return false;
};

const urlRule = (problem: string | undefined): RuleProblem | undefined =>
  problem === undefined ? undefined : { code: "INVALID_URL", problem, hint: urlHint(problem) };

/** The keywords' functions by name: the generated validators import them by these names. */
export const SCHEMA_KEYWORDS = {
  xSecret: keyword("x-secret", (schema, data) =>
    schema === "storage"
      ? storageReferenceProblem(data)
      : isSecretReference(data) || isStoredReference(data)
        ? undefined
        : { code: "LITERAL_SECRET", problem: LITERAL_SECRET_PROBLEM, hint: SECRET_HINT },
  ),
  xLiteral: keyword("x-literal", (_schema, data) =>
    data.includes("${")
      ? {
          code: "INTERPOLATION_IN_LITERAL",
          problem: "is literal text; ${...} is not interpolated here",
          hint: "write literal prose; put dynamic or private values in backend, auth, env or setup fields",
        }
      : undefined,
  ),
  xHttpUrl: keyword("x-http-url", (schema, data) =>
    urlRule(checkHttpUrl(data, schema === "base" ? "base" : "url")),
  ),
  xActionPath: keyword("x-action-path", (_schema, data) => actionPathProblem(data)),
  xHeaders,
};

/** The keywords' definitions, for `ajv.addKeyword`. */
export function schemaKeywordDefinitions(): KeywordDefinition[] {
  const k = SCHEMA_KEYWORDS;
  return [
    { keyword: "x-hint", schemaType: "string" },
    { keyword: "x-secret", schemaType: ["boolean", "string"], errors: true, validate: k.xSecret },
    { keyword: "x-literal", schemaType: "boolean", errors: true, validate: k.xLiteral },
    { keyword: "x-http-url", schemaType: ["boolean", "string"], errors: true, validate: k.xHttpUrl },
    { keyword: "x-action-path", schemaType: "boolean", errors: true, validate: k.xActionPath },
    { keyword: "x-headers", schemaType: "string", errors: true, validate: k.xHeaders },
  ];
}
