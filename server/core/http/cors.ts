/**
 * CORS for the public API: any origin by default (CORS_ORIGINS narrows it), never with
 * credentials. A preflight is answered before any handler; on other requests the grant is a plain
 * record merged into the response headers with the others (response-headers.ts), so no header
 * object is built or copied for it.
 */
import type { Context } from "hono";

export interface CorsOptions {
  /** "*" or a list of exact origins. */
  origins: "*" | string[];
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

export interface CorsPolicy {
  /** The answer (204) to OPTIONS with Access-Control-Request-Method; undefined for other requests. */
  preflight(c: Context): Response | undefined;
  /** The headers granting `origin` access to an answer, or null when it gets none. */
  grant(origin: string | undefined): Readonly<Record<string, string>> | null;
  /** With a list of origins, answers differ by Origin (Vary: Origin). */
  variesByOrigin: boolean;
}

export function corsPolicy(opts: CorsOptions): CorsPolicy {
  const expose = opts.exposeHeaders.join(", ");
  const anyOrigin = Object.freeze({
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": expose,
  });
  const allowed = (origin: string | undefined): string | null => {
    if (opts.origins === "*") return "*";
    return origin && opts.origins.includes(origin) ? origin : null;
  };
  const grant = (origin: string | undefined) => {
    const to = allowed(origin);
    if (to === null) return null;
    return to === "*"
      ? anyOrigin
      : { "Access-Control-Allow-Origin": to, "Access-Control-Expose-Headers": expose };
  };
  const preflightHeaders = {
    "Access-Control-Allow-Methods": opts.allowMethods.join(", "),
    "Access-Control-Allow-Headers": opts.allowHeaders.join(", "),
    "Access-Control-Max-Age": String(opts.maxAgeSeconds),
    Vary: "Origin",
  };
  const preflight = (c: Context) => {
    if (c.req.method !== "OPTIONS" || !c.req.header("access-control-request-method")) return undefined;
    const to = allowed(c.req.header("origin"));
    return c.body(
      null,
      204,
      to ? { ...preflightHeaders, "Access-Control-Allow-Origin": to } : preflightHeaders,
    );
  };
  return { preflight, grant, variesByOrigin: opts.origins !== "*" };
}
