/**
 * Security headers for every response. The app's CSP allows only its own origin: the archive's
 * replayed pages live on the replay port, so nothing foreign ever runs here.
 */
import type { MiddlewareHandler } from "hono";

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (!h.has("Content-Security-Policy")) {
      const isApi = c.req.path.startsWith("/api/") || c.req.path === "/metrics";
      h.set("Content-Security-Policy", isApi ? "default-src 'none'; frame-ancestors 'none'" : APP_CSP);
    }
  };
}
