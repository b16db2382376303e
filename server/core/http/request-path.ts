/**
 * The cross-cutting steps of every request as one middleware, in this order: request id and
 * timing (observe.ts), the prepared response headers (response-headers.ts), then on /api paths the
 * CORS preflight (cors.ts), the rate limit (rate-limit.ts; not /api/openapi.json), the body limit
 * and the JSON body check (writes only) and the time limit (request-timeout.ts); after the
 * handler, the headers of an answer built elsewhere, the route metrics and the access log.
 * One step instead of seven: each app.use was a closure call and promises per request, and these
 * run on every request.
 * A step that refuses the request throws; the app's error handler turns it into the answer here,
 * as Hono does for a middleware that throws, so the answer still gets its headers and is recorded.
 */
import type { Context, ErrorHandler, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "../module.js";
import type { CorsPolicy } from "./cors.js";
import { checkJsonBody } from "./errors.js";
import type { Observer } from "./observe.js";
import type { RateLimit } from "./rate-limit.js";
import type { ResponseHeaders } from "./response-headers.js";

export interface RequestPathSteps {
  observer: Observer;
  headers: ResponseHeaders;
  cors: CorsPolicy;
  rateLimit: RateLimit;
  /** hono/body-limit's middleware, for requests that can carry a body. */
  bodyLimit: MiddlewareHandler<AppEnv>;
  /** request-timeout.ts's middleware. */
  timeLimit: MiddlewareHandler<AppEnv>;
  /** The app's error handler (the one app.onError gets). */
  onError: ErrorHandler<AppEnv>;
}

export function requestPath(steps: RequestPathSteps): MiddlewareHandler<AppEnv> {
  const { observer, headers, cors, rateLimit, bodyLimit, timeLimit, onError } = steps;

  /** The /api steps before the handler and the handler itself. */
  const api = (c: Context<AppEnv>, next: Next, prepared: Record<string, string>) => {
    const preflight = cors.preflight(c);
    if (preflight) {
      c.res = preflight;
      return undefined;
    }
    // The contract itself is the same bytes for everyone, served from memory: a client (or a test
    // validating each answer against it) reads it without spending its budget.
    if (c.req.path !== "/api/openapi.json") rateLimit(c, prepared);
    const method = c.req.method;
    // Only requests that can carry a body: asking a GET for its body would build a full web Request.
    if (method === "GET" || method === "HEAD") return timeLimit(c, next);
    return bodyLimit(c, () => {
      checkJsonBody(c);
      return timeLimit(c, next) as Promise<void>;
    });
  };

  const refused = async (c: Context<AppEnv>, err: unknown) => {
    c.res = await onError(err as Error, c);
  };

  return async (c, next) => {
    const started = performance.now();
    const requestId = observer.requestId(c);
    c.set("requestId", requestId);
    const prepared = headers.prepare(c, requestId);
    try {
      const path = c.req.path;
      // As app.use("/api/*") matched: /api itself included.
      await (path.startsWith("/api/") || path === "/api" ? api(c, next, prepared) : next());
    } catch (err) {
      await refused(c, err);
    }
    try {
      // Undefined when send.ts built the answer: awaiting it would still cost a microtask.
      const finishing = headers.finish(c, prepared);
      if (finishing) await finishing;
    } catch (err) {
      await refused(c, err);
    }
    observer.record(c, started);
  };
}
