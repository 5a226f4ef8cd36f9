/**
 * Keeps resolved secrets out of anything shown: results, error excerpts, stderr tails, logs. Every
 * path redacts through {@link redactOutput} (or {@link redactJson} for parsed JSON) before it cuts
 * anything further, so a later cut cannot split a secret that was still whole.
 */

const MARK = "[redacted]";

/** Replaces every occurrence of each secret (of 4+ characters) in `text`. */
export function redact(text: string, secrets: Iterable<string>): string {
  return replaceAll(text, longestFirst(secrets));
}

/** The usable secrets, longest first: a secret inside a longer one must not break the longer one's match. */
function longestFirst(secrets: Iterable<string>): string[] {
  return usable(secrets).sort((a, b) => b.length - a.length);
}

function replaceAll(text: string, sorted: readonly string[]): string {
  let out = text;
  for (const secret of sorted) if (out.includes(secret)) out = out.split(secret).join(MARK);
  return out;
}

/**
 * Replaces each secret inside the strings (keys included) of a parsed JSON value. A part holding no
 * secret is kept as it is (the common case: an answer rarely echoes a credential), so only the path
 * to a replaced string is copied.
 */
export function redactJson(value: unknown, secrets: readonly string[]): unknown {
  const sorted = longestFirst(secrets);
  return sorted.length === 0 ? value : redactValue(value, sorted);
}

function redactValue(value: unknown, sorted: readonly string[]): unknown {
  if (typeof value === "string") return replaceAll(value, sorted);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = redactValue(value[i], sorted);
      if (item !== value[i]) {
        copy ??= value.slice();
        copy[i] = item;
      }
    }
    return copy ?? value;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    let changed = false;
    const redacted = entries.map(([key, item]): [string, unknown] => {
      const pair: [string, unknown] = [replaceAll(key, sorted), redactValue(item, sorted)];
      if (pair[0] !== key || pair[1] !== item) changed = true;
      return pair;
    });
    return changed ? Object.fromEntries(redacted) : value;
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
  const list = longestFirst(secrets);
  let out = replaceAll(text, list);
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
