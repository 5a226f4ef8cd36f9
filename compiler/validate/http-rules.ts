/**
 * Rules for the parts of an HTTP request a unit configures, with the runtime's own checks: an action
 * path may not climb above the base URL, a header name must be one the runtime sends, and a header
 * that carries a credential holds a secret reference, never the secret.
 */
import {
  forbiddenHeaderList,
  headerNameProblem,
  isCredentialHeader,
} from "../../runtime/invoke/http/header-rules.js";
import { hasDotSegment } from "../../runtime/invoke/shared/template.js";
import { isSecretReference, isStoredReference, parseReference } from "../../runtime/shared/references.js";
import type { DiagnosticCode } from "../codes/diagnostics.js";

/** One broken rule: a diagnostic code, the message after the field's name, and a hint. */
export interface RuleProblem {
  code: DiagnosticCode;
  problem: string;
  hint: string;
}

/** The message and hint of every literal secret, in any field that takes a reference. */
export const LITERAL_SECRET_PROBLEM = "holds a literal secret; secrets must be references";
export const SECRET_HINT = "write env:NAME (or ${NAME}) and set NAME in the environment";

/**
 * Storage's own secrets (`connection`, `credentials`, `vaultKey`, `publishKey`) are needed before the
 * vault opens, so they take `env:NAME` or `file:/abs/path` only: no templates, and no `vault:` (the
 * vault lives in the store they open).
 */
export function storageReferenceProblem(value: string): RuleProblem | undefined {
  const kind = parseReference(value)?.kind;
  if (kind === "env" || kind === "file") return undefined;
  const reference = kind !== undefined || isSecretReference(value);
  return {
    code: "LITERAL_SECRET",
    problem: reference ? "takes only an env:NAME or file:/abs/path reference" : LITERAL_SECRET_PROBLEM,
    hint: "write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)",
  };
}

/** What is wrong with an HTTP action's configured path, or undefined. */
export function actionPathProblem(path: string): RuleProblem | undefined {
  if (!hasDotSegment(path)) return undefined;
  return {
    code: "PATH_DOT_SEGMENT",
    problem: "holds a dot-segment (. or .., plain or percent-encoded), which would climb out of baseUrl",
    hint: "write the path below baseUrl without . or .. segments; to reach another path, change baseUrl",
  };
}

/** A problem with one header of a map: at its name (`key`) or at its value. */
export interface HeaderProblem extends RuleProblem {
  name: string;
  at: "key" | "value";
}

/**
 * The problems of a configured header map. `values: "secret"` (auth headers) leaves values to the
 * schema, which makes every one a reference; `values: "template"` (action headers) requires a
 * reference only where the name carries a credential.
 */
export function headerMapProblems(
  headers: Record<string, unknown>,
  values: "secret" | "template",
): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameProblem = headerNameProblem(name);
    if (nameProblem === "invalid") {
      problems.push({
        name,
        at: "key",
        code: "INVALID_HEADER",
        problem: "is not a valid header name",
        hint: "use letters, digits and - only (no spaces, colons or other separators)",
      });
    } else if (nameProblem === "forbidden") {
      problems.push({
        name,
        at: "key",
        code: "FORBIDDEN_HEADER",
        problem: "cannot be configured: the HTTP client sets it when the request is sent",
        hint: `remove it; ${forbiddenHeaderList("and")} are set by the HTTP client, never configured`,
      });
    }
    if (values === "template" && typeof value === "string" && value !== "" && isCredentialHeader(name)) {
      if (!isSecretReference(value) && !isStoredReference(value)) {
        const fromInput = value.includes("$input");
        problems.push({
          name,
          at: "value",
          code: "LITERAL_SECRET",
          problem: fromInput
            ? "carries a credential, so it must be a reference, not built from input"
            : LITERAL_SECRET_PROBLEM,
          hint: SECRET_HINT,
        });
      }
    }
  }
  return problems;
}
