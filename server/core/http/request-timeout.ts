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
 *
 * The deadlines share one timer (deadlines.ts): a timer armed and cleared per request cost more
 * than the rest of this step.
 */
import type { MiddlewareHandler } from "hono";
import { WriteGate, withWriteGate } from "../../db/write-gate.js";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";
import { Deadlines } from "./deadlines.js";

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function requestTimeout(limitMs: number): MiddlewareHandler<AppEnv> {
  const deadlines = new Deadlines(limitMs);
  return (c, next) =>
    new Promise<void>((resolve, reject) => {
      // Reads skip the gate: they write nothing a client would retry.
      const gate = READ_ONLY_METHODS.has(c.req.method) ? null : new WriteGate();
      const entry = deadlines.add(() => {
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
      });
      (gate ? withWriteGate(gate, next) : next()).then(
        () => {
          deadlines.remove(entry);
          resolve();
        },
        (err) => {
          deadlines.remove(entry);
          reject(err);
        },
      );
    });
}
