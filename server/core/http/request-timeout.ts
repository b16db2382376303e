/**
 * Stops waiting for an API handler after REQUEST_TIMEOUT_MS and answers 503 in the envelope, so a
 * stuck upstream or disk never holds a client forever. The request is flagged `timedOut` for the
 * route metrics: spec 001 §8 counts the service degraded above 1% timeouts. A synchronous handler
 * cannot be interrupted; observe.ts also counts any request that ran past the limit.
 *
 * A 503 here means nothing was written: requests that can write run under a write gate
 * (db/write-gate.ts). Past the limit, their writes that have not begun are refused; if one has
 * begun (it may be committing), the limit does not answer and the handler answers with the real
 * outcome, so a client never retries a write that was in fact applied.
 */
import type { MiddlewareHandler } from "hono";
import { WriteGate, withWriteGate } from "../../db/write-gate.js";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function requestTimeout(limitMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Reads skip the gate: they write nothing a client would retry.
    const gate = READ_ONLY_METHODS.has(c.req.method) ? null : new WriteGate();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        c.set("timedOut", true);
        if (gate && !gate.expire()) return;
        reject(
          new ApiError(
            "ServiceUnavailable",
            `The request took longer than the server's ${limitMs} ms limit and was stopped before changing anything; try again.`,
            undefined,
            { "Retry-After": "5" },
          ),
        );
      }, limitMs);
    });
    try {
      await Promise.race([gate ? withWriteGate(gate, next) : next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
