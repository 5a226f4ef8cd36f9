/**
 * Whether the runtime's validator (ajv, as runtime/shared/validate-input.ts sets it up) accepts the
 * input schemas of a spec's operations, in time linear in the spec. Compiling each operation's schema
 * whole compiles every definition it reaches again: in a spec whose schemas all reach each other
 * (Microsoft Graph: 11,000 operations over one web of 2,600 definitions) that was half of the compile
 * and most of its memory. Here each operation's own part is compiled with its definitions stood in
 * for by `true`, and the definitions once, together; only when they fail together is each operation
 * that reaches any compiled whole, as before, to find the ones to leave out.
 */
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { createAjv } from "../../../runtime/shared/validate-input.js";

/**
 * One validator for the checks; each schema is removed from its cache once compiled. Only whether a
 * schema compiles matters here, so the functions ajv writes are not optimised, and a definition is
 * compiled once as a function of its own rather than written again into each schema that reaches it
 * (ajv's default, for a definition that reaches no other): GitHub's REST definitions, compiled
 * together, took half the CPU time.
 */
let ajv: ReturnType<typeof createAjv> | undefined;

/** A message when the runtime's validator would refuse `schema`, else undefined. */
export function compileProblem(schema: JsonSchema): string | undefined {
  if (typeof schema === "boolean") return undefined;
  ajv ??= createAjv({ code: { optimize: false }, inlineRefs: false });
  try {
    ajv.compile(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    ajv.removeSchema(schema);
  }
}

/** {@link compileProblem} of `schema` with each of its `$defs` replaced by `true`. */
export function ownPartProblem(schema: JsonSchema): string | undefined {
  if (typeof schema === "boolean") return undefined;
  const defs = schema.$defs;
  const own =
    typeof defs !== "object" || defs === null
      ? schema
      : { ...schema, $defs: Object.fromEntries(Object.keys(defs).map((name) => [name, true])) };
  // Many operations' own parts are the same text (Microsoft Graph's paging and `$select` queries
  // over a body ref): each distinct one is compiled once.
  const key = JSON.stringify(own);
  if (ownProblems.has(key)) return ownProblems.get(key);
  const problem = compileProblem(own);
  if (ownProblems.size >= MAX_OWN_PROBLEMS) ownProblems.clear();
  ownProblems.set(key, problem);
  return problem;
}

/** Answers of {@link ownPartProblem} by the own part's text; ajv's answer depends on nothing else. */
const ownProblems = new Map<string, string | undefined>();
const MAX_OWN_PROBLEMS = 20_000;

/** {@link compileProblem} of every definition in `defs`, compiled as one schema. */
export function definitionsProblem(defs: Readonly<Record<string, JsonSchema>>): string | undefined {
  const names = Object.keys(defs);
  if (names.length === 0) return undefined;
  const refs = names.map((name) => ({ $ref: `#/$defs/${encodeURIComponent(name)}` }));
  return compileProblem({ $defs: { ...defs }, anyOf: refs });
}

/**
 * The operations (by index in `schemas`, their input schemas) to leave out, each with its problem,
 * when the definitions of `defs` fail to compile together; none when they compile.
 */
export function refusedByDefinitions(
  schemas: readonly JsonSchema[],
  defs: Readonly<Record<string, JsonSchema>>,
): Map<number, string> {
  const refused = new Map<number, string>();
  if (definitionsProblem(defs) === undefined) return refused;
  for (const [index, schema] of schemas.entries()) {
    if (typeof schema === "boolean" || schema.$defs === undefined) continue;
    const problem = compileProblem(schema);
    if (problem !== undefined) refused.set(index, problem);
  }
  return refused;
}
