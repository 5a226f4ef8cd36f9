/**
 * Trying a failed read of the store again. A change feed reports a change once: a reader that fails
 * to read it (the store unreachable for a moment) must try again by itself, or it keeps what it had
 * until the next change, which may never come.
 */

/** The first wait before a failed read is tried again; each failure after it doubles the wait. */
export const RETRY_MS = 1_000;
/** The longest wait between tries. */
export const MAX_RETRY_MS = 30_000;

/** Runs `attempt` after a wait that doubles with each failure reported, up to {@link MAX_RETRY_MS}. */
export class Retry {
  private timer: NodeJS.Timeout | undefined;
  private waitMs: number;
  private closed = false;

  constructor(
    private readonly attempt: () => void,
    private readonly firstMs = RETRY_MS,
  ) {
    this.waitMs = firstMs;
  }

  /** How long the next try waits, in seconds, for log lines ("trying again in 2 s"). */
  get nextSeconds(): number {
    return this.waitMs / 1000;
  }

  /** A read failed: the attempt runs after the current wait (once, however many failed meanwhile). */
  failed(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.attempt();
    }, this.waitMs);
    this.timer.unref();
    this.waitMs = Math.min(this.waitMs * 2, MAX_RETRY_MS);
  }

  /** A read succeeded: the next failure waits the first wait again. */
  succeeded(): void {
    this.waitMs = this.firstMs;
  }

  /** No more tries. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
