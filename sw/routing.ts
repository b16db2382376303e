// Route-matching decisions of the service worker, kept as pure functions so that
// they can be unit-tested in Node without a ServiceWorkerGlobalScope.

/** Paths the server answers itself; a navigation to them must reach the network. */
const SERVER_ONLY_PREFIXES = ["/api", "/metrics"];

/**
 * API reads that must never come from a cache: live health, large export downloads, and anything
 * tied to a signed-in account (the session cookie makes the answer personal).
 */
const UNCACHED_API_PREFIXES = [
  "/api/health",
  "/api/exports",
  "/api/v1/health",
  "/api/v1/auth",
  "/api/v1/admin",
];

export { API_CACHE_NAME } from "./cacheNames";
/** How long a network-first API read waits before answering from the cache. */
export const API_NETWORK_TIMEOUT_SECONDS = 1.5;
export const API_CACHE_MAX_ENTRIES = 300;
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface RequestFacts {
  url: URL;
  method: string;
  /** The page origin the worker controls (self.location.origin). */
  origin: string;
  /** True when the request carries credentials that make its answer personal. */
  hasAuthorization?: boolean;
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** True for same-origin API GETs that should be served network-first with a cache fallback. */
export function isCacheableApiRead(req: RequestFacts): boolean {
  if (req.method !== "GET" || req.url.origin !== req.origin) return false;
  if (req.hasAuthorization) return false; // an admin's answer must not be replayed to anyone later
  const path = req.url.pathname;
  if (!path.startsWith("/api/")) return false;
  // The directory sync's pages (changed_after) go straight to the network: a copy kept here would
  // be of no use offline, and each 1 MB page would pass through the worker for nothing.
  if (path === "/api/v1/services" && req.url.searchParams.has("changed_after")) return false;
  return !UNCACHED_API_PREFIXES.some((p) => matchesPrefix(path, p));
}

/** True when a navigation to this path may be answered with the precached app shell. */
export function isShellNavigation(pathname: string): boolean {
  return !SERVER_ONLY_PREFIXES.some((p) => matchesPrefix(pathname, p));
}

/** True for the message a page posts to activate a waiting worker at once. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === "SKIP_WAITING";
}

/** True when a response may be written to the API cache: a 200 the server did not mark private. */
export function isStorableResponse(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  const directives = (cacheControl ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  return !directives.includes("no-store") && !directives.includes("private");
}
