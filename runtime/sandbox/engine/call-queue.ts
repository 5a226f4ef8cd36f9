/**
 * A run's bridge requests on their way to the host, inside the engine worker: each is measured in
 * bytes of UTF-8, the run's calls and bytes are counted against its budgets, and at most
 * `maxCallsInFlight` are with the host at once. The rest wait here, so a script that fires
 * thousands of calls without awaiting them never makes the host buffer them.
 */
import type { EngineError, RunJob } from "../shared/protocol.js";

/** What becomes of a request: sent or waiting (`id`), refused (the call fails), or the run stops. */
export type Accepted = { id: number } | { refuse: EngineError } | { stop: EngineError };

function callLimit(what: string): EngineError {
  return {
    code: "CALL_LIMIT",
    message: `${what}; the run was stopped`,
    hint: "make fewer, smaller calls per run (await them a few at a time), or split the work over several runs",
  };
}

export class CallQueue {
  private calls = 0;
  private bytes = 0;
  private inFlight = 0;
  private readonly waiting: Array<{ id: number; text: string }> = [];

  constructor(
    private readonly job: RunJob,
    private readonly send: (callId: number, request: string) => void,
  ) {}

  /** Takes one request of the script. */
  accept(text: string): Accepted {
    const size = Buffer.byteLength(text, "utf8");
    if (size > this.job.maxRequestBytes) {
      return {
        refuse: {
          code: "REQUEST_TOO_LARGE",
          message: `a call's input may be at most ${this.job.maxRequestBytes} bytes of JSON; this one is ${size} bytes`,
          hint: "send less per call: split the input over several calls",
        },
      };
    }
    this.calls += 1;
    if (this.calls > this.job.maxCalls)
      return { stop: callLimit(`the script made more than ${this.job.maxCalls} calls`) };
    this.bytes += size;
    if (this.bytes > this.job.maxRunRequestBytes) {
      return {
        stop: callLimit(
          `the script's calls sent more than ${this.job.maxRunRequestBytes} bytes of input in all`,
        ),
      };
    }
    if (this.inFlight < this.job.maxCallsInFlight) {
      this.inFlight += 1;
      this.send(this.calls, text);
    } else {
      this.waiting.push({ id: this.calls, text });
    }
    return { id: this.calls };
  }

  /** A reply came back: its slot goes to the next waiting request. */
  replied(): void {
    const next = this.waiting.shift();
    if (next) this.send(next.id, next.text);
    else this.inFlight -= 1;
  }
}
