/// <reference lib="webworker" />
// Service worker: precaches the app shell, serves API reads network-first with a short
// timeout, and answers navigations with the shell so the app opens offline. A kiosk reset tells it
// to forget the visit (visitResets.ts).
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { deleteApiCaches } from "./apiCaches";
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
import { isForgetVisitMessage, type RequestStamp, VisitResets } from "./visitResets";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

const resets = new VisitResets();

/**
 * Keeps the answer to a request of a finished kiosk visit out of the cache: each request is stamped
 * as it starts, and its answer is refused if a reset came since (or the page that asked has reset).
 */
const notFromAFinishedVisit: WorkboxPlugin = {
  requestWillFetch: async ({ request, event, state }) => {
    if (state) state.stamp = resets.stamp((event as FetchEvent).clientId ?? "");
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    resets.mayStore(state?.stamp as RequestStamp | undefined) ? response : null,
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
      notFromAFinishedVisit,
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
  if (isForgetVisitMessage(event.data)) {
    // Recorded at once, before any answer still on its way can be cached; the page waits for the reply.
    resets.record(event.source instanceof Client ? event.source.id : undefined);
    const reply = () => event.ports[0]?.postMessage("forgotten");
    event.waitUntil(deleteApiCaches().then(reply, reply));
  }
});
