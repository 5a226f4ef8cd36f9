/**
 * One HTTP request straight on an undici dispatcher, without fetch's WHATWG layers (Request,
 * Headers, web streams), which cost a unit call several times the loopback round trip itself. It
 * sends what fetch would (its default headers, `text/plain` for an untyped string body), answers
 * with the part of a `Response` the invokers read, and decodes gzip, deflate and brotli bodies as
 * fetch does. Only string bodies go this way; the invokers send the others through fetch. A process
 * making one call sends it over node:http instead (`singleRequest`), with the same headers and the
 * same answer.
 */
import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable, Transform } from "node:stream";
import type { ZlibOptions } from "node:zlib";

/** A response body: read by iterating, or given up with `cancel`. */
export interface AnswerBody extends AsyncIterable<Uint8Array> {
  cancel(): Promise<void>;
  /**
   * Reads the body's chunks until it ends or they pass `limit` bytes (the rest is then given up),
   * without an async iterator's promise per chunk. Bodies of fetch's `Response` do not have it.
   */
  collect?(limit: number): Promise<{ chunks: Uint8Array[]; size: number; over: boolean }>;
}

/** The part of a `Response` the HTTP invokers read; a fetch `Response` is one too. */
export interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: AnswerBody | null;
}

/** What one request sends: header names in lower case. */
export interface DirectInit {
  method: string;
  headers: Iterable<[string, string]>;
  body: string | undefined;
  signal: AbortSignal;
}

type Dispatcher = import("undici").Dispatcher;
type RequestApi = (
  this: Dispatcher,
  options: Record<string, unknown>,
) => Promise<{
  statusCode: number;
  statusText?: string;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}>;

let requestApi: Promise<RequestApi> | undefined;

/** undici's `request` alone (see `loadAgent` in guard.ts on why not the package entry). */
function loadRequest(): Promise<RequestApi> {
  requestApi ??= import("undici/lib/api/api-request.js" as string).then(
    (loaded: { default: RequestApi }) => loaded.default,
  );
  return requestApi;
}

/** The headers fetch adds when the caller sets none of that name. */
const FETCH_DEFAULTS: ReadonlyArray<[string, string]> = [
  ["accept", "*/*"],
  ["accept-language", "*"],
  ["sec-fetch-mode", "cors"],
  ["user-agent", "node"],
  ["accept-encoding", "gzip, deflate"],
];
/** Statuses whose answer has no body, whatever the server sends. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Content codings decoded in a row at most (as fetch: more is a resource attack). */
const MAX_CODINGS = 5;

function requestHeaders(init: DirectInit): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of init.headers) headers[name] = value;
  for (const [name, value] of FETCH_DEFAULTS) if (!(name in headers)) headers[name] = value;
  if (init.body !== undefined && !("content-type" in headers))
    headers["content-type"] = "text/plain;charset=UTF-8";
  return headers;
}

class Headers {
  constructor(private readonly raw: Record<string, string | string[] | undefined>) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/** Sends one request on `dispatcher` (which pins the checked address); never follows redirects. */
export async function directRequest(dispatcher: Dispatcher, url: URL, init: DirectInit): Promise<Answer> {
  const request = await loadRequest();
  const answer = await request.call(dispatcher, {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: init.method,
    headers: requestHeaders(init),
    body: init.body ?? null,
    signal: init.signal,
  });
  return answerOf(answer.statusCode, answer.statusText ?? "", answer.headers, answer.body, init.method);
}

/**
 * Sends one request over node:http(s) on a connection of its own, made to the address `lookup`
 * answers (the guard's, which allows only checked addresses); never follows redirects. For a process
 * that makes one call and exits, where loading undici's pooled client would be most of its time.
 */
export async function singleRequest(url: URL, init: DirectInit, lookup: LookupFunction): Promise<Answer> {
  // Not `import()`: the ES module face of node:http reads every export, and one of them loads
  // Node's own copy of undici, the very cost this transport is here to avoid.
  const { request } = process.getBuiltinModule(url.protocol === "https:" ? "node:https" : "node:http");
  const headers = requestHeaders(init);
  // Sized, as undici and fetch send a string body, not chunked.
  if (init.body !== undefined && !("content-length" in headers))
    headers["content-length"] = String(Buffer.byteLength(init.body));
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const sent = request(
      url,
      { method: init.method, headers, signal: init.signal, agent: false, lookup },
      resolve,
    );
    sent.on("error", reject);
    sent.end(init.body);
  });
  const status = response.statusCode ?? 502;
  return answerOf(status, response.statusMessage ?? "", response.headers, response, init.method);
}

