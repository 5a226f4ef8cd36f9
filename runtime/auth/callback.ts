/**
 * The loopback listener of a login: `http://127.0.0.1:<port>/callback`, waiting for the provider's
 * redirect, or for the same URL pasted (when the browser runs where the listener cannot be reached).
 * The listener answers only `GET` with a loopback `Host` naming its port (RFC 8252 §7.3, §8.3), so a
 * web page cannot reach it through DNS rebinding or a form post; a request with another `state` gets
 * an error page and the login keeps waiting for its own (any page can guess the port, none the
 * state). An `error=` callback with the right state ends the wait at once; so does the time limit.
 * A pasted line comes from the person at the terminal: a wrong state there ends the login, saying so.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { UnitError } from "../contract/errors.js";

/** A listener waiting for one callback. */
export interface CallbackListener {
  redirectUri: string;
  /** The callback's parameters once a good one arrives; rejects on a bad one or the time limit. */
  result: Promise<URLSearchParams>;
  close(): Promise<void>;
}

const PAGE_DONE = "Logged in; you can close this window and return to the terminal.\n";

/** Listens on 127.0.0.1 (`port` 0: a free one), and reads `pasted` lines, for the callback carrying `state`. */
export async function listenForCallback(
  port: number,
  state: string,
  timeoutMs: number,
  pasted?: AsyncIterable<string>,
): Promise<CallbackListener> {
  let settle!: { resolve: (p: URLSearchParams) => void; reject: (e: Error) => void };
  const result = new Promise<URLSearchParams>((resolve, reject) => {
    settle = { resolve, reject };
  });
  result.catch(() => undefined);
  const settleWith = (outcome: URLSearchParams | UnitError): void => {
    if (outcome instanceof Error) settle.reject(outcome);
    else settle.resolve(outcome);
  };
  let bound = 0;
  const server: Server = createServer(answerCallback(state, () => bound, settleWith));
  await listenOn(server, port);
  const timer = giveUpAfter(timeoutMs, (error) => settle.reject(error));
  const stopReading = pasted ? readPasted(pasted, (line) => settleWith(judgePasted(line, state))) : undefined;
  bound = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${bound}/callback`,
    result,
    async close() {
      clearTimeout(timer);
      stopReading?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Opens `server` on 127.0.0.1:`port`; rejects when the port cannot be had. */
function listenOn(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

/** Ends the wait with an error once `timeoutMs` has passed (the returned timer is cleared on close). */
function giveUpAfter(timeoutMs: number, reject: (error: UnitError) => void): NodeJS.Timeout {
  return setTimeout(() => {
    const minutes = Math.round(timeoutMs / 60_000);
    reject(
      new UnitError(
        "AUTH_FAILED",
        `no login callback arrived within ${minutes >= 1 ? `${minutes} minutes` : `${timeoutMs} ms`}; gave up`,
        {
          hint: "run unitc auth login again and finish the login in the browser",
        },
      ),
    );
  }, timeoutMs);
}

/**
 * The listener's answer to a request: only a `GET` of `/callback` with a loopback `Host` on its own
 * port (`port()`, known once bound) and this login's `state` is judged and offered.
 */
function answerCallback(
  state: string,
  port: () => number,
  offer: (outcome: URLSearchParams | UnitError) => void,
): RequestListener {
  return (request, response) => {
    const text = { "content-type": "text/plain; charset=utf-8" };
    if (request.method !== "GET") {
      response.writeHead(405, { ...text, allow: "GET" }).end("Only GET reaches the login callback.\n");
      return;
    }
    if (!LOOPBACK_HOSTS.has(hostName(request.headers.host, port()))) {
      response
        .writeHead(421, text)
        .end("The login callback answers only on this machine's loopback address.\n");
      return;
    }
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    if (url.searchParams.get("state") !== state) {
      // Not this login's: answered, and the login goes on waiting for its own callback.
      response.writeHead(400, text).end(`Login failed: ${stateMismatch().message}\n`);
      return;
    }
    const outcome = judge(url.searchParams, state);
    response.writeHead(outcome instanceof Error ? 400 : 200, text);
    response.end(outcome instanceof Error ? `Login failed: ${outcome.message}\n` : PAGE_DONE);
    offer(outcome);
  };
}

/** The `Host` values the listener answers: the loopback names, with its own port. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The host name of a `Host` header when it carries exactly `port`, else "" (refused). */
function hostName(host: string | undefined, port: number): string {
  const url = host !== undefined && URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
  // A URL without a port is on 80, as a browser leaves it out there; userinfo or a path is no Host.
  if (!url || url.username || url.pathname !== "/" || Number(url.port || 80) !== port) return "";
  return url.hostname;
}

function stateMismatch(): UnitError {
  return new UnitError("AUTH_FAILED", "the login callback's state did not match this login; refused", {
    hint: "run unitc auth login again; a callback from another login attempt is never accepted",
  });
}

/** The parameters when the callback is good, else the error to surface. */
function judge(params: URLSearchParams, state: string): URLSearchParams | UnitError {
  if (params.get("state") !== state) return stateMismatch();
  const error = params.get("error");
  if (error !== null) {
    const description = params.get("error_description");
    return new UnitError(
      "AUTH_FAILED",
      `the provider refused the login: ${error}${description ? ` (${description})` : ""}`,
      {
        hint: "check the unit's clientId, scopes and redirect URI registered with the provider",
      },
    );
  }
  if (!params.get("code")) return new UnitError("AUTH_FAILED", "the login callback carried no code");
  return params;
}

/** Offers each non-empty line of `lines` until stopped; returns the stop. */
function readPasted(lines: AsyncIterable<string>, offer: (line: string) => void): () => void {
  const iterator = lines[Symbol.asyncIterator]();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const next = await iterator.next().catch(() => ({ done: true as const, value: undefined }));
      if (next.done || stopped) return;
      if (next.value.trim()) offer(next.value.trim());
    }
  })();
  return () => {
    stopped = true;
    void iterator.return?.()?.catch(() => undefined);
  };
}

/** A pasted line judged like a callback the listener received. */
function judgePasted(line: string, state: string): URLSearchParams | UnitError {
  const url = URL.canParse(line) ? new URL(line) : undefined;
  if (url?.pathname !== "/callback") {
    return new UnitError("AUTH_FAILED", "the pasted text is not the login's callback URL", {
      hint: "paste the whole address the browser was sent to after the login (http://127.0.0.1:…/callback?…), then run unitc auth login again",
    });
  }
  return judge((url as URL).searchParams, state);
}
