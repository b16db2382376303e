/**
 * Who may scrape /metrics: the holder of ARCHIVE_ADMIN_TOKEN (at least 16 characters, checked at
 * start-up), sent as `Authorization: Bearer <token>` or `X-Admin-Token: <token>` and compared in
 * constant time. Unset → 503, never open. Wrong tokens are limited per client address (10 per 15
 * minutes, then 429 even for the right one), so the token cannot be guessed at network speed
 * while a scraper on another address keeps working.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { ApiError, serviceUnavailable } from "../core/errors.js";
import { FailureWindow } from "../core/failure-window.js";
import { clientKey } from "../core/http/client-address.js";

const WRONG_TOKENS_PER_ADDRESS = 10;
const WINDOW_MS = 15 * 60_000;

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison; hashing first makes both sides the same length. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export interface MetricsAuthOptions {
  adminToken: () => string | undefined;
  trustedProxies: number;
}

/** Returns a check that throws the right ApiError unless the request carries the admin token. */
export function metricsAuth({ adminToken, trustedProxies }: MetricsAuthOptions): (c: Context) => void {
  const failures = new FailureWindow(WINDOW_MS);
  return (c) => {
    const expected = adminToken();
    if (!expected)
      throw serviceUnavailable("Metrics are not configured: set ARCHIVE_ADMIN_TOKEN to enable /metrics");
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const given = bearer ?? c.req.header("x-admin-token");
    if (!given)
      throw new ApiError(
        "Unauthorized",
        "Send the admin token as Authorization: Bearer <token> or X-Admin-Token: <token>",
        undefined,
        { "WWW-Authenticate": "Bearer" },
      );
    // Counted before the comparison; a right token is forgiven just after.
    const reservation = failures.reserve([
      { key: clientKey(c, trustedProxies), max: WRONG_TOKENS_PER_ADDRESS },
    ]);
    if (!reservation.allowed) {
      const wait = reservation.retryAfterSeconds;
      throw new ApiError(
        "RateLimited",
        `Too many wrong admin tokens from this address: try again in ${wait} s.`,
        undefined,
        { "Retry-After": String(wait) },
      );
    }
    if (!tokenMatches(given.trim(), expected))
      throw new ApiError("Forbidden", "The admin token is not valid");
    failures.forgive(reservation.attempt);
  };
}
