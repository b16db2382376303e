/**
 * Computed views (data quality, counts, serialized answers) cached until the data changes. The
 * version comes from the repository, which answers it for every process writing the data, so a
 * cache never outlives a write made elsewhere.
 */
import type { WaittimesRepository } from "./repository.js";

type VersionSource = Pick<WaittimesRepository, "dataVersion">;

const caches = new WeakMap<object, Map<string, { version: number; at: number; value: unknown }>>();

/** Memoizes `compute` per key until the data version changes or `ttlMs` passes. */
export async function cached<T>(
  repo: VersionSource,
  key: string,
  ttlMs: number,
  compute: () => T | Promise<T>,
): Promise<T> {
  let byRepo = caches.get(repo);
  if (!byRepo) {
    byRepo = new Map();
    caches.set(repo, byRepo);
  }
  // Read before computing: a write landing meanwhile makes the next call compute again.
  const version = await repo.dataVersion();
  const hit = byRepo.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value as T;
  const value = await compute();
  if (byRepo.size > 5000) byRepo.clear();
  byRepo.set(key, { version, at: Date.now(), value });
  return value;
}

/** true when `key` holds a value that `cached` would still return. */
export async function isCached(repo: VersionSource, key: string, ttlMs: number): Promise<boolean> {
  const hit = caches.get(repo)?.get(key);
  return !!hit && hit.version === (await repo.dataVersion()) && Date.now() - hit.at < ttlMs;
}
