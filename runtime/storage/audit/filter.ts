/**
 * `unitc audit`'s options turned into an {@link AuditFilter}: `--since` as a duration back from now
 * or an ISO date, `--outcome` as `ok`, `error` or a code. A value it does not take is
 * `AUDIT_BAD_FILTER` with a hint, never a filter that silently matches nothing.
 */
import { UnitError } from "../../contract/errors.js";
import type { AuditFilter } from "./records.js";

const UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The time `since` names: `30d`, `12h`, `15m`, `45s` back from `now`, or an ISO date or date-time. */
export function parseSince(since: string, now = Date.now()): number {
  const duration = /^(\d{1,6})([smhd])$/.exec(since.trim());
  if (duration) return now - Number(duration[1]) * UNITS[duration[2] as keyof typeof UNITS];
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(since.trim())
    ? Date.parse(since.trim())
    : Number.NaN;
  if (Number.isNaN(at)) {
    throw new UnitError("AUDIT_BAD_FILTER", `--since ${JSON.stringify(since)} is not a duration or a date`, {
      hint: "use a duration back from now (30d, 12h, 15m, 45s) or an ISO date such as 2026-03-01",
    });
  }
  return at;
}

/** The filter of `unitc audit`'s options (each optional). */
export function auditFilter(options: {
  since?: string | undefined;
  principal?: string | undefined;
  unit?: string | undefined;
  outcome?: string | undefined;
}): AuditFilter {
  const { since, principal, unit, outcome } = options;
  if (outcome !== undefined && !/^(ok|error|[A-Za-z0-9_:.-]+)$/.test(outcome)) {
    throw new UnitError("AUDIT_BAD_FILTER", `--outcome ${JSON.stringify(outcome)} is not an outcome`, {
      hint: "use ok, error (any failure) or a code such as HTTP_ERROR",
    });
  }
  return {
    ...(since !== undefined ? { since: parseSince(since) } : {}),
    ...(principal !== undefined ? { principal } : {}),
    ...(unit !== undefined ? { unit } : {}),
    ...(outcome !== undefined ? { outcome } : {}),
  };
}

/** `--retention-days` as a whole number of days of at least 1. */
export function parseRetentionDays(text: string): number {
  const days = Number(text);
  if (!/^\d{1,6}$/.test(text.trim()) || days < 1) {
    throw new UnitError(
      "AUDIT_BAD_FILTER",
      `--retention-days ${JSON.stringify(text)} is not a number of days`,
      {
        hint: "use a whole number of at least 1; without it, serve.audit.retentionDays (90 when unset)",
      },
    );
  }
  return days;
}
