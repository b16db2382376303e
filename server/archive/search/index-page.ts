/**
 * Filters, groups and pages matches from the packed index's document table in the order search.ts defines:
 * score (relevance only), then capture time, then id, all descending. The pages view keeps one
 * row per URL group: its latest matching capture (the lowest id among equal times, as the
 * first-seen rule of search.ts gives) with the best score of its captures. Only the requested
 * page is ordered fully; the rest goes through a bounded heap.
 */
import { type DocTable, DUPLICATE, OK_2XX, PRESENT } from "./packed/doc-table.js";

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
  /** Candidate items of the current query, reused between queries. */
  itemDoc = new Int32Array(0);
  itemScore = new Float64Array(0);
  stamp = new Uint32Array(0);
  best = new Float64Array(0);
  rep = new Int32Array(0);
  epoch = 0;
}
const groupScratch = new WeakMap<DocTable, GroupScratch>();

function scratchFor(ix: DocTable): GroupScratch {
  let g = groupScratch.get(ix);
  if (!g) {
    g = new GroupScratch();
    groupScratch.set(ix, g);
  }
  if (g.itemDoc.length < ix.size) {
    g.itemDoc = new Int32Array(Math.ceil(ix.size * 1.5));
    g.itemScore = new Float64Array(Math.ceil(ix.size * 1.5));
  }
  if (g.stamp.length < ix.groupNames.length) {
    const size = Math.ceil(ix.groupNames.length * 1.5);
    g.stamp = new Uint32Array(size);
    g.best = new Float64Array(size);
    g.rep = new Int32Array(size);
    g.epoch = 0;
  }
  return g;
}

/** `docs[0..count)` with `score` (null: every document, score 0) → total and the page's documents. */
export function pageOf(
  ix: DocTable,
  docs: Int32Array | null,
  count: number,
  score: Float64Array | null,
  f: IndexFilter,
  req: PageRequest,
): { total: number; docs: number[]; scores: number[] } {
  const lang = f.language === null ? -1 : ix.langNames.indexOf(f.language);
  if (f.language !== null && lang < 0) return { total: 0, docs: [], scores: [] };
  const { source, ts, flags, groupOf } = ix;
  const langs = ix.lang;
  const src = f.sourceId ?? -3;
  const from = f.fromMs ?? Number.NEGATIVE_INFINITY;
  const to = f.toMs ?? Number.POSITIVE_INFINITY;
  const bySource = src !== -3;
  const byTime = f.fromMs !== null || f.toMs !== null;
  const byLang = lang >= 0;
  // Flags that must be set and that must be clear.
  const need = PRESENT | (f.includeNon2xx ? 0 : OK_2XX);
  const forbid = f.includeDuplicates ? 0 : DUPLICATE;
  const all = docs === null;
  const total0 = all ? ix.size : count;
  // Candidate items: a document (snapshots view) or a URL group's chosen capture (pages view).
  const scratch = scratchFor(ix);
  const { itemDoc, itemScore } = scratch;
  let n = 0;
  const g = req.view === "pages" ? scratch : null;
  const epoch = g ? ++g.epoch : 0;
  for (let i = 0; i < total0; i++) {
    const d = all ? i : (docs as Int32Array)[i];
    // Columns a filter does not ask about are not read (this loop sees every match).
    const fl = flags[d];
    if ((fl & need) !== need || (fl & forbid) !== 0) continue;
    if (bySource && source[d] !== src) continue;
    if (byTime && (ts[d] < from || ts[d] > to)) continue;
    if (byLang && langs[d] !== lang) continue;
    const sc = score === null ? 0 : score[d];
    if (!g) {
      itemDoc[n] = d;
      itemScore[n++] = sc;
      continue;
    }
    const gid = groupOf[d];
    if (g.stamp[gid] !== epoch) {
      g.stamp[gid] = epoch;
      g.best[gid] = sc;
      g.rep[gid] = d;
      itemDoc[n++] = gid; // group ids for now; replaced by their chosen capture below
      continue;
    }
    if (sc > g.best[gid]) g.best[gid] = sc;
    const r = g.rep[gid];
    if (ts[d] > ts[r] || (ts[d] === ts[r] && d < r)) g.rep[gid] = d;
  }
  if (g)
    for (let i = 0; i < n; i++) {
      const gid = itemDoc[i];
      itemDoc[i] = g.rep[gid];
      itemScore[i] = g.best[gid];
    }
  const picked = topOf(ix, itemDoc, itemScore, n, req);
  return { total: n, docs: picked.map((i) => itemDoc[i]), scores: picked.map((i) => itemScore[i]) };
}

/** Positions of the requested page's items, best first (a bounded heap, worst item on top). */
function topOf(ix: DocTable, doc: Int32Array, score: Float64Array, n: number, req: PageRequest): number[] {
  const { ts } = ix;
  const byScore = req.byScore;
  /** Item a ranks above item b. */
  const before = (a: number, b: number): boolean => {
    if (byScore && score[a] !== score[b]) return score[a] > score[b];
    const da = doc[a];
    const db = doc[b];
    if (ts[da] !== ts[db]) return ts[da] > ts[db];
    return da > db;
  };
  const k = Math.min(n, req.page * req.pageSize);
  const start = (req.page - 1) * req.pageSize;
  if (start >= k) return [];
  const heap = new Int32Array(k);
  let size = 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && before(heap[m], heap[l])) m = l;
      if (r < size && before(heap[m], heap[r])) m = r;
      if (m === i) return;
      const t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
  };
  // Newest last in id order: walking backwards fills the heap with good items early.
  for (let i = n - 1; i >= 0; i--) {
    if (size < k) {
      let c = size++;
      heap[c] = i;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!before(heap[p], heap[c])) break;
        const t = heap[c];
        heap[c] = heap[p];
        heap[p] = t;
        c = p;
      }
    } else if (before(i, heap[0])) {
      heap[0] = i;
      down(0);
    }
  }
  const top = Array.from(heap.subarray(0, size));
  top.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  return top.slice(start, k);
}
