/// <reference lib="webworker" />
// Service worker: precaches the app shell, serves API reads network-first with a short
// timeout, and answers navigations with the shell so the app opens offline.
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import {
  API_CACHE_MAX_AGE_SECONDS,
  API_CACHE_MAX_ENTRIES,
  API_CACHE_NAME,
  API_NETWORK_TIMEOUT_SECONDS,
  isCacheableApiRead,
  isShellNavigation,
  isSkipWaitingMessage,
  isStorableResponse,
} from "./routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ url, request }) =>
    isCacheableApiRead({
      url,
      method: request.method,
      origin: self.location.origin,
      hasAuthorization: request.headers.has("authorization"),
    }),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          isStorableResponse(response.status, response.headers.get("cache-control")) ? response : null,
      },
      new ExpirationPlugin({ maxEntries: API_CACHE_MAX_ENTRIES, maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS }),
    ],
  }),
);

// Same-origin navigations get the precached shell, except server-owned paths (/api, /metrics).
// The archive replay runs on another origin, so this worker never sees it.
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && url.origin === self.location.origin && isShellNavigation(url.pathname),
  createHandlerBoundToURL("index.html"),
);

self.addEventListener("message", (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});
