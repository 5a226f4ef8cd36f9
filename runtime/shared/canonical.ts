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
  return `sha256:${createHash("sha256").update(canonical).digest("hex").slice(0, 16)}`;
}
