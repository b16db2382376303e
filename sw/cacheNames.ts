// The service worker's cache of API reads, named once: the worker fills it (sw.ts) and the app's
// settings pages list and clear it (web/data/device/savedData.ts). A rename in one place only would
// leave a cache nobody clears.
export const API_CACHE_NAME = "api-reads";
