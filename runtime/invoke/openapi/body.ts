/**
 * Request bodies of OpenAPI operations, by media type: JSON text, `application/x-www-form-urlencoded`
 * pairs, `multipart/form-data` parts (the properties the manifest lists as files are sent as file
 * parts named after the property), or the value as raw text (`text/plain`, `application/octet-stream`
 * and any other type). A structured value nested inside a form is sent as JSON text.
 * https://spec.openapis.org/oas/v3.1.0#encoding-object
 */
import { UnitError } from "../../contract/errors.js";
import type { OpenapiBody } from "../../contract/manifest.js";

/** What fetch sends: the body and the content type to declare (none for multipart: fetch sets it). */
export interface EncodedBody {
  body: string | URLSearchParams | FormData | Blob;
  contentType?: string;
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function essence(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function fields(value: unknown, contentType: string): Array<[string, unknown]> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UnitError("INPUT_INVALID", `a ${contentType} body must be an object of fields`, {
      hint: "pass input.body as an object whose properties are the form fields",
    });
  }
  return Object.entries(value).filter(([, item]) => item !== undefined);
}

/** Encodes `value` (the input's `body`) as `body.contentType` says. */
export function encodeBody(body: OpenapiBody, value: unknown): EncodedBody {
  const type = essence(body.contentType);
  if (type === "application/json" || type.endsWith("+json")) {
    return { body: JSON.stringify(value), contentType: body.contentType };
  }
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [name, item] of fields(value, type)) {
      for (const one of Array.isArray(item) ? item : [item]) form.append(name, text(one));
    }
    return { body: form, contentType: body.contentType };
  }
  if (type === "multipart/form-data") {
    const form = new FormData();
    const files = new Set(body.files ?? []);
    for (const [name, item] of fields(value, type)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        if (files.has(name))
          form.append(name, new Blob([text(one)], { type: "application/octet-stream" }), name);
        else form.append(name, text(one));
      }
    }
    return { body: form };
  }
  return { body: text(value), contentType: body.contentType };
}
