/**
 * What the search index reads of an operation, field by field: its name, the sentence that says
 * what it does, the rest of its description, its parameter names, the verb its HTTP method
 * implies and its author's search hints. Worked out once, when the index is built.
 */
import { stem } from "./stem.js";
import { indexTerms, plainText, splitWords } from "./terms.js";

/**
 * The fields of an operation, in the order the index stores them: `hints` are the phrases its
 * author gave for search (`searchHints`).
 */
export const FIELDS = ["name", "summary", "description", "params", "verb", "hints"] as const;

/** Most description terms indexed: the opening says what an operation does; the rest is mostly detail. */
const MAX_DESCRIPTION_TERMS = 60;
/** How deep parameter names are collected (OpenAPI inputs group them under path/query/body). */
const PARAM_DEPTH = 3;
/** Most parameter names indexed per operation. */
const MAX_PARAMS = 40;

/** An operation as the fields need it. */
export interface FieldSource {
  name: string;
  tsName: string;
  description: string;
  inputSchema?: unknown;
  invoke?: { kind: string; method?: unknown; path?: unknown; operationType?: unknown };
  searchHints?: readonly string[];
}

/** The input groups of OpenAPI and discovery operations: their names say nothing of the operation. */
const INPUT_GROUPS = new Set(["path", "query", "header", "cookie", "body"]);

/**
 * Property names of a schema, nested objects included, up to {@link PARAM_DEPTH}; for operations
 * whose input is grouped by where each value goes, the groups' members, not the groups.
 */
function parameterNames(schema: unknown, grouped: boolean, depth = 0): string[] {
  if (depth >= PARAM_DEPTH || typeof schema !== "object" || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties).flatMap(([name, sub]) => {
    const inner = [...choices(sub), ...parameterNames(sub, false, depth + 1)];
    return grouped && depth === 0 && INPUT_GROUPS.has(name) ? inner : [name, ...inner];
  });
}

/** Most values of an enumeration indexed: a short one names what an operation can do (`heldForReview`), a long one is data (country codes). */
const MAX_CHOICES = 8;

/** The string values a parameter may take, when there are few of them. */
function choices(schema: unknown): string[] {
  const values = (schema as { enum?: unknown } | null)?.enum;
  if (!Array.isArray(values) || values.length > MAX_CHOICES) return [];
  return values.filter((value): value is string => typeof value === "string");
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
 * The stems the HTTP method implies: GET reads (a GET on a collection lists), POST creates, PUT and
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
      return [stem("create")];
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

/** The terms of each field of `operation`, in {@link FIELDS} order, in text order with repeats. */
export function operationFields(operation: FieldSource): string[][] {
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
  const params = [...new Set(indexTerms(parameterNames(operation.inputSchema, grouped).join(" ")))]
    .filter((term) => !own.has(term))
    .slice(0, MAX_PARAMS);
  const hints = [...new Set(indexTerms((operation.searchHints ?? []).join("\n")))];
  return [name, summary, description, params, verbTerms(operation.invoke), hints];
}
