/**
 * Per-key turns for the precondition proxy: reads of a key run side by side, writes of a key take
 * turns, and a write's change (not its precondition check) runs alone, with no read in flight.
 */

/** The turns of one key. */
class Turns {
  private reads = 0;
  private drained: (() => void) | undefined;
  /** Set while a write changes the key: reads arriving meanwhile wait for it. */
  private changing: Promise<void> | undefined;
  /** The end of the last queued write: the next one starts after it. */
  private writes: Promise<unknown> = Promise.resolve();
  /**
   * The key's ETag as a write turn left or read it (null: absent), for the writes queued behind it;
   * forgotten when the queue empties, so a write made around the proxy is seen by the next one.
   */
  known: string | null | undefined;

  /** Runs `work` beside the other reads, once no write is changing the key. */
  async read<T>(work: () => Promise<T>): Promise<T> {
    while (this.changing) await this.changing;
    this.reads++;
    try {
      return await work();
    } finally {
      if (--this.reads === 0) this.drained?.();
    }
  }

  /** Runs `work` after the writes queued before it; `work` changes the key through `change`. */
  write<T>(work: (change: <U>(step: () => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
    const turn = this.writes.then(() => work((step) => this.alone(step)));
    const tail: Promise<void> = turn
      .catch(() => {})
      .then(() => {
        if (this.writes === tail) this.known = undefined;
      });
    this.writes = tail;
    return turn;
  }

  /** Runs `step` with no read in flight; new reads wait until it ends (writes are one at a time). */
  private async alone<U>(step: () => Promise<U>): Promise<U> {
    let reopen: () => void = () => {};
    this.changing = new Promise<void>((resolve) => {
      reopen = resolve;
    });
    if (this.reads > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    this.drained = undefined;
    try {
      return await step();
    } finally {
      this.changing = undefined;
      reopen();
    }
  }
}

/** Turns per key, made on first use. */
export class KeyTurns {
  private readonly byKey = new Map<string, Turns>();

  of(key: string): Turns {
    let turns = this.byKey.get(key);
    if (!turns) {
      turns = new Turns();
      this.byKey.set(key, turns);
    }
    return turns;
  }
}
