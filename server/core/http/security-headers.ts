/**
 * Security headers for every response. The app's CSP allows only its own origin: the archive's
 * replayed pages live on the replay port, so nothing foreign ever runs here. API answers are data,
 * so their CSP allows nothing. response-headers.ts forces the others over a handler's own values
 * and keeps a CSP the handler set.
 */
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

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The API and /metrics answer data; everything else is the web app. */
export const isApiPath = (path: string) => path.startsWith("/api/") || path === "/metrics";

/** The default CSP for a path; a handler that sets its own keeps it. */
export const cspFor = (path: string) => (isApiPath(path) ? API_CSP : APP_CSP);

/**
 * A new header record for one answer: the security headers, the path's CSP and the request id,
 * with lower-case names. Written as one literal on purpose: V8 builds it in a few nanoseconds,
 * where spreading a shared record and then adding names to the copy costs about a microsecond each.
 */
export function baseHeaders(path: string, requestId: string): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "content-security-policy": cspFor(path),
    "x-request-id": requestId,
  };
}
