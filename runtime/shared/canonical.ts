/**
 * Canonical JSON (sorted keys, no whitespace) and short content hashes. The compiler writes these
 * hashes into the manifest; the runtime recomputes them to notice a downstream that changed.
 */
import { createHash } from "node:crypto";

/** JSON text with object keys sorted at every level, so equal data always hashes equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `sha256:` plus the first 16 hex digits of the SHA-256 of the canonical JSON of `value`. */
export function contentHash(value: unknown): string {
  return textHash(canonicalJson(value));
}

/** The hash {@link contentHash} gives, of a canonical JSON text already made. */
export function textHash(canonical: string): string {
  return piecesHash((write) => write(canonical));
}

/**
 * {@link textHash} of the text `write` is given in order, piece by piece: a long text (an operation's
 * schemas with all their definitions) is hashed without being made as one string. A piece must not
 * split a surrogate pair.
 */
export function piecesHash(text: (write: (piece: string) => void) => void): string {
  const hash = createHash("sha256");
  // Small pieces are gathered first: each update has a cost of its own.
  let pending = "";
  text((piece) => {
    if (piece.length >= 4096) {
      // A long piece goes in as it is, after what was gathered before it.
      if (pending !== "") hash.update(pending);
      hash.update(piece);
      pending = "";
    } else {
      pending += piece;
      if (pending.length < 65_536) return;
      hash.update(pending);
      pending = "";
    }
  });
  return `sha256:${hash.update(pending).digest("hex").slice(0, 16)}`;
}
