/**
 * The last bytes of a stream (a downstream's stderr), kept in bounded memory however much is written.
 * A server that floods stderr is drained continuously, so it never blocks on a full pipe.
 */

/** Keeps at most `limit` of the most recent bytes. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes dropped from the front so far. */
  dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.limit) {
      this.dropped += this.size + chunk.length - this.limit;
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.limit))];
      this.size = this.limit;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.limit) {
      const first = this.chunks[0] as Buffer;
      const excess = this.size - this.limit;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
        this.dropped += first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
        this.dropped += excess;
      }
    }
  }

  /** The kept bytes as text; a character cut at the front is dropped, not garbled. */
  text(): string {
    const bytes = Buffer.concat(this.chunks, this.size);
    let start = 0;
    while (start < bytes.length && start < 4 && ((bytes[start] as number) & 0xc0) === 0x80) start++;
    return bytes.subarray(start).toString("utf8");
  }

  /** The last `lines` non-empty lines, for diagnostics. */
  lastLines(lines: number): string[] {
    return this.text()
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .slice(-lines);
  }
}

/** Most stderr lines a report quotes of a server that did not start. */
const STDERR_LINES = 12;

/** The last non-empty lines of a start failure's stderr excerpt (already bounded and redacted). */
export function stderrLines(excerpt: string | undefined): string[] {
  return (excerpt ?? "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .slice(-STDERR_LINES);
}
