/**
 * The fetch given to the SDK's HTTP transports (Streamable HTTP and legacy SSE), which otherwise
 * read a response without a bound. Every response body passes through a byte counter: an SSE stream
 * may carry any number of events, but one event (bytes since the last blank line) may not exceed the
 * message limit; any other body (a JSON answer, an error page) may not exceed it in total. On the
 * first byte over, `onOverflow` runs first (it closes the transport, so the SDK neither reconnects
 * nor retries, the stream having been cut on purpose), then the body stream errors, which cancels
 * the download: nothing past the limit is ever held.
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { MessageTooLargeError } from "./stdio-transport.js";

const LF = 0x0a;
const CR = 0x0d;

/** Counts the bytes of the message being read; `push` returns false once it is over the limit. */
interface Counter {
  push(chunk: Uint8Array): boolean;
}

/** The whole body is one message. */
function totalCounter(limit: number): Counter {
  let seen = 0;
  return {
    push(chunk) {
      seen += chunk.byteLength;
      return seen <= limit;
    },
  };
}

/**
 * An SSE stream: each event ends at a blank line (two line ends in a row; CR, LF and CRLF each end a
 * line), and only the bytes of the event being read count.
 */
function eventCounter(limit: number): Counter {
  let seen = 0;
  let lineEmpty = true;
  let afterCR = false;
  const lineEnd = () => {
    if (lineEmpty) seen = 0;
    lineEmpty = true;
  };
  return {
    push(chunk) {
      // Most chunks of a long event hold no line end at all: count them whole.
      if (chunk.indexOf(LF) === -1 && chunk.indexOf(CR) === -1) {
        seen += chunk.byteLength;
        if (chunk.byteLength > 0) lineEmpty = afterCR = false;
        return seen <= limit;
      }
      for (const byte of chunk) {
        seen += 1;
        if (byte === LF) {
          // The LF of a CRLF belongs to the line end the CR already counted.
          if (!afterCR) lineEnd();
          afterCR = false;
        } else if (byte === CR) {
          lineEnd();
          afterCR = true;
        } else {
          lineEmpty = afterCR = false;
        }
        if (seen > limit) return false;
      }
      return true;
    },
  };
}

/** Statuses whose responses have no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function isEventStream(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return type.split(";", 1)[0]?.trim().toLowerCase() === "text/event-stream";
}

/** `response` with its body read through `counter`; `over` gives the error that cuts it. */
function counted(response: Response, counter: Counter, over: () => Error): Response {
  const body = (response.body as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (counter.push(chunk)) controller.enqueue(chunk);
        else controller.error(over());
      },
    }),
  );
  const copy = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The SDK reads where a response came from when it explains a redirect it did not follow.
  for (const name of ["url", "redirected", "type"] as const) {
    Object.defineProperty(copy, name, { value: response[name] });
  }
  return copy;
}

/**
 * `base`, with every response body bounded by `limit` bytes per message. `onOverflow` is called once
 * per over-size message, before its stream errors.
 */
export function boundedFetch(
  base: FetchLike,
  limit: number,
  onOverflow: (error: MessageTooLargeError) => void,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || NULL_BODY.has(response.status)) return response;
    const counter = isEventStream(response) ? eventCounter(limit) : totalCounter(limit);
    return counted(response, counter, () => {
      const error = new MessageTooLargeError(limit);
      onOverflow(error);
      return error;
    });
  };
}
