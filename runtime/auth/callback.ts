/**
 * The loopback listener of a login: `http://127.0.0.1:<port>/callback`, waiting for the provider's
 * redirect, or for the same URL pasted (when the browser runs where the listener cannot be reached).
 * A wrong `state` or an `error=` callback ends the wait at once, whichever way it came; so does the
 * time limit.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { UnitError } from "../errors.js";

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
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const outcome = judge(url.searchParams, state);
    response.writeHead(outcome instanceof Error ? 400 : 200, { "content-type": "text/plain; charset=utf-8" });
    response.end(outcome instanceof Error ? `Login failed: ${outcome.message}\n` : PAGE_DONE);
    settleWith(outcome);
  });
  const settleWith = (outcome: URLSearchParams | UnitError): void => {
    if (outcome instanceof Error) settle.reject(outcome);
    else settle.resolve(outcome);
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const timer = setTimeout(() => {
    const minutes = Math.round(timeoutMs / 60_000);
    settle.reject(
      new UnitError(
        "AUTH_FAILED",
        `no login callback arrived within ${minutes >= 1 ? `${minutes} minutes` : `${timeoutMs} ms`}; gave up`,
        {
          hint: "run unitc auth login again and finish the login in the browser",
        },
      ),
    );
  }, timeoutMs);
  const stopReading = pasted ? readPasted(pasted, (line) => settleWith(judgePasted(line, state))) : undefined;
  const { port: bound } = server.address() as AddressInfo;
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

/** The parameters when the callback is good, else the error to surface. */
function judge(params: URLSearchParams, state: string): URLSearchParams | UnitError {
  if (params.get("state") !== state) {
    return new UnitError("AUTH_FAILED", "the login callback's state did not match this login; refused", {
      hint: "run unitc auth login again; a callback from another login attempt is never accepted",
    });
  }
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
