/**
 * CORS for the public API: any origin by default (CORS_ORIGINS narrows it), never with
 * credentials. Headers are set after the handler ran: setting them on `c.res` beforehand (as
 * hono/cors does) makes Hono merge two responses and turns the lightweight node response into
 * a full web stream on every request.
 */
import type { MiddlewareHandler } from "hono";

export interface CorsOptions {
  /** "*" or a list of exact origins. */
  origins: "*" | string[];
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

export function cors(opts: CorsOptions): MiddlewareHandler {
  const allowOrigin = (origin: string | undefined): string | null => {
    if (opts.origins === "*") return "*";
    return origin && opts.origins.includes(origin) ? origin : null;
  };
  return async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = allowOrigin(origin);
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      const headers: Record<string, string> = {
        "Access-Control-Allow-Methods": opts.allowMethods.join(", "),
        "Access-Control-Allow-Headers": opts.allowHeaders.join(", "),
        "Access-Control-Max-Age": String(opts.maxAgeSeconds),
        Vary: "Origin",
      };
      if (allowed) headers["Access-Control-Allow-Origin"] = allowed;
      return c.body(null, 204, headers);
    }
    await next();
    if (!allowed) return;
    c.res.headers.set("Access-Control-Allow-Origin", allowed);
    c.res.headers.set("Access-Control-Expose-Headers", opts.exposeHeaders.join(", "));
    if (allowed !== "*") c.res.headers.append("Vary", "Origin");
  };
}
