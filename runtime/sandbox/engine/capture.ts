/** Byte caps on what a run hands back: console lines, the returned value and error messages, each with a visible marker. */
import type { LogEntry } from "../shared/protocol.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The first `max` bytes of `text` as UTF-8, never splitting a character. */
export function cutUtf8(text: string, max: number): string {
  const bytes = encoder.encode(text);
  if (bytes.length <= max) return text;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  return decoder.decode(bytes.subarray(0, end));
}

/** Collects console lines up to `maxBytes`; past it, counts what was dropped and says so once. */
export class LogBuffer {
  private readonly entries: LogEntry[] = [];
  private used = 0;
  private droppedBytes = 0;
  private droppedLines = 0;

  constructor(private readonly maxBytes: number) {}

  add(level: LogEntry["level"], message: string): void {
    const size = encoder.encode(message).length;
    const room = this.maxBytes - this.used;
    if (this.droppedLines === 0 && size <= room) {
      this.entries.push({ level, message });
      this.used += size;
      return;
    }
    if (this.droppedLines === 0 && room > 0) {
      const kept = cutUtf8(message, room);
      this.entries.push({ level, message: kept });
      this.used = this.maxBytes;
      this.droppedBytes += size - encoder.encode(kept).length;
    } else {
      this.droppedBytes += size;
    }
    this.droppedLines += 1;
  }

  /** The lines, ending with a marker entry when some output was dropped. */
  result(): LogEntry[] {
    if (this.droppedLines === 0) return [...this.entries];
    const marker = `[logs truncated: ${this.droppedBytes} more bytes in ${this.droppedLines} line(s) dropped; the cap is ${this.maxBytes} bytes]`;
    return [...this.entries, { level: "warn", message: marker }];
  }
}

/** An error message, or its first `maxBytes` followed by a marker when it is longer. */
export function capMessage(message: string, maxBytes: number): string {
  const size = encoder.encode(message).length;
  if (size <= maxBytes) return message;
  return `${cutUtf8(message, maxBytes)} … [message truncated: it is ${size} bytes; the cap is ${maxBytes} bytes]`;
}

/** The value's JSON text, or its first `maxBytes` followed by a marker when it is longer. */
export function capResult(json: string, maxBytes: number): { json: string; truncated: boolean } {
  const size = encoder.encode(json).length;
  if (size <= maxBytes) return { json, truncated: false };
  const marker = ` … [result truncated: it is ${size} bytes as JSON; the cap is ${maxBytes} bytes. Return less, for example only the fields you need]`;
  return { json: cutUtf8(json, maxBytes) + marker, truncated: true };
}
