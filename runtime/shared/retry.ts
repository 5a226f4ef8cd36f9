/**
 * Waiting longer after each failure: the restarts of a crashed MCP server, the reconnects to an
 * upstream unitc, and the reads of a change the store's feed reported once. A reader that fails to
 * read such a change (the store unreachable for a moment) must try again by itself, or it keeps what
 * it had until the next change, which may never come.
 */

/** The first wait of {@link backoffMs} unless a caller names its own. */
const BASE_BACKOFF_MS = 250;
/** The longest wait between tries. */
export const MAX_BACKOFF_MS = 30_000;

/** The wait before try number `failures` + 1 (`failures` 1-based): `baseMs`, doubled per failure, at most 30 s. */
export function backoffMs(failures: number, baseMs = BASE_BACKOFF_MS): number {
  return failures <= 0 ? 0 : Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (failures - 1));
}

/** The first wait before a failed read of the store is tried again. */
export const RETRY_MS = 1_000;

/** Runs `attempt` after a wait that doubles with each failure reported (see {@link backoffMs}). */
export class Retry {
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly attempt: () => void,
    private readonly firstMs = RETRY_MS,
  ) {}

  /** How long the next try waits, in seconds, for log lines ("trying again in 2 s"). */
  get nextSeconds(): number {
    return backoffMs(this.failures + 1, this.firstMs) / 1000;
  }

  /** A read failed: the attempt runs after the current wait (once, however many failed meanwhile). */
  failed(): void {
    if (this.closed || this.timer) return;
    this.failures += 1;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.attempt();
      },
      backoffMs(this.failures, this.firstMs),
    );
    this.timer.unref();
  }

  /** A read succeeded: the next failure waits the first wait again. */
  succeeded(): void {
    this.failures = 0;
  }

  /** No more tries. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
