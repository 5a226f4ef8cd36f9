/**
 * An OpenAPI Operation Object → an operation: its input grouped by where each value goes (see
 * `input.ts`), its output, and how to call it. An operation that cannot be expressed is
 * skipped with the reason; an optional parameter or body that cannot be sent is left out with a
 * warning. Its types are expressions over openapi-typescript's types of the spec (`$types`).
 * https://spec.openapis.org/oas/v3.1.0#operation-object
 */

import type { OpenapiInvoke, OpenapiMethod, ToolAnnotations } from "../../../runtime/contract/manifest.js";
import { pathTemplateProblem } from "../../../runtime/invoke/openapi/serialize.js";
import { pathPlaceholders } from "../../../runtime/invoke/shared/template.js";
import { plainReserved } from "../shared/reserved-expansion.js";
import type { OperationIR } from "../shared/types.js";
import type { SpecDocument } from "../sources/parse.js";
import { inputSchema, type ParameterIR } from "./input.js";
import type { InputChecks } from "./input-checks.js";
import { convertParameter } from "./parameter.js";
import { type BodyResult, convertRequestBody } from "./request-body.js";
import { convertResponses } from "./response.js";
import type { SchemaContext } from "./schema.js";
import { ownPartProblem } from "./schema-check.js";
import {
  type GroupTypeIR,
  inputTypeRef,
  operationTypeRef,
  outputTypeRef,
  type ResponseTypeIR,
} from "./type-refs.js";

type Data = Record<string, unknown>;

/** One method of one path item, and where it is written. */
export interface OperationSite {
  /** The key under `paths` (names and messages use it). */
  key: string;
  /** The path requested: the key without a `#fragment`. */
  path: string;
  method: OpenapiMethod;
  pathItem: Data;
  operation: Data;
  document: SpecDocument;
  /** Pointer of the operation object inside `document`. */
  pointer: string;
}

export interface OperationContext extends SchemaContext {
  /** Lower-case names of the headers the unit's auth sets: input never sets them. */
  authHeaders: ReadonlySet<string>;
  /** Where input schemas are checked instead of in line (a large spec's worker; see input-checks.ts). */
  inputChecks?: InputChecks;
}

export type OperationResult = { operation: Omit<OperationIR, "name"> } | { skipped: string };

