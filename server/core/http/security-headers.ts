/**
 * Security headers for every response. The app's CSP allows only its own origin: the archive's
 * replayed pages live on the replay port, so nothing foreign ever runs here. API answers are data,
 * so their CSP allows nothing. response-headers.ts forces the others over a handler's own values
 * and keeps a CSP the handler set.
 */

/**
 * The app's CSP with the origins it may frame: the archive's replay listener, so the change view
 * can show two captures side by side (they stay sandboxed by the replay's own CSP).
 */
export function appCsp(frameSources: readonly string[]): string {
  return [
    "default-src 'self'",
    ...(frameSources.length ? [`frame-src 'self' ${frameSources.join(" ")}`] : []),
    ...APP_CSP_REST,
  ].join("; ");
}

const APP_CSP_REST = [
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export const APP_CSP = appCsp([]);

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The API and /metrics answer data; everything else is the web app. */
export const isApiPath = (path: string) => path.startsWith("/api/") || path === "/metrics";

/** The default CSP for a path; a handler that sets its own keeps it. */
export const cspFor = (path: string, app = APP_CSP) => (isApiPath(path) ? API_CSP : app);

/**
 * A new header record for one answer: the security headers, the path's CSP and the request id,
 * with lower-case names. Written as one literal on purpose: V8 builds it in a few nanoseconds,
 * where spreading a shared record and then adding names to the copy costs about a microsecond each.
 */
export function baseHeaders(path: string, requestId: string, app = APP_CSP): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "content-security-policy": cspFor(path, app),
    "x-request-id": requestId,
  };
}

/**
 * Where the replay listener answers, for frame-src: its public address when the deployment gives
 * one, else the app's own host on any port (the listener's port may be chosen at start).
 */
export function replayFrameSources(config: { HOST: string; REPLAY_PUBLIC_URL?: string }): string[] {
  if (config.REPLAY_PUBLIC_URL) return [new URL(config.REPLAY_PUBLIC_URL).origin];
  const host = config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return ["0.0.0.0", "::"].includes(config.HOST) ? [] : [`http://${host}:*`];
}
