/**
 * Timeouts that count only the time the event loop was free, for a server's start-up window. unitc's
 * own synchronous work (parsing a large spec, say) can hold the loop for seconds while a server
 * starts; a plain timer due in that time fires the moment the loop is free, before the server's
 * answer waiting in the pipe is read (or before the request was even written), and blames the
 * server. These tick in short slices and count each slice at most its scheduled length: time the
 * loop was held beyond that is unitc's, not the server's. Expiry waits one more turn of the loop, so
 * an answer already received is read first.
 */

/** The longest a slice lasts: also how much held-loop time one late slice may count. */
const SLICE_MS = 100;

/** Calls `expire` once `ms` of loop-free time have passed; returns the function that cancels it. */
export function afterOwnWait(ms: number, expire: () => void): () => void {
  let counted = 0;
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let cancelled = false;
  const next = () => {
    const slice = Math.min(SLICE_MS, ms - counted);
    timer = setTimeout(() => {
      const now = performance.now();
      counted += Math.min(now - last, slice);
      last = now;
      if (counted < ms) next();
      else
        immediate = setImmediate(() => {
          if (!cancelled) expire();
        });
    }, slice);
  };
  next();
  return () => {
    cancelled = true;
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}

/** A signal that aborts with a `TimeoutError` once `ms` of loop-free time have passed, and its cancel. */
export function ownWaitSignal(ms: number): { signal: AbortSignal; cancel: () => void } {
  const controller = new AbortController();
  const cancel = afterOwnWait(ms, () =>
    controller.abort(new DOMException("The operation timed out.", "TimeoutError")),
  );
  return { signal: controller.signal, cancel };
}

/**
 * `promise`, or a rejection with `expired` once `ms` of loop-free time have passed, or with the
 * signal's reason once it aborts.
 */
export function withinOwnWait<T>(
  promise: Promise<T>,
  ms: number,
  expired: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let cancel: (() => void) | undefined;
  let stop: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancel = afterOwnWait(ms, () => reject(expired));
    stop = () => reject(signal?.reason);
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
  return Promise.race([promise, timeout]).finally(() => {
    cancel?.();
    if (stop) signal?.removeEventListener("abort", stop);
  });
}
