/**
 * What the search index reads of an operation, field by field: its name, the sentence that says
 * what it does, the rest of its description, its parameter names, the verb its HTTP method
 * implies, its author's search hints, what it returns (its property names, and the title and
 * description of the object) and what its inputs are for. Worked out once, when the index is built.
 */

import { indexTerms } from "./index-terms.js";
import {
  choices,
  propertiesOf,
  resolved,
  type SchemaResolver,
  schemaNames,
  schemaProse,
} from "./schema-names.js";
import { plainText, splitWords } from "./split-words.js";
import { stem } from "./stem.js";

/**
 * The fields of an operation, in the order the index stores them: `hints` are the phrases its
 * author gave for search (`searchHints`); `output` the property names of what it returns; `returns`
 * the title and description of what it returns (`schemaProse`); `inputs` the words of its
 * parameters' descriptions the other fields lack. A field added later goes last: an
 * index written before it has one field less per operation.
 */
export const FIELDS = [
  "name",
  "summary",
  "description",
  "params",
  "verb",
  "hints",
  "output",
  "returns",
  "inputs",
] as const;

/** Most description terms indexed: the opening says what an operation does; the rest is mostly detail. */
const MAX_DESCRIPTION_TERMS = 60;
/** How deep parameter names are collected (OpenAPI inputs group them under path/query/body). */
const PARAM_DEPTH = 3;
/** Most parameter names indexed per operation. */
const MAX_PARAMS = 40;
/** How deep the names of what an operation returns are collected: its own (or its list items') properties. */
const OUTPUT_DEPTH = 1;
/** Most words of what an operation returns indexed: a few say what it answers; a whole schema would be noise. */
const MAX_OUTPUT = 30;

/**
 * Most words of the prose about what an operation returns indexed: its opening names the object
 * and what it is for ("save a customer's card without collecting a payment"); the rest is detail.
 */
const MAX_RETURNS = 12;

/**
 * How deep the descriptions of an operation's inputs are read: its parameters (or a GraphQL
 * mutation's input fields), not what they nest.
 */
const INPUT_PROSE_DEPTH = 2;
/** Most words of the inputs' descriptions indexed: only the words the name, summary and parameter names lack. */
const MAX_INPUT_PROSE = 12;

/** An operation as the fields need it. */
export interface FieldSource {
  name: string;
  tsName: string;
  description: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  invoke?: { kind: string; method?: unknown; path?: unknown; operationType?: unknown };
  searchHints?: readonly string[];
}

/** The input groups of OpenAPI and discovery operations: their names say nothing of the operation. */
const INPUT_GROUPS = new Set(["path", "query", "header", "cookie", "body"]);

/**
 * Property names of a schema, nested objects included, up to {@link PARAM_DEPTH}; for operations
 * whose input is grouped by where each value goes, the groups' members, not the groups.
 */
function parameterNames(
  schema: unknown,
  grouped: boolean,
  resolve: SchemaResolver | undefined,
  depth = 0,
): string[] {
  if (depth >= PARAM_DEPTH) return [];
  return [...propertiesOf(schema, resolve)].flatMap(([name, sub]) => {
    const inner = [...choices(resolved(sub, resolve)), ...parameterNames(sub, false, resolve, depth + 1)];
    return grouped && depth === 0 && INPUT_GROUPS.has(name) ? inner : [name, ...inner];
  });
}

/**
 * The first sentence of each parameter's description, walked as {@link parameterNames} walks the
 * names, to {@link INPUT_PROSE_DEPTH}: what a value is for says what the operation does with it
 * ("the amount to refund", "the user who will see the message").
 */
function parameterProse(
  schema: unknown,
  grouped: boolean,
  resolve: SchemaResolver | undefined,
  depth = 0,
): string[] {
  if (depth >= INPUT_PROSE_DEPTH) return [];
  return [...propertiesOf(schema, resolve)].flatMap(([name, sub]) => {
    const inner = parameterProse(sub, false, resolve, depth + 1);
    if (grouped && depth === 0 && INPUT_GROUPS.has(name)) return inner;
    const said = (resolved(sub, resolve) as { description?: unknown } | null)?.description;
    return typeof said === "string" ? [firstSentence(firstLine(plainText(said))), ...inner] : inner;
  });
}

