/**
 * An OpenAPI operation's input and output types as expressions over the types openapi-typescript
 * wrote for the spec (`$types`, see `types-module.ts`), matching the operation's input and output
 * schemas: the same groups, parameters, requiredness, request media type and response statuses.
 * Keys from the spec enter the expressions only as string literals.
 */
import type { OpenapiMethod, OpenapiParameter } from "../../../runtime/contract/manifest.js";
import { stringLiteral } from "../../emit/literal.js";

type Location = OpenapiParameter["in"];

/** One parameter group of the input: the parameters unitc sends, of all the spec declares there. */
export interface GroupTypeIR {
  location: Location;
  /** Names of the parameters in the input, in order. */
  kept: string[];
  /** Every name the operation declares in this location (openapi-typescript types them all). */
  declared: ReadonlySet<string>;
  required: boolean;
}

/** The request body's type: the spec's schema under a media type, or a fixed type unitc sends instead. */
export type BodyTypeIR = { mediaType: string } | { fixed: string };

/** One response's contribution to the output type. */
export type ResponseTypeIR = { code: string; mediaType: string } | { fixed: string };

/** `$types.paths["/pets/{id}"]["get"]`: the operation in openapi-typescript's `paths`. */
export function operationTypeRef(pathKey: string, method: OpenapiMethod): string {
  return `$types.paths[${stringLiteral(pathKey)}][${stringLiteral(method.toLowerCase())}]`;
}

/** The type of a body's value under the media type the operation sends. */
export function bodyType(operation: string, body: BodyTypeIR): string {
  if ("fixed" in body) return body.fixed;
  return `NonNullable<${operation}["requestBody"]>["content"][${stringLiteral(body.mediaType)}]`;
}

/** `{ path: …; query?: …; body: … }`, laid out one member a line. */
export function inputTypeRef(
  operation: string,
  groups: readonly GroupTypeIR[],
  body?: { type: BodyTypeIR; required: boolean },
): string {
  const members = groups.map((group) => {
    const all = `NonNullable<${operation}["parameters"][${stringLiteral(group.location)}]>`;
    const type =
      group.kept.length === group.declared.size
        ? all
        : `Pick<${all}, ${group.kept.map((name) => stringLiteral(name)).join(" | ")}>`;
    return `  ${group.location}${group.required ? "" : "?"}: ${type};\n`;
  });
  if (body) members.push(`  body${body.required ? "" : "?"}: ${bodyType(operation, body.type)};\n`);
  return members.length === 0 ? "Record<string, never>" : `{\n${members.join("")}}`;
}

/** The union of the chosen responses' types; undefined when none is described. */
export function outputTypeRef(operation: string, responses: readonly ResponseTypeIR[]): string | undefined {
  const types = responses.map((response) =>
    "fixed" in response
      ? response.fixed
      : `${operation}["responses"][${stringLiteral(response.code)}]["content"][${stringLiteral(response.mediaType)}]`,
  );
  if (types.length === 0) return undefined;
  return types.includes("unknown") ? "unknown" : [...new Set(types)].join(" | ");
}