/** The `Answer` of a response's status line, headers and body stream, its content codings undone. */
async function answerOf(
  status: number,
  statusText: string,
  raw: Record<string, string | string[] | undefined>,
  stream: Readable,
  method: string,
): Promise<Answer> {
  const headers = new Headers(raw);
  let body: AnswerBody | null = null;
  if (NULL_BODY.has(status) || method === "HEAD") stream.resume();
  else body = await decoded(stream, headers.get("content-encoding"));
  return { status, statusText, ok: status >= 200 && status < 300, headers, body };
}

/** A body read as chunks; cancelling it ends the stream (and the connection's response). */
function bodyOf(stream: Readable): AnswerBody {
  const cancel = async () => {
    // undici's body reports its own end by an error ("aborted"): nobody is left to hear it.
    stream.on("error", () => undefined);
    stream.destroy();
  };
  return {
    [Symbol.asyncIterator]: () => stream[Symbol.asyncIterator](),
    cancel,
    collect: (limit) =>
      new Promise((resolve, reject) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        const done = (error?: Error) => {
          stream.off("data", data);
          stream.off("end", end);
          stream.off("error", done);
          if (error) reject(error);
        };
        const data = (chunk: Uint8Array) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size <= limit) return;
          done();
          void cancel();
          resolve({ chunks, size, over: true });
        };
        const end = () => {
          done();
          resolve({ chunks, size, over: false });
        };
        stream.on("data", data);
        stream.on("end", end);
        stream.on("error", done);
      }),
  };
}

/** The body with its content codings undone, outermost last, as fetch does; unknown codings stay. */
async function decoded(stream: Readable, encoding: string | null): Promise<AnswerBody> {
  const codings = (encoding ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c !== "identity");
  if (codings.length === 0) return bodyOf(stream);
  if (codings.length > MAX_CODINGS) {
    stream.destroy();
    throw new Error(`too many content-encodings in the response: ${codings.length}`);
  }
  const zlib = await import("node:zlib");
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const decoders = [];
  for (const coding of codings.reverse()) {
    if (coding === "gzip" || coding === "x-gzip") decoders.push(zlib.createGunzip(flush));
    else if (coding === "deflate") decoders.push(inflater(zlib, flush));
    else if (coding === "br") decoders.push(zlib.createBrotliDecompress());
    // A coding fetch does not know leaves the body as sent.
    else return bodyOf(stream);
  }
  const last = decoders.at(-1) as Readable;
  pipeline([stream, ...decoders], () => undefined);
  return bodyOf(last);
}

/** `deflate` as sent in practice: zlib-wrapped (the standard) or raw, told apart by the first byte. */
function inflater(zlib: typeof import("node:zlib"), flush: ZlibOptions): Transform {
  let inner: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inner) {
        if (chunk.length === 0) return callback();
        inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib.createInflate(flush) : zlib.createInflateRaw(flush);
        inner.on("data", (data: Buffer) => this.push(data));
        inner.on("error", (error) => this.destroy(error));
      }
      inner.write(chunk, callback);
    },
    flush(callback) {
      if (!inner) return callback();
      inner.once("end", () => callback());
      inner.end();
    },
  });
}
