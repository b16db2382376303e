/**
 * Per-client rate limit: a token bucket per client address, refilled continuously.
 * Generous by default (RATE_LIMIT_PER_MINUTE); answers 429 RateLimited with Retry-After.
 * Buckets idle for a while are dropped so memory stays bounded. Every answer it lets through or
 * refuses names the policy and what is left of it (RateLimit-Policy and RateLimit, IETF draft
 * httpapi-ratelimit-headers), so a client can slow down before it meets the 429.
 * Each process counts on its own (several WORKERS or machines on PostgreSQL): a client spread over
 * N processes may get up to N times the limit. That is accepted, as the limit guards each process's
 * capacity; the limits that guard accounts (sign-in attempts) are shared through the database.
 */
import type { Context } from "hono";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";

export interface RateLimitOptions {
  perMinute: number;
  clientKey: (c: Context<AppEnv>) => string;
  now?: () => number;
}

/**
 * Takes one token from the client's bucket and writes what is left into `prepared` (the headers
 * every answer carries, errors included); throws 429 RateLimited when there was none.
 */
export type RateLimit = (c: Context<AppEnv>, prepared: Record<string, string>) => void;

interface Bucket {
  tokens: number;
  updated: number;
}

export function rateLimit({ perMinute, clientKey, now = Date.now }: RateLimitOptions): RateLimit {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  const policy = `"api";q=${perMinute};w=60`;
  let lastSweep = now();
  return (c, prepared) => {
    const t = now();
    if (t - lastSweep > 60_000) {
      for (const [key, b] of buckets) if (t - b.updated > 120_000) buckets.delete(key);
      lastSweep = t;
    }
    const key = clientKey(c);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { tokens: perMinute, updated: t };
      buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.updated) * refillPerMs);
    bucket.updated = t;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const untilWhole = Math.ceil((perMinute - bucket.tokens) / refillPerMs / 1000);
    prepared["ratelimit-policy"] = policy;
    prepared.ratelimit = `"api";r=${Math.floor(bucket.tokens)};t=${untilWhole}`;
    if (!allowed) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
      throw new ApiError(
        "RateLimited",
        `Too many requests from this client: the limit is ${perMinute} per minute. Retry after ${retryAfter} s.`,
        undefined,
        { "Retry-After": String(retryAfter) },
      );
    }
  };
}
