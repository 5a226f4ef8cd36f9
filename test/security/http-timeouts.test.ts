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
 * The bounds below are orderings between timeouts, seconds apart, never a figure: a connection closes
 * no sooner than its own timeout and before the next longer one would have fired, so a loaded machine
 * (which only delays the close) has seconds of room.
 */

/** Opens a socket, writes `text`, and resolves with the milliseconds until the server closes it. */
function slowSocket(port: number, text: string, sockets: Socket[], onClose?: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connectSocket({ host: "127.0.0.1", port }, () => socket.write(text));
    sockets.push(socket);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => {
      onClose?.();
      resolve(performance.now() - started);
    });
    setTimeout(() => reject(new Error("the server kept the connection open")), 90_000).unref();
  });
}

describe("unitc serve --transport http under 150 slow connections", () => {
  let served: Served;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    served = await startServe();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await served.running.stop();
    await closeAll();
  });

  it("closes connections with unfinished headers within the headers timeout, and answers a client meanwhile", async () => {
    const port = Number(new URL(served.url).port);
    const partial = `POST /mcp HTTP/1.1\r\nHost: ${served.host}\r\nContent-Type: application/json\r\n`;
    let closedCount = 0;
    const closed = Promise.all(
      Array.from({ length: 150 }, () => slowSocket(port, partial, sockets, () => closedCount++)),
    );
    // A real client connects, initialises and pings while the slow sockets are all still open.
    const client = await connect(served.url, TOKEN);
    await client.ping();
    expect(closedCount).toBe(0);
    const times = await closed;
    // Closed by the headers timeout: not before it, and long before the whole-request timeout.
    expect(Math.min(...times)).toBeGreaterThan(HTTP_HEADERS_TIMEOUT_MS - 1_000);
    expect(Math.max(...times)).toBeLessThan(HTTP_REQUEST_TIMEOUT_MS);
  }, 60_000);
});

describe("the serve HTTP server's timeouts", () => {
  // Short timeouts, seconds apart, so each shows in a few seconds and none is mistaken for the next.
  const timeouts = { keepAliveMs: 500, headersMs: 4_000, requestMs: 8_000, checkEveryMs: 200 };
  /** Bounds a connection that is never closed (Node's own defaults are a minute and more). */
  const hang = 20_000;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const manifestPath = await compileProject(directNotesProject("http://127.0.0.1:9/api"));
    port = (await serve({ manifestPath, env: {} }, { timeouts })).http.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await closeAll();
  });

  it("default to 5 s keep-alive, 10 s for headers and 30 s for a whole request", () => {
    expect([HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS]).toEqual([
      5_000, 10_000, 30_000,
    ]);
  });

  it.concurrent("close a connection that opens and sends nothing", async () => {
    expect(await slowSocket(port, "", sockets)).toBeLessThan(timeouts.requestMs);
  });

  it.concurrent("close a connection whose headers stop halfway", async () => {
    const ms = await slowSocket(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", sockets);
    expect(ms).toBeGreaterThan(timeouts.headersMs - 300);
    expect(ms).toBeLessThan(timeouts.requestMs);
  });

  it.concurrent("close a connection whose body never completes", async () => {
    const head =
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      `Authorization: Bearer ${SERVE_TOKEN}\r\nContent-Length: 1000\r\n\r\n{`;
    const ms = await slowSocket(port, head, sockets);
    expect(ms).toBeGreaterThan(timeouts.requestMs - 300);
    expect(ms).toBeLessThan(hang);
  });

  it.concurrent("close an idle keep-alive connection after an answer", async () => {
    const ms = await slowSocket(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", sockets);
    // Seconds before the headers timeout: the keep-alive timeout closed it.
    expect(ms).toBeLessThan(timeouts.headersMs);
  });
});
