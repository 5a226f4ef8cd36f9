/**
 * A small round-robin HTTP balancer on 127.0.0.1 in front of `unitc serve --stateless` replicas,
 * behaving as nginx does by default (`proxy_next_upstream error`): a replica that refuses the
 * connection is skipped and the request goes to the next one, since nothing was sent; a replica that
 * dies after the request reached it gets the caller a 502, as the request may have been acted on.
 * Only node: imports, so the benchmarks can load this file directly on Node 24.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";

/** A running balancer; `backends` may be changed while it runs (a replica restarted elsewhere). */
export interface RoundRobin {
  url: string;
  backends: string[];
  /** Requests answered 502: their replica failed after the request was sent (or none was up). */
  failed: number;
  /** Requests sent to a backend origin and not yet answered. */
  inFlight(origin: string): number;
  /** Requests ever sent to a backend origin. */
  sent(origin: string): number;
  /** Requests a backend origin failed after they reached it. */
  lost(origin: string): number;
  close(): Promise<void>;
}

/** Why a forward failed: `refused` before anything was sent (try the next one), `lost` after. */
type Outcome = "answered" | "refused" | "lost";

function forward(
  origin: string,
  incoming: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(incoming.url ?? "/", origin);
    const headers = { ...incoming.headers, host: target.host };
    // No keep-alive to the replicas: a pooled socket to a killed replica would turn a request that
    // could have gone elsewhere into a lost one.
    const outgoing = request(target, { method: incoming.method, headers, agent: false });
    let connected = false;
    outgoing.on("socket", (socket) => socket.once("connect", () => (connected = true)));
    outgoing.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on("end", () => resolve("answered"));
      answer.on("error", () => {
        response.destroy();
        resolve("lost");
      });
    });
    outgoing.on("error", () => {
      if (response.headersSent) {
        response.destroy();
        resolve("lost");
      } else resolve(connected ? "lost" : "refused");
    });
    incoming.on("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    outgoing.end(body);
  });
}

/** Starts a balancer over `backends` (origins such as `http://127.0.0.1:1234`). */
export async function startRoundRobin(backends: string[]): Promise<RoundRobin> {
  let next = 0;
  const going = new Map<string, number>();
  const sent = new Map<string, number>();
  const lost = new Map<string, number>();
  const add = (map: Map<string, number>, origin: string, by: number) =>
    map.set(origin, (map.get(origin) ?? 0) + by);
  const state: Pick<RoundRobin, "backends" | "failed"> = { backends: [...backends], failed: 0 };
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // Each retry goes to the replica after the one that refused, not to the shared next one, so
    // that concurrent requests never try the same dead replica twice.
    const first = next++;
    for (let tries = 0; tries < state.backends.length; tries++) {
      const origin = state.backends[(first + tries) % state.backends.length] as string;
      add(going, origin, 1);
      add(sent, origin, 1);
      const outcome = await forward(origin, incoming, body, response).finally(() => add(going, origin, -1));
      if (outcome === "answered") return;
      if (outcome === "lost") {
        add(lost, origin, 1);
        break;
      }
    }
    state.failed++;
    if (response.headersSent) return void response.destroy();
    response.writeHead(502, { "content-type": "text/plain" }).end("bad gateway\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    inFlight: (origin: string) => going.get(origin) ?? 0,
    sent: (origin: string) => sent.get(origin) ?? 0,
    lost: (origin: string) => lost.get(origin) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
