/**
 * Filters, groups and pages matches from the in-memory index in the order search.ts defines:
 * score (relevance only), then capture time, then id, all descending. The pages view keeps one
 * row per URL group: its latest matching capture (the lowest id among equal times, as the
 * first-seen rule of search.ts gives) with the best score of its captures. Only the requested
 * page is ordered fully; the rest goes through a bounded heap.
 */
import type { MemoryIndex } from "./memory-index.js";

export interface IndexFilter {
  sourceId: number | null;
  fromMs: number | null;
  toMs: number | null;
  language: string | null;
  includeNon2xx: boolean;
  includeDuplicates: boolean;
}

export interface PageRequest {
  view: "pages" | "snapshots";
  byScore: boolean;
  page: number;
  pageSize: number;
}

class GroupScratch {
  stamp = new Uint32Array(0);
  best = new Float64Array(0);
  rep = new Int32Array(0);
  epoch = 0;
}
const groupScratch = new WeakMap<MemoryIndex, GroupScratch>();

/** `docs[0..count)` with `score` (null: every document, score 0) → total and the page's documents. */
export function pageOf(
  ix: MemoryIndex,
  docs: Int32Array | null,
  count: number,
  score: Float64Array | null,
  f: IndexFilter,
  req: PageRequest,
): { total: number; docs: number[]; scores: number[] } {
  const lang = f.language === null ? -1 : ix.langNames.indexOf(f.language);
  if (f.language !== null && lang < 0) return { total: 0, docs: [], scores: [] };
  const keep = (d: number) =>
    (f.sourceId === null || ix.source[d] === f.sourceId) &&
    (f.fromMs === null || ix.ts[d] >= f.fromMs) &&
    (f.toMs === null || ix.ts[d] <= f.toMs) &&
    (lang < 0 || ix.lang[d] === lang) &&
    (f.includeNon2xx || (ix.flags[d] & 1) === 1) &&
    (f.includeDuplicates || (ix.flags[d] & 2) === 0);
  const total0 = docs ? count : ix.n;
  const at = (i: number) => (docs ? docs[i] : i);
  const scoreOf = (d: number) => (score ? score[d] : 0);
  let items: Int32Array;
  let itemScore: (i: number) => number;
  let n = 0;
  if (req.view === "pages") {
    let g = groupScratch.get(ix);
    if (!g) {
      g = new GroupScratch();
      groupScratch.set(ix, g);
    }
    if (g.stamp.length < ix.groupNames.length) {
      const size = Math.ceil(ix.groupNames.length * 1.5);
      g.stamp = new Uint32Array(size);
      g.best = new Float64Array(size);
      g.rep = new Int32Array(size);
      g.epoch = 0;
    }
    const epoch = ++g.epoch;
    const groups: number[] = [];
    for (let i = 0; i < total0; i++) {
      const d = at(i);
      if (!keep(d)) continue;
      const gid = ix.groupOf[d];
      const s = scoreOf(d);
      if (g.stamp[gid] !== epoch) {
        g.stamp[gid] = epoch;
        g.best[gid] = s;
        g.rep[gid] = d;
        groups.push(gid);
        continue;
      }
      if (s > g.best[gid]) g.best[gid] = s;
      const r = g.rep[gid];
      if (ix.ts[d] > ix.ts[r] || (ix.ts[d] === ix.ts[r] && ix.ids[d] < ix.ids[r])) g.rep[gid] = d;
    }
    items = new Int32Array(groups.length);
    for (const gid of groups) items[n++] = gid;
    const gs = g;
    itemScore = (gid) => gs.best[gid];
    const repOf = (gid: number) => gs.rep[gid];
    const picked = topOf(ix, items, n, itemScore, repOf, req);
    return { total: n, docs: picked.map(repOf), scores: picked.map(itemScore) };
  }
  items = new Int32Array(total0);
  for (let i = 0; i < total0; i++) {
    const d = at(i);
    if (keep(d)) items[n++] = d;
  }
  itemScore = scoreOf;
  const picked = topOf(ix, items, n, itemScore, (d) => d, req);
  return { total: n, docs: picked, scores: picked.map(itemScore) };
}

/** The items of the requested page, best first. */
function topOf(
  ix: MemoryIndex,
  items: Int32Array,
  n: number,
  scoreOf: (i: number) => number,
  docOf: (i: number) => number,
  req: PageRequest,
): number[] {
  // a before b when it ranks higher.
  const before = (a: number, b: number) => {
    if (req.byScore) {
      const sa = scoreOf(a);
      const sb = scoreOf(b);
      if (sa !== sb) return sa > sb;
    }
    const da = docOf(a);
    const db = docOf(b);
    if (ix.ts[da] !== ix.ts[db]) return ix.ts[da] > ix.ts[db];
    return ix.ids[da] > ix.ids[db];
  };
  const k = Math.min(n, req.page * req.pageSize);
  const start = (req.page - 1) * req.pageSize;
  if (start >= k) return [];
  // A min-heap (worst on top) of the k best items.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    const it = items[i];
    if (heap.length < k) {
      heap.push(it);
      up(heap.length - 1);
    } else if (before(it, heap[0])) {
      heap[0] = it;
      down(0);
    }
  }
  heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  return heap.slice(start, k);
}
