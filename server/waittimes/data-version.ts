/**
 * A per-store counter bumped after every write this module makes (ingest, poll, demo), so
 * computed views (data quality, counts) can be cached until the data changes.
 */
const versions = new WeakMap<object, number>();

export function bumpDataVersion(store: object) {
  versions.set(store, (versions.get(store) ?? 0) + 1);
}

export function dataVersion(store: object): number {
  return versions.get(store) ?? 0;
}

/** Memoizes `compute` per key until the data version changes or `ttlMs` passes. */
export function cached<T>(store: object, key: string, ttlMs: number, compute: () => T): T {
  let byStore = caches.get(store);
  if (!byStore) {
    byStore = new Map();
    caches.set(store, byStore);
  }
  const hit = byStore.get(key);
  const version = dataVersion(store);
  if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value as T;
  const value = compute();
  if (byStore.size > 5000) byStore.clear();
  byStore.set(key, { version, at: Date.now(), value });
  return value;
}

/** true when `key` holds a value that `cached` would still return. */
export function isCached(store: object, key: string, ttlMs: number): boolean {
  const hit = caches.get(store)?.get(key);
  return !!hit && hit.version === dataVersion(store) && Date.now() - hit.at < ttlMs;
}

const caches = new WeakMap<object, Map<string, { version: number; at: number; value: unknown }>>();
