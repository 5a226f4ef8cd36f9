// What the example services share: JSON answers, JSON bodies, and listening on 127.0.0.1 (port 0
// takes a free port; the resolved `url` says which).

/** Sends `body` as JSON with `status`. */
export function sendJson(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** The request body parsed as JSON (undefined when empty). */
export async function readJson(request) {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

/** Listens on 127.0.0.1:`port`; resolves to `{ url, close }`, rejects (EADDRINUSE) on a busy port. */
export async function listen(server, port) {
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}

/**
 * A fetch that sends requests for the origins the units name (`http://127.0.0.1:4320`) to where the
 * example services really listen (free ports), so the committed bundles run unchanged. `base` is
 * the fetch underneath (captured when made, so the result may stand in for the global fetch).
 */
export function redirectingFetch(origins, base = globalThis.fetch) {
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const target = origins[url.origin];
    if (!target) return base(request);
    const moved = new URL(`${url.pathname}${url.search}`, target);
    return base(new Request(moved, request));
  };
}
