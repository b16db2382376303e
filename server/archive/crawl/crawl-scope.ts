/**
 * What a crawl may fetch: http(s) only, the seeds' hosts and path prefixes, the job's include and
 * exclude patterns (regular expressions on the full URL), and public addresses only unless the job
 * allows private ones (the bundled demo site and tests do; see address-guard.ts).
 */
import type { LookupFunction } from "node:net";
import { type AddressPolicy, resolveAll } from "./address-guard.js";

export interface Scope {
  prefixes: { origin: string; path: string }[];
  include: RegExp[];
  exclude: RegExp[];
}

/** What a seed puts in scope: its origin, under the folder of its path. */
export function seedPrefix(seed: string): Scope["prefixes"][number] {
  const u = new URL(seed);
  const dir = u.pathname.endsWith("/") ? u.pathname : u.pathname.replace(/[^/]*$/, "");
  return { origin: u.origin, path: dir || "/" };
}

export function buildScope(seeds: string[], include: string[] = [], exclude: string[] = []): Scope {
  return {
    prefixes: seeds.map(seedPrefix),
    include: include.map((p) => new RegExp(p)),
    exclude: exclude.map((p) => new RegExp(p)),
  };
}

/** The URL to fetch (fragment removed), or null when out of scope. */
export function inScope(scope: Scope, raw: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  u.hash = "";
  const href = u.href;
  if (scope.exclude.some((r) => r.test(href))) return null;
  const underSeed = scope.prefixes.some((p) => p.origin === u.origin && u.pathname.startsWith(p.path));
  if (underSeed || scope.include.some((r) => r.test(href))) return href;
  return null;
}

/**
 * Refuses a job whose seed resolves to a special-purpose address, before anything is written, with
 * a message for the operator. The fetcher checks every connection again (redirects, later DNS
 * answers): this early check only gives the clear error.
 */
export async function assertPublicSeeds(
  seeds: string[],
  policy: AddressPolicy | null,
  lookup?: LookupFunction,
): Promise<void> {
  if (!policy) return;
  for (const seed of seeds) {
    for (const address of await resolveAll(new URL(seed).hostname, lookup)) {
      const reason = policy(address);
      if (reason)
        throw new Error(
          `seed ${seed} is not on a public address: ${reason}; crawling private or loopback addresses needs scope.allow_private (--allow-private)`,
        );
    }
  }
}
