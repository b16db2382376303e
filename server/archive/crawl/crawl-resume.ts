/**
 * Where a crawl stands, rebuilt from its capture log (capture-log.ts): the URLs already handled,
 * every URL seen so far, the frontier still to fetch (in discovery order), each origin's robots.txt
 * answer (at the end of its redirects; an origin whose chain a kill cut short, or whose site could
 * not answer, asks again), and
 * how many bytes of each WARC file are backed by a logged capture (the rest is a torn tail).
 */
import type { CaptureLine } from "./capture-log.js";
import { ROBOTS_REDIRECTS, robotsUnreachable } from "./robots.js";

export interface ResumePoint {
  done: Set<string>;
  seen: Set<string>;
  frontier: string[];
  /** How many links from the seeds each URL seen was found (crawl-traps.ts). */
  depth: Map<string, number>;
  /** Where seeds redirected out of their scope, in log order: seeds themselves (crawler.ts). */
  movedSeeds: string[];
  /** Each origin's robots.txt answer, after its redirects. */
  robots: Map<string, { status: number; text: string }>;
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
    depth: new Map(),
    movedSeeds: [],
    robots: new Map(),
    validEnd: new Map(),
    pagesCrawled: 0,
    pagesExcluded: 0,
    bytes: 0,
  };
  const discover = (u: string, depth: number) => {
    if (p.seen.has(u)) return;
    p.seen.add(u);
    p.depth.set(u, depth);
    p.frontier.push(u);
  };
  for (const s of seeds) discover(s, 0);
  const seedSet = new Set(seeds);
  const robotsLines = new Map<string, CaptureLine>();
  for (const line of previous) {
    // A fetch that failed is tried again on resume (a retried job gets a fresh chance).
    if (line.k !== "error") p.done.add(line.u);
    const below = (p.depth.get(line.u) ?? 0) + 1;
    for (const n of line.n ?? []) discover(n, below);
    // A seed's redirect out of its scope made its target a seed (crawler.ts).
    if (line.k === "page" && line.to && seedSet.has(line.u)) {
      seedSet.add(line.to);
      p.movedSeeds.push(line.to);
      p.depth.set(line.to, 0);
    }
    if (line.f) p.validEnd.set(line.f, Math.max(p.validEnd.get(line.f) ?? 0, (line.o ?? 0) + (line.p ?? 0)));
    if (line.k === "robots") robotsLines.set(line.u, line);
    if (line.k === "page") {
      p.pagesCrawled++;
      p.bytes += line.b ?? 0;
    }
    if (line.k === "excluded") {
      p.pagesExcluded++;
      p.seen.add(line.u); // logged once: a page found later linking it does not log it again
    }
  }
  for (const [url, first] of robotsLines) {
    const origin = new URL(url).origin;
    if (url !== `${origin}/robots.txt`) continue; // a redirect's target: reached from its origin's
    let line: CaptureLine | undefined = first;
    for (let hops = 0; line?.to && hops <= ROBOTS_REDIRECTS; hops++) line = robotsLines.get(line.to);
    // A chain a kill cut short, or a site that could not answer, is asked again.
    if (line && !line.to && !robotsUnreachable(line.s ?? 200))
      p.robots.set(origin, { status: line.s ?? 200, text: line.r ?? "" });
    else p.done.delete(url);
  }
  p.frontier = p.frontier.filter((u) => !p.done.has(u));
  return p;
}