/** The first line of `text`, and the first sentence of that line. */
export function firstLine(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.indexOf("\n");
  return (end < 0 ? trimmed : trimmed.slice(0, end)).trim();
}

function firstSentence(line: string): string {
  const end = line.indexOf(". ");
  return end < 0 ? line : line.slice(0, end + 1);
}

/**
 * The stems the HTTP method implies: GET reads (a GET on a collection lists), POST creates (a POST
 * to one item updates it), PUT and
 * PATCH update, DELETE deletes. A GraphQL query reads. The method says nothing where the path names
 * a remote procedure (Slack's `/chat.postMessage`, Google's `/{name}:cancel`): such an API calls
 * every method by POST or GET, whatever it does.
 */
function verbTerms(invoke: FieldSource["invoke"]): string[] {
  if (!invoke) return [];
  if (invoke.operationType === "query") return ["get"];
  const method = typeof invoke.method === "string" ? invoke.method.toUpperCase() : "";
  let path = typeof invoke.path === "string" ? invoke.path : "";
  while (path.endsWith("/")) path = path.slice(0, -1);
  const last = path.slice(path.lastIndexOf("/") + 1);
  const procedure =
    (!last.startsWith("{") && last.includes(".")) || last.lastIndexOf(":") > last.lastIndexOf("}");
  if (procedure) return [];
  switch (method) {
    case "GET":
      return path !== "" && !path.endsWith("}") ? ["get", "list"] : ["get"];
    case "POST":
      // A POST to one item (`/customers/{id}`) changes it; to a collection, it adds to it.
      return [stem(path.endsWith("}") ? "update" : "create")];
    case "PUT":
    case "PATCH":
      return [stem("update")];
    case "DELETE":
      return [stem("delete")];
    default:
      return [];
  }
}

/**
 * How many fixed segments the operation's HTTP path has (`/orgs/{org}/repos` → 2; 0 without a
 * path): the fewer, the more general the resource it acts on.
 */
export function pathDepth(invoke: FieldSource["invoke"]): number {
  const path = typeof invoke?.path === "string" ? invoke.path : "";
  return path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length;
}

/**
 * The terms of each field of `operation`, in {@link FIELDS} order, in text order with repeats;
 * `resolve` finds the unit's shared schemas its own refer to.
 */
export function operationFields(operation: FieldSource, resolve?: SchemaResolver): string[][] {
  const nameWords = [operation.name, ...splitWords(operation.tsName)].join(" ");
  const name = [...new Set(indexTerms(operation.name))];
  for (const term of indexTerms(nameWords)) if (!name.includes(term)) name.push(term);
  const text = plainText(operation.description);
  const line = firstLine(text);
  const sentence = firstSentence(line);
  const summary = indexTerms(sentence);
  const rest = text.trim().slice(sentence.length);
  const description = indexTerms(rest).slice(0, MAX_DESCRIPTION_TERMS);
  const own = new Set(name);
  const grouped = operation.invoke?.kind === "openapi" || operation.invoke?.kind === "discovery";
  const params = [...new Set(indexTerms(parameterNames(operation.inputSchema, grouped, resolve).join(" ")))]
    .filter((term) => !own.has(term))
    .slice(0, MAX_PARAMS);
  const hints = [...new Set(indexTerms((operation.searchHints ?? []).join("\n")))];
  const returned = schemaNames(operation.outputSchema, resolve, OUTPUT_DEPTH, MAX_OUTPUT * 2).join(" ");
  const output = [...new Set(indexTerms(returned))].filter((term) => !own.has(term)).slice(0, MAX_OUTPUT);
  // The object's prose names it and what it is for, in words the operation's own text may lack.
  const seen = new Set([...name, ...summary]);
  const returns = [...new Set(indexTerms(plainText(schemaProse(operation.outputSchema, resolve))))]
    .filter((term) => !seen.has(term))
    .slice(0, MAX_RETURNS);
  // What each input is for, in words nothing above has: weighted low, it mostly breaks ties.
  const known = new Set([...name, ...summary, ...params]);
  const inputs = [...new Set(indexTerms(parameterProse(operation.inputSchema, grouped, resolve).join("\n")))]
    .filter((term) => !known.has(term))
    .slice(0, MAX_INPUT_PROSE);
  return [name, summary, description, params, verbTerms(operation.invoke), hints, output, returns, inputs];
}
