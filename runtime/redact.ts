/** Keeps resolved secrets out of anything shown: error excerpts, stderr tails, logs. */

const MARK = "[redacted]";

/** Replaces every occurrence of each secret (of 4+ characters) in `text`. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  const sorted = [...secrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
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
