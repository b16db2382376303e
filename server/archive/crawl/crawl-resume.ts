/**
 * Where a crawl stands, rebuilt from its capture log (capture-log.ts): the URLs already handled,
 * every URL seen so far, the frontier still to fetch (in discovery order), robots.txt texts, and
 * how many bytes of each WARC file are backed by a logged capture (the rest is a torn tail).
 */
import type { CaptureLine } from "./capture-log.js";

export interface ResumePoint {
  done: Set<string>;
  seen: Set<string>;
  frontier: string[];
  robots: Map<string, string | null>;
  validEnd: Map<string, number>;
  pagesCrawled: number;
  pagesExcluded: number;
  bytes: number;
}

export function resumePoint(previous: CaptureLine[], seeds: string[]): ResumePoint {
  const p: ResumePoint = {
    done: new Set(),
    seen: new Set(),
    frontier: [],
    robots: new Map(),
    validEnd: new Map(),
    pagesCrawled: 0,
    pagesExcluded: 0,
    bytes: 0,
  };
  const discover = (u: string) => {
    if (p.seen.has(u)) return;
    p.seen.add(u);
    p.frontier.push(u);
  };
  for (const s of seeds) discover(s);
  for (const line of previous) {
    // A fetch that failed is tried again on resume (a retried job gets a fresh chance).
    if (line.k !== "error") p.done.add(line.u);
    for (const n of line.n ?? []) discover(n);
    if (line.f) p.validEnd.set(line.f, Math.max(p.validEnd.get(line.f) ?? 0, (line.o ?? 0) + (line.p ?? 0)));
    if (line.k === "robots") p.robots.set(new URL(line.u).origin, line.r || null);
    if (line.k === "page") {
      p.pagesCrawled++;
      p.bytes += line.b ?? 0;
    }
    if (line.k === "excluded") p.pagesExcluded++;
  }
  p.frontier = p.frontier.filter((u) => !p.done.has(u));
  return p;
}
