/**
 * Per-principal limits of HTTP serving: a rate (requests a minute, as a token bucket that refills
 * evenly) and how many requests may be in progress at once. Over either, the request is answered
 * 429 with `Retry-After`.
 */

/** The limits every principal gets. */
export interface PrincipalLimits {
  /** Requests a minute; 0: no rate limit. */
  perMinute: number;
  /** Requests in progress at once; 0: no limit. */
  maxConcurrent: number;
}

export const DEFAULT_LIMITS: PrincipalLimits = { perMinute: 600, maxConcurrent: 16 };

interface Bucket {
  tokens: number;
  at: number;
  going: number;
}

/** A request let through (`release` when it is answered), or refused with the seconds to wait. */
export type Admission = { ok: true; release: () => void } | { ok: false; retryAfterSeconds: number };

/** Most principals remembered; past it, idle full buckets are forgotten. */
const MAX_BUCKETS = 10_000;

/** Admits requests per principal within {@link PrincipalLimits}. */
export class Limiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: PrincipalLimits) {}

  /** Admits one request of principal `id`, or says how long to wait. */
  admit(id: string, now = Date.now()): Admission {
    const { perMinute, maxConcurrent } = this.limits;
    const bucket = this.bucket(id, now);
    if (perMinute > 0) {
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
      bucket.at = now;
    }
    if (maxConcurrent > 0 && bucket.going >= maxConcurrent) return { ok: false, retryAfterSeconds: 1 };
    if (perMinute > 0 && bucket.tokens < 1) {
      const waitMs = ((1 - bucket.tokens) * 60_000) / perMinute;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    if (perMinute > 0) bucket.tokens -= 1;
    bucket.going += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        bucket.going -= 1;
      },
    };
  }

  private bucket(id: string, now: number): Bucket {
    let bucket = this.buckets.get(id);
    if (bucket) return bucket;
    if (this.buckets.size >= MAX_BUCKETS) this.forgetIdle(now);
    bucket = { tokens: this.limits.perMinute, at: now, going: 0 };
    this.buckets.set(id, bucket);
    return bucket;
  }

  private forgetIdle(now: number): void {
    for (const [id, bucket] of this.buckets) {
      const full =
        bucket.tokens + ((now - bucket.at) * this.limits.perMinute) / 60_000 >= this.limits.perMinute;
      if (bucket.going === 0 && full) this.buckets.delete(id);
    }
  }
}

/** Reads `N/min`, `N/s`, `N/h` or `N` (a minute) as requests a minute; undefined when it is none of these. */
export function parseRate(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\/(s|sec|min|m|h|hour))?$/.exec(text.trim());
  if (!match) return undefined;
  const count = Number(match[1]);
  const per = match[2] ?? "min";
  if (per === "s" || per === "sec") return count * 60;
  if (per === "h" || per === "hour") return count / 60;
  return count;
}
