/**
 * A loopback proxy that enforces `If-None-Match: *` and `If-Match` on object PUT and DELETE in
 * front of s3rver, which accepts those headers and ignores them. It is the one stand-in of the
 * object_store tests: everything else is the real S3 SDK talking to a real S3-compatible server.
 * Writes of one object take turns here, each checked then made, as S3 makes conditional writes atomic;
 * reads of it run side by side, as on S3, but never while a write changes it, since s3rver rewrites an
 * object's files in place. A write is answered only once s3rver reads it back: s3rver answers a PUT
 * before the object's file is fully written (its ETag is already new), so a reader could pair the new
 * ETag with the old bytes and a conditional write on that ETag would silently drop an update. S3
 * itself is read-after-write consistent.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { KeyTurns } from "./key-turns.js";

/** A running proxy: its URL, test hooks, and how to stop it. */
export interface PreconditionProxy {
  url: string;
  /**
   * The next conditional PUT is answered 502: after s3rver took it (`landed`, the write is there and
   * the answer is lost) or without forwarding it (`dropped`, nothing was written).
   */
  failNextPut(how: "landed" | "dropped"): void;
  /** The next conditional DELETE is answered 500 without forwarding it: nothing was deleted. */
  failNextDelete(): void;
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function sendOnce(
  target: URL,
  method: string,
  path: string,
  headers: IncomingMessage["headers"],
  body?: Buffer,
): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    // A fresh connection per request: on a reused keep-alive socket s3rver's answers can come out of
    // step (a parse error on a PUT that had landed, which the SDK then resent as a 412 "conflict").
    const options = { host: target.hostname, port: target.port, method, path, headers, agent: false };
    const out = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    out.on("error", reject);
    out.end(body);
  });
}

/**
 * One request to s3rver, sent again when the connection fails before an answer or s3rver answers
 * 5xx (on a loaded machine it drops connections, and once answered a DELETE 500 InternalError).
 * Safe to repeat: every request here is a read, a delete, or a write of the same bytes to one key
 * while that key's turn holds, its precondition already checked.
 */
async function send(
  target: URL,
  method: string,
  path: string,
  headers: IncomingMessage["headers"],
  body?: Buffer,
): Promise<Upstream> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await sendOnce(target, method, path, headers, body);
      if (answer.status < 500 || attempt >= 5) return answer;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function failed(res: ServerResponse): void {
  res.writeHead(412, { "content-type": "application/xml" });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
  );
}

function reply(res: ServerResponse, answer: Upstream): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

function badGateway(res: ServerResponse): void {
  res.writeHead(502, { "content-type": "text/plain" });
  res.end("bad gateway (test hook)");
}

function internalError(res: ServerResponse): void {
  res.writeHead(500, { "content-type": "application/xml" });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error (test hook)</Message></Error>',
  );
}

/** Waits until s3rver serves the bytes whose MD5 is `etag` at `path` (its ETags are MD5s). */
async function settled(target: URL, path: string, host: string | undefined, etag: string): Promise<void> {
  const want = etag.replaceAll('"', "");
  // Bounded by time, not tries: a loaded machine makes each read slow.
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const read = await send(target, "GET", path, { host });
    if (read.status === 200 && createHash("md5").update(read.body).digest("hex") === want) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`s3rver never served the write at ${path}`);
}

/** Starts the proxy on a free loopback port in front of `upstreamUrl`. */
export async function startPreconditionProxy(upstreamUrl: string): Promise<PreconditionProxy> {
  const target = new URL(upstreamUrl);
  const keys = new KeyTurns();
  let failPut: "landed" | "dropped" | undefined;
  let failDelete = false;
  const etagOf = async (path: string, host: string | undefined): Promise<string | null> => {
    const head = await send(target, "HEAD", path, { host });
    return head.status === 200 ? String(head.headers.etag) : null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0] as string;
    const method = req.method ?? "GET";
    const turns = keys.of(path);
    if (method === "GET" || method === "HEAD") {
      return reply(res, await turns.read(() => send(target, method, req.url ?? "/", req.headers)));
    }
    const ifNoneMatch = req.headers["if-none-match"];
    const ifMatch = req.headers["if-match"];
    const conditional = (method === "PUT" || method === "DELETE") && Boolean(ifNoneMatch || ifMatch);
    // Checked beside the key's reads. A write that fails it now has lost (a 412 is a true answer as of
    // this read) and need not queue behind the others; one that passes is checked again in its turn,
    // when no other write of this key can come between check and write.
    const holds = (etag: string | null) =>
      !(ifNoneMatch === "*" && etag !== null) && !(ifMatch && etag !== ifMatch);
    const read = () => turns.read(() => etagOf(path, req.headers.host));
    if (conditional && !holds(await read())) return failed(res);
    return turns.write(async (change) => {
      // A write queued behind another needs no read when that turn left the ETag known: the writes
      // of the test's stores all come through these turns, so nothing changed it since.
      if (conditional) {
        if (turns.known === undefined) turns.known = await read();
        if (!holds(turns.known)) return failed(res);
      }
      if (method === "DELETE" && ifMatch && failDelete) {
        failDelete = false;
        return internalError(res);
      }
      const fail = method === "PUT" && conditional ? failPut : undefined;
      if (fail) failPut = undefined;
      if (fail === "dropped") return badGateway(res);
      // Alone: s3rver rewrites the object's files in place, so a read meanwhile could see half of it.
      const answer = await change(async () => {
        turns.known = undefined; // unknown until s3rver's answer says otherwise
        const sent = await send(target, method, req.url ?? "/", req.headers, body);
        const etag = sent.headers.etag;
        if (method === "PUT" && sent.status === 200 && typeof etag === "string") {
          await settled(target, path, req.headers.host, etag);
          turns.known = etag;
        }
        if (method === "DELETE" && sent.status === 204) turns.known = null;
        return sent;
      });
      if (fail === "landed") return badGateway(res);
      reply(res, answer);
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      try {
        await handle(req, res, await readBody(req));
      } catch (error) {
        res.writeHead(502);
        res.end(String(error));
      }
    })();
  });
  // Idle connections are kept a minute rather than Node's default 5 s: on a loaded machine a writer
  // reused a connection the proxy was closing, and its conditional PUT ended in "socket hang up",
  // which the store rightly reports as a write of unknown outcome.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failNextPut: (how) => {
      failPut = how;
    },
    failNextDelete: () => {
      failDelete = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
