/**
 * Per-client rate limit: a token bucket per client address, refilled continuously.
 * Generous by default (RATE_LIMIT_PER_MINUTE); answers 429 RateLimited with Retry-After.
 * Buckets idle for a while are dropped so memory stays bounded.
 * Each process counts on its own (several WORKERS or machines on PostgreSQL): a client spread over
 * N processes may get up to N times the limit. That is accepted, as the limit guards each process's
 * capacity; the limits that guard accounts (sign-in attempts) are shared through the database.
 */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";

export interface RateLimitOptions {
  perMinute: number;
  clientKey: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export function rateLimit({
  perMinute,
  clientKey,
  now = Date.now,
}: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  let lastSweep = now();
  return async (c, next) => {
    const t = now();
    if (t - lastSweep > 60_000) {
      for (const [key, b] of buckets) if (t - b.updated > 120_000) buckets.delete(key);
      lastSweep = t;
    }
    const key = clientKey(c);
    const bucket = buckets.get(key) ?? { tokens: perMinute, updated: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.updated) * refillPerMs);
    bucket.updated = t;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
      throw new ApiError(
        "RateLimited",
        `Too many requests from this client: the limit is ${perMinute} per minute. Retry after ${retryAfter} s.`,
        undefined,
        { "Retry-After": String(retryAfter) },
      );
    }
    bucket.tokens -= 1;
    await next();
  };
}
