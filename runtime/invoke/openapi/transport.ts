/**
 * A minimal fetch over `node:http` for the one method fetch refuses: TRACE (the Fetch standard
 * forbids it). It follows no redirects itself (the caller's `send` decides, as for every request) and
 * hands back a standard `Response` whose body is read under the usual byte cap.
 * https://fetch.spec.whatwg.org/#forbidden-method
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Sends one request with `node:http(s)`; only the `RequestInit` fields `send` uses are honoured. */
export function nodeFetch(input: URL | string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const headers = Object.fromEntries(new Headers(init.headers ?? {}));
  const { lookup } = init as { lookup?: import("node:net").LookupFunction };
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: init.method ?? "GET",
        headers,
        signal: init.signal ?? undefined,
        // The outbound guard's lookup, when it sends this request: the socket goes to the checked address.
        ...(lookup ? { lookup } : {}),
      },
      (res) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            responseHeaders.append(name, one);
          }
        }
        const status = res.statusCode ?? 502;
        const body = NULL_BODY_STATUSES.has(status)
          ? null
          : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (body === null) res.resume();
        resolve(
          new Response(body, { status, statusText: res.statusMessage ?? "", headers: responseHeaders }),
        );
      },
    );
    request.on("error", reject);
    if (typeof init.body === "string") request.write(init.body);
    request.end();
  });
}
