/**
 * Stops waiting for an API handler after REQUEST_TIMEOUT_MS and answers 503 in the envelope, so a
 * stuck upstream or disk never holds a client forever. The request is flagged `timedOut` for the
 * route metrics: spec 001 §8 counts the service degraded above 1% timeouts. A synchronous handler
 * cannot be interrupted; observe.ts also counts any request that ran past the limit.
 */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";

export function requestTimeout(limitMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        c.set("timedOut", true);
        reject(
          new ApiError(
            "ServiceUnavailable",
            `The request took longer than the server's ${limitMs} ms limit and was stopped; try again.`,
            undefined,
            { "Retry-After": "5" },
          ),
        );
      }, limitMs);
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
