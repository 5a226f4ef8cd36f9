/**
 * Turns an HTTP response into an invoke result: the body read under a byte cap, JSON parsed, non-2xx
 * mapped to `HTTP_STATUS` with a bounded excerpt, and every resolved secret redacted.
 */
import { UnitError } from "../../contract/errors.js";
import type { Answer, AnswerBody } from "../../net/direct.js";
import { head, redactJson, redactOutput, truncationMarker } from "../../shared/redact.js";
import type { InvokeResult } from "../shared/types.js";

/** What the response reader needs to know about the call. */
export interface ResponseContext {
  /** `METHOD /path/{template}`, as shown in messages. */
  label: string;
  method: string;
  maxResponseBytes: number;
  secrets: readonly string[];
}

interface CappedBody {
  bytes: Uint8Array;
  truncated: boolean;
}

/** Characters of the response body kept in an `HTTP_STATUS` excerpt. */
export const EXCERPT_CHARS = 2_000;
// Enough bytes for EXCERPT_CHARS characters of any UTF-8 text; more is never read for an error.
const EXCERPT_BYTES = 4 * EXCERPT_CHARS;

/** Reads at most `limit` bytes; when more arrive, stops reading and cancels the rest of the stream. */
export async function readCapped(body: AnswerBody | null, limit: number): Promise<CappedBody> {
  if (body === null) return { bytes: new Uint8Array(0), truncated: false };
  if (body.collect) {
    const { chunks, size, over } = await body.collect(limit);
    if (over) return { bytes: Buffer.concat(chunks, limit), truncated: true };
    return { bytes: joined(chunks, size), truncated: false };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const value of body) {
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      // Leaving the loop ends the stream too; cancel says so at once for a body that waits on it.
      await body.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks, limit), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { bytes: joined(chunks, size), truncated: false };
}

/** A whole body's chunks as one array (the chunk itself when there is one). */
function joined(chunks: Uint8Array[], size: number): Uint8Array {
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size);
}

/** A whole body's decoder (no stream state is kept between calls, so one serves every call). */
const utf8 = new TextDecoder();

/** Decodes UTF-8, leaving out a character the cap cut in half, and redacts secrets. */
function decodeText(body: CappedBody, secrets: readonly string[]): string {
  const text = new TextDecoder().decode(body.bytes, { stream: body.truncated });
  return redactOutput(text, secrets, { end: body.truncated });
}

function isJson(contentType: string | null): boolean {
  const essence = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence.endsWith("+json");
}

function statusHint(status: number): string | undefined {
  if (status === 401 || status === 403) return "check the credentials the unit's auth refers to";
  if (status === 404) return "check the path parameters and the unit's baseUrl";
  if (status === 429) return "the API is rate limiting; retry later";
  if (status >= 500) return "the API failed; retry later or check its status";
  return undefined;
}

async function statusError(response: Answer, context: ResponseContext): Promise<UnitError> {
  const limit = Math.min(context.maxResponseBytes, EXCERPT_BYTES);
  const body = await readCapped(response.body, limit);
  const excerpt = head(decodeText(body, context.secrets), EXCERPT_CHARS);
  const message = `${context.label} answered ${response.status} ${response.statusText}`.trimEnd();
  const hint = statusHint(response.status);
  return new UnitError("HTTP_STATUS", message, {
    status: response.status,
    excerpt,
    ...(hint === undefined ? {} : { hint }),
  });
}

function parseJson(text: string, context: ResponseContext): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse quotes a slice of the text, which could hold part of a secret: the excerpt is enough.
    throw new UnitError("OUTPUT_INVALID", `${context.label} answered a body that is not valid JSON`, {
      excerpt: head(redactOutput(text, context.secrets), EXCERPT_CHARS),
      hint: "the API declared application/json but sent something else",
    });
  }
}

/** Reads a final (non-redirect) response into a result; non-2xx becomes `HTTP_STATUS`. */
export async function readResult(response: Answer, context: ResponseContext): Promise<InvokeResult> {
  if (!response.ok) throw await statusError(response, context);
  if (context.method === "HEAD" || response.status === 204 || response.status === 205) {
    await response.body?.cancel().catch(() => undefined);
    return { value: null, truncated: false };
  }
  const body = await readCapped(response.body, context.maxResponseBytes);
  if (body.bytes.byteLength === 0) return { value: null, truncated: false };
  if (isJson(response.headers.get("content-type"))) {
    if (body.truncated) {
      throw new UnitError(
        "RESPONSE_TRUNCATED",
        `${context.label} answered more than ${context.maxResponseBytes} bytes of JSON (maxResponseBytes)`,
        { hint: "raise maxResponseBytes for this unit, or ask the API for less (filter or paginate)" },
      );
    }
    // Parsed before redaction: replacing text inside raw JSON could break its escapes.
    const value = parseJson(utf8.decode(body.bytes), context);
    return { value: redactJson(value, context.secrets), truncated: false };
  }
  const text = decodeText(body, context.secrets);
  if (!body.truncated) return { value: text, truncated: false };
  return { value: text + truncationMarker(context.maxResponseBytes, "maxResponseBytes"), truncated: true };
}
