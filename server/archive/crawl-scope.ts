/**
 * What a crawl may fetch: http(s) only, the seeds' hosts and path prefixes, the job's include and
 * exclude patterns (regular expressions on the full URL), and no private or loopback address
 * unless the job allows it (the bundled demo site and tests do).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

export interface Scope {
  prefixes: { origin: string; path: string }[];
  include: RegExp[];
  exclude: RegExp[];
}

export function buildScope(seeds: string[], include: string[] = [], exclude: string[] = []): Scope {
  const prefixes = seeds.map((s) => {
    const u = new URL(s);
    const dir = u.pathname.endsWith("/") ? u.pathname : u.pathname.replace(/[^/]*$/, "");
    return { origin: u.origin, path: dir || "/" };
  });
  return { prefixes, include: include.map((p) => new RegExp(p)), exclude: exclude.map((p) => new RegExp(p)) };
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

export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split(".").map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith("::ffff:")) return isPrivateAddress(v6.slice(7));
  return v6 === "::1" || v6 === "::" || v6.startsWith("fc") || v6.startsWith("fd") || v6.startsWith("fe80");
}

/** Throws when a seed's host resolves to a private or loopback address and that is not allowed. */
export async function assertPublicSeeds(seeds: string[], allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  for (const seed of seeds) {
    const host = new URL(seed).hostname.replace(/^\[|\]$/g, "");
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    const bad = addresses.find(isPrivateAddress);
    if (bad)
      throw new Error(
        `seed ${seed} resolves to private or loopback address ${bad}; set scope.allow_private to crawl it`,
      );
  }
}
