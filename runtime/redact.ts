/**
 * Keeps resolved secrets out of anything shown: results, error excerpts, stderr tails, logs. Every
 * path redacts through {@link redactOutput} (or {@link redactJson} for parsed JSON) before it cuts
 * anything further, so a later cut cannot split a secret that was still whole.
 */

const MARK = "[redacted]";

/** Replaces every occurrence of each secret (of 4+ characters) in `text`. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  const sorted = usable(secrets).sort((a, b) => b.length - a.length);
  for (const secret of sorted) out = out.split(secret).join(MARK);
  return out;
}

/** Replaces each secret inside the strings (keys included) of a parsed JSON value. */
export function redactJson(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key, secrets), redactJson(item, secrets)]),
    );
  }
  return value;
}

/** Where a piece of output was already cut off from the rest (by a reader's byte cap, a tail buffer). */
export interface CutEdges {
  /** Bytes after the piece were not read. */
  end?: boolean;
  /** Bytes before the piece were dropped (a tail). */
  start?: boolean;
}

function usable(secrets: Iterable<string>): string[] {
  return [...secrets].filter((s) => s.length >= 4);
}

/** Length of the longest proper prefix of a secret that `text` ends with. */
function partialAtEnd(text: string, secrets: readonly string[]): number {
  let cut = 0;
  for (const secret of secrets) {
    for (let n = Math.min(secret.length - 1, text.length); n > cut; n--) {
      if (text.endsWith(secret.slice(0, n))) {
        cut = n;
        break;
      }
    }
  }
  return cut;
}

/** Length of the longest proper suffix of a secret that `text` starts with. */
function partialAtStart(text: string, secrets: readonly string[]): number {
  let cut = 0;
  for (const secret of secrets) {
    for (let n = Math.min(secret.length - 1, text.length); n > cut; n--) {
      if (text.startsWith(secret.slice(secret.length - n))) {
        cut = n;
        break;
      }
    }
  }
  return cut;
}

/**
 * The one redaction step for output shown to anyone: every whole secret is replaced, and at an edge
 * where the piece was cut off from the rest, a part of a secret the cut left there is dropped (`redact`
 * only finds whole ones). Cut the result further as needed: no secret is left to split.
 */
export function redactOutput(text: string, secrets: Iterable<string>, cut: CutEdges = {}): string {
  const list = usable(secrets);
  let out = redact(text, list);
  if (cut.end) out = out.slice(0, out.length - partialAtEnd(out, list));
  if (cut.start) out = out.slice(partialAtStart(out, list));
  return out;
}

/** Cuts `text` to at most `max` UTF-16 units from the end, marking the cut. */
export function tail(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max)}`;
}

/** Cuts `text` to at most `max` UTF-16 units from the start, marking the cut. */
export function head(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** The longest start of `text` whose UTF-8 form fits in `maxBytes`; a character is never split. */
export function cutBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  return new TextDecoder().decode(bytes.subarray(0, Math.max(0, maxBytes)), { stream: true });
}

/** The marker appended to output a byte cap cut short. */
export function truncationMarker(limit: number, setting: string): string {
  return `\n[truncated: output exceeded ${limit} bytes (${setting})]`;
}
