/**
 * Output of a spawned command: stdout and stderr share one byte cap (`maxOutputBytes`); bytes past it
 * are drained and dropped while the command runs on. What fits is kept in arrival order too, for
 * setup and verify, which show both streams as one. A bounded tail of stderr is kept apart for error
 * excerpts, so the message that usually ends stderr survives even when the cap was hit early.
 */

/** Enough bytes for a 2,000-character excerpt, with room to redact a secret cut at the window's edge. */
const STDERR_TAIL_BYTES = 16_384;

/** Backs `end` off so a cut does not split a UTF-8 sequence. */
function utf8Boundary(chunk: Buffer, end: number): number {
  let at = end;
  while (at > 0 && at < chunk.length && ((chunk[at] as number) & 0xc0) === 0x80) at--;
  return at;
}

/** Collects one run's output under a combined byte cap. */
export class OutputCollector {
  private remaining: number;
  private readonly stdoutChunks: Buffer[] = [];
  /** Both streams' kept bytes, in the order they arrived. */
  private readonly combinedChunks: Buffer[] = [];
  private stderrTailBytes: Buffer = Buffer.alloc(0);
  /** True when stdout lost bytes to the cap. */
  stdoutCut = false;
  /** True when stderr lost bytes to the cap (its tail is still kept). */
  stderrCut = false;
  /** True when the kept stderr tail lost its start. */
  stderrTailCut = false;

  constructor(limit: number) {
    this.remaining = Math.max(0, limit);
  }

  addStdout(chunk: Buffer): void {
    if (this.stdoutCut) return;
    const kept = this.keep(chunk);
    if (kept.length > 0) this.stdoutChunks.push(kept);
    if (kept.length < chunk.length) this.stdoutCut = true;
  }

  addStderr(chunk: Buffer): void {
    if (this.keep(chunk).length < chunk.length) this.stderrCut = true;
    const joined = Buffer.concat([this.stderrTailBytes, chunk]);
    if (joined.length > STDERR_TAIL_BYTES) this.stderrTailCut = true;
    this.stderrTailBytes =
      joined.length > STDERR_TAIL_BYTES ? Buffer.from(joined.subarray(-STDERR_TAIL_BYTES)) : joined;
  }

  /** The part of `chunk` that fits under the cap (cut on a UTF-8 boundary), recorded in order. */
  private keep(chunk: Buffer): Buffer {
    const end = chunk.length <= this.remaining ? chunk.length : utf8Boundary(chunk, this.remaining);
    this.remaining = chunk.length <= this.remaining ? this.remaining - chunk.length : 0;
    const kept = chunk.subarray(0, end);
    if (kept.length > 0) this.combinedChunks.push(kept);
    return kept;
  }

  /** True when either stream lost bytes to the cap. */
  get cut(): boolean {
    return this.stdoutCut || this.stderrCut;
  }

  /** Both streams as they arrived, as far as they fit under the cap. */
  combined(): string {
    return Buffer.concat(this.combinedChunks).toString("utf8");
  }

  /** The stdout that fit under the cap. */
  stdout(): string {
    return Buffer.concat(this.stdoutChunks).toString("utf8");
  }

  /** The last bytes of stderr, decoded. */
  stderrTail(): string {
    return this.stderrTailBytes.toString("utf8");
  }
}
