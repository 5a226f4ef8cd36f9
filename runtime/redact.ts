/** Keeps resolved secrets out of anything shown: error excerpts, stderr tails, logs. */

const MARK = "[redacted]";

/** Replaces every occurrence of each secret (of 4+ characters) in `text`. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  const sorted = [...secrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  for (const secret of sorted) out = out.split(secret).join(MARK);
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

/** The marker appended to output a byte cap cut short. */
export function truncationMarker(limit: number, setting: string): string {
  return `\n[truncated: output exceeded ${limit} bytes (${setting})]`;
}