/** Converts one operation; what is left out of an operation that is kept goes to `context.warn`. */
export function convertOperation(site: OperationSite, context: OperationContext): OperationResult {
  const { path, reserved } = plainReserved(site.path);
  const templateProblem = pathTemplateProblem(path);
  if (templateProblem) return { skipped: templateProblem };
  const parameters = collectParameters(site, context);
  if ("skipped" in parameters) return parameters;
  const placeholders = pathPlaceholders(path);
  const declared = new Set(
    parameters.list.filter((p) => p.parameter.in === "path").map((p) => p.parameter.name),
  );
  const missing = placeholders.find((name) => !declared.has(name));
  if (missing !== undefined && /^[#./;?&=,!@|]/.test(missing))
    return { skipped: `its path uses the URI template operator ${JSON.stringify(missing[0])}` };
  if (missing !== undefined)
    return { skipped: `the path names {${missing}}, which no path parameter declares` };
  const used = parameters.list
    .filter((p) => p.parameter.in !== "path" || placeholders.includes(p.parameter.name))
    .map((p) =>
      p.parameter.in === "path" && reserved.has(p.parameter.name)
        ? { ...p, parameter: { ...p.parameter, allowReserved: true } }
        : p,
    );
  const body = requestBody(site, context);
  if (body && "skipped" in body) return body;
  const invoke: OpenapiInvoke = {
    kind: "openapi",
    method: site.method,
    path,
    parameters: used.map((p) => p.parameter),
    ...(body ? { body: body.body } : {}),
  };
  const schema = context.defs.bundle(
    inputSchema(used, body ? { schema: body.schema, required: body.body.required } : undefined),
  );
  // Its definitions are checked once for the whole spec (discoverOperations; see schema-check.ts).
  const compileProblem = context.inputChecks ? context.inputChecks.ownPart(schema) : ownPartProblem(schema);
  if (compileProblem) return { skipped: inputSchemaSkipped(compileProblem) };
  const output = convertResponses(
    site.operation.responses,
    site.document,
    `${site.pointer}/responses`,
    context,
  );
  return {
    operation: {
      description: describe(site),
      inputSchema: schema,
      ...(output.schema === undefined ? {} : { outputSchema: context.defs.bundle(output.schema) }),
      annotations: annotate(site),
      ...(site.operation.deprecated === true ? { deprecated: true as const } : {}),
      invoke,
      types: typeRefs(site, used, parameters.declared, body, output.types),
    },
  };
}

const LOCATIONS = ["path", "query", "header", "cookie"] as const;

/** The operation's input and output as `$types` expressions, group by group as in its input schema. */
function typeRefs(
  site: OperationSite,
  used: readonly ParameterIR[],
  declared: ReadonlyMap<string, ReadonlySet<string>>,
  body: BodyResult | undefined,
  responses: readonly ResponseTypeIR[],
): { input: string; output?: string } {
  const operation = operationTypeRef(site.key, site.method);
  const groups = LOCATIONS.flatMap((location): GroupTypeIR[] => {
    const members = used.filter((p) => p.parameter.in === location);
    if (members.length === 0) return [];
    const kept = members.map((p) => p.parameter.name);
    const required = members.some((p) => p.parameter.required);
    return [{ location, kept, declared: declared.get(location) ?? new Set(kept), required }];
  });
  const input = inputTypeRef(
    operation,
    groups,
    body && "body" in body ? { type: body.type, required: body.body.required } : undefined,
  );
  const output = outputTypeRef(operation, responses);
  return output === undefined ? { input } : { input, output };
}

/** Path-item parameters overridden by the operation's own (same name and location). */
function collectParameters(
  site: OperationSite,
  context: OperationContext,
): { list: ParameterIR[]; declared: Map<string, Set<string>> } | { skipped: string } {
  const byKey = new Map<string, ParameterIR>();
  // Every parameter the spec declares, as openapi-typescript groups them (sent or not).
  const declared = new Map<string, Set<string>>();
  const sources = [
    {
      list: site.pathItem.parameters,
      pointer: `${site.pointer.slice(0, site.pointer.lastIndexOf("/"))}/parameters`,
    },
    { list: site.operation.parameters, pointer: `${site.pointer}/parameters` },
  ];
  for (const source of sources) {
    if (!Array.isArray(source.list)) continue;
    for (const [index, item] of source.list.entries()) {
      const resolved = context.refs.deref(item, site.document);
      if (!resolved || typeof resolved.value !== "object" || resolved.value === null) continue;
      const { name, in: location } = resolved.value as Data;
      if (typeof name === "string" && typeof location === "string")
        declared.set(location, (declared.get(location) ?? new Set()).add(name));
      const at = resolved.document === site.document ? `${source.pointer}/${index}` : "";
      const result = convertParameter(
        resolved.value as Data,
        resolved.document,
        at,
        context,
        context.authHeaders,
      );
      if ("ignored" in result) continue;
      if ("dropped" in result) {
        if (result.required) return { skipped: result.dropped };
        context.warn(
          `${label(site)}: ${result.dropped}; the parameter is left out`,
          site.document,
          `${source.pointer}/${index}`,
        );
        continue;
      }
      const { parameter } = result;
      const key = `${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
      byKey.set(key, result);
    }
  }
  return { list: [...byKey.values()], declared };
}

function requestBody(site: OperationSite, context: OperationContext) {
  if (site.operation.requestBody === undefined) return undefined;
  const resolved = context.refs.deref(site.operation.requestBody, site.document);
  if (!resolved || typeof resolved.value !== "object" || resolved.value === null) return undefined;
  const at = resolved.document === site.document ? `${site.pointer}/requestBody` : "";
  const result = convertRequestBody(resolved.value as Data, resolved.document, at, context, site.method);
  if (!("dropped" in result)) return result;
  if (result.required) return { skipped: result.dropped };
  context.warn(
    `${label(site)}: ${result.dropped}; the body is left out`,
    site.document,
    `${site.pointer}/requestBody`,
  );
  return undefined;
}

/** Why an operation whose input schema the runtime's validator refuses is left out. */
export function inputSchemaSkipped(problem: string): string {
  return `its input schema is not valid JSON Schema (${problem})`;
}

/** `METHOD /path (operationId)`, as operations are named in messages. */
export function label(site: Pick<OperationSite, "method" | "key" | "operation">): string {
  const id = site.operation.operationId;
  return `${site.method} ${site.key}${typeof id === "string" ? ` (${JSON.stringify(id)})` : ""}`;
}

function describe(site: OperationSite): string {
  const { summary, description, deprecated } = site.operation;
  const parts = [summary, description].filter((t): t is string => typeof t === "string" && t.trim() !== "");
  const text = parts.length > 0 ? [...new Set(parts)].join("\n\n") : `${site.method} ${site.path}`;
  return deprecated === true ? `Deprecated. ${text}` : text;
}

function annotate(site: OperationSite): ToolAnnotations {
  const annotations: ToolAnnotations = {};
  const summary = site.operation.summary;
  if (typeof summary === "string" && summary.trim() !== "") annotations.title = summary.trim();
  if (["GET", "HEAD", "OPTIONS", "TRACE"].includes(site.method)) annotations.readOnlyHint = true;
  if (site.method === "DELETE") annotations.destructiveHint = true;
  if (site.method === "PUT" || site.method === "DELETE") annotations.idempotentHint = true;
  return annotations;
}
