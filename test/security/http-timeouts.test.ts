/**
 * Attack: slowloris. Many connections that send part of their headers (or of their body) and then
 * nothing held sockets open for as long as Node's defaults allow (150 of them stayed 40 s). The serve
 * HTTP server now closes a connection whose headers are not complete within 10 s, whose request is
 * not complete within 30 s, and an idle keep-alive connection after 5 s, checking every second; a
 * real client is answered meanwhile.
 */
import { connect as connectSocket, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
} from "../../runtime/serve/http/serve.js";
import { directNotesProject } from "../runtime/serve/fixtures.js";
import { closeAll, compileProject, connect, TOKEN as SERVE_TOKEN, serve } from "../runtime/serve/support.js";
import { type Served, startServe, TOKEN } from "./serve-support.js";

/**
 * No figure is asserted: only what the server wrote before closing, and the order in which sockets
 * opened together are closed. A loaded machine delays every close alike, so the order stands.
 */

interface Closed {
  /** What the server wrote before it closed the connection. */
  reply: string;
  /** The order this socket was closed in, among the sockets of its test. */
  rank: number;
}

/** Opens a socket, writes `text`, and resolves when the server closes it. */
function slowSocket(
  port: number,
  text: string,
  sockets: Socket[],
  order: { closed: number },
  onClose?: () => void,
): Promise<Closed> {
  return new Promise((resolve, reject) => {
    let reply = "";
    const socket = connectSocket({ host: "127.0.0.1", port }, () => socket.write(text));
    sockets.push(socket);
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      onClose?.();
      resolve({ reply, rank: order.closed++ });
    });
    setTimeout(() => reject(new Error("the server kept the connection open")), 90_000).unref();
  });
}

// Both suites' clients, servers and projects, once neither runs any more.
afterAll(closeAll);

// The two suites run side by side (each on its own server): the first waits out the CLI's real 30 s
// request timeout, the second's shortened timeouts fit inside that wait.
describe.concurrent("unitc serve --transport http under 150 slow connections", () => {
  let served: Served;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    served = await startServe();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await served.running.stop();
  });

  it("closes connections with unfinished headers within the headers timeout, and answers a client meanwhile", async () => {
    const port = Number(new URL(served.url).port);
    const partial = `POST /mcp HTTP/1.1\r\nHost: ${served.host}\r\nContent-Type: application/json\r\n`;
    let closedCount = 0;
    const order = { closed: 0 };
    const closed = Promise.all(
      Array.from({ length: 150 }, () => slowSocket(port, partial, sockets, order, () => closedCount++)),
    );
    // Sent after the slow sockets: its body never completes, so only the whole-request timeout ends it.
    const unfinishedBody = slowSocket(
      port,
      `${partial}Authorization: Bearer ${TOKEN}\r\nContent-Length: 1000\r\n\r\n{`,
      sockets,
      order,
    );
    // A real client connects, initialises and pings while the slow sockets are all still open.
    const client = await connect(served.url, TOKEN);
    await client.ping();
    expect(closedCount).toBe(0);
    const slow = await closed;
    // Closed by the headers timeout with a 408, every one before the socket whose headers were whole.
    expect(new Set(slow.map((socket) => socket.reply.split("\r\n")[0]))).toEqual(
      new Set(["HTTP/1.1 408 Request Timeout"]),
    );
    expect((await unfinishedBody).rank).toBe(150);
  });
});

describe.concurrent("the serve HTTP server's timeouts", () => {
  // Short timeouts, seconds apart, so each shows in a few seconds and none is mistaken for the next.
  const timeouts = { keepAliveMs: 500, headersMs: 4_000, requestMs: 8_000, checkEveryMs: 200 };
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const manifestPath = await compileProject(directNotesProject("http://127.0.0.1:9/api"));
    port = (await serve({ manifestPath, env: {} }, { timeouts })).http.port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
  });

  it("default to 5 s keep-alive, 10 s for headers and 30 s for a whole request", () => {
    expect([HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS]).toEqual([
      5_000, 10_000, 30_000,
    ]);
  });

  it.concurrent("close each kind of stalled connection by its own timeout, the shorter ones first", async () => {
    const order = { closed: 0 };
    const idle = slowSocket(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", sockets, order);
    const halfHeaders = slowSocket(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", sockets, order);
    const unfinishedBody = slowSocket(
      port,
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Authorization: Bearer ${SERVE_TOKEN}\r\nContent-Length: 1000\r\n\r\n{`,
      sockets,
      order,
    );
    const [answered, headers, body] = await Promise.all([idle, halfHeaders, unfinishedBody]);
    // The keep-alive timeout closes an answered connection; the headers timeout (4 s) a request with
    // half its headers; the whole-request timeout (8 s) one whose body never completes.
    expect(answered.reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(answered.reply).not.toContain("408");
    expect(headers.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect([answered.rank, headers.rank, body.rank]).toEqual([0, 1, 2]);
  }, 60_000);

  it.concurrent("close a connection that opens and sends nothing, before one whose body never completes", async () => {
    const order = { closed: 0 };
    const silent = slowSocket(port, "", sockets, order);
    const unfinishedBody = slowSocket(
      port,
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Authorization: Bearer ${SERVE_TOKEN}\r\nContent-Length: 10\r\n\r\n{`,
      sockets,
      order,
    );
    const [nothing, body] = await Promise.all([silent, unfinishedBody]);
    expect([nothing.rank, body.rank]).toEqual([0, 1]);
  }, 60_000);
});
