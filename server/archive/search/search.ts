/**
 * Executes a search over snapshots: picks the mode (newest, url, boolean, relevance with FTS →
 * token fallback → fuzzy), applies the filters, ranks, groups into pages when asked, and pages.
 * All SQL here reads; nothing is written.
 */
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import type { Reader, SqlValue } from "../../db/types.js";
import { boolSql, rankedBoolean } from "./fts-boolean.js";
import { maxSnapshotId } from "./index-reads.js";
import { expandFuzzy } from "./memory-search.js";
import { detectMode, parseBoolean, positiveTerms, queryTokens, type SearchMode } from "./query-parse.js";
import { bm25, urlPenalty } from "./rank.js";
import { searchWithIndex } from "./search-index.js";
import type { Hit, SearchOutcome, SearchParams } from "./search-types.js";
import { type SnapshotMeta, snapshotMeta } from "./snapshot-meta.js";

export type { Hit, SearchOutcome, SearchParams } from "./search-types.js";

function filters(p: SearchParams): { sql: string; args: SqlValue[] } {
  const parts: string[] = [];
  const args: SqlValue[] = [];
  if (p.source) {
    parts.push("s.source_id = (SELECT id FROM sources WHERE code = ?)");
    args.push(p.source);
  }
  if (p.from) {
    parts.push("s.capture_timestamp >= ?");
    args.push(`${p.from}T00:00:00.000Z`);
  }
  if (p.to) {
    parts.push("s.capture_timestamp <= ?");
    args.push(`${p.to}T23:59:59.999Z`);
  }
  if (p.language) {
    parts.push("s.language = ?");
    args.push(p.language);
  }
  if (!p.includeNon2xx) parts.push("s.status_code BETWEEN 200 AND 299");
  if (!p.includeDuplicates) parts.push("s.is_duplicate = 0");
  return { sql: parts.length ? ` AND ${parts.join(" AND ")}` : "", args };
}

/** Filters as a predicate over the in-memory metadata (source code resolved once). */
function metaFilter(db: Reader, p: SearchParams): (m: SnapshotMeta) => boolean {
  const sourceId = p.source
    ? (db.get<{ id: number }>("SELECT id FROM sources WHERE code = ?", [p.source])?.id ?? -1)
    : null;
  const from = p.from ? `${p.from}T00:00:00.000Z` : null;
  const to = p.to ? `${p.to}T23:59:59.999Z` : null;
  return (m) =>
    (sourceId === null || m.sourceId === sourceId) &&
    (from === null || m.ts >= from) &&
    (to === null || m.ts <= to) &&
    (!p.language || m.language === p.language) &&
    (p.includeNon2xx || m.ok) &&
    (p.includeDuplicates || !m.duplicate);
}

/** Full-text matches with their BM25 score; only docids and matchinfo come from sql.js. */
function ftsHits(db: Reader, match: string, p: SearchParams, only?: Set<number>): Hit[] {
  const meta = snapshotMeta(db);
  const keep = metaFilter(db, p);
  const out: Hit[] = [];
  for (const r of db.all<{ id: number; mi: Uint8Array }>(
    "SELECT docid AS id, matchinfo(snapshots_fts, 'pcnalx') AS mi FROM snapshots_fts WHERE snapshots_fts MATCH ?",
    [match],
  )) {
    if (only && !only.has(r.id)) continue;
    const m = meta.get(r.id);
    if (!m || !keep(m)) continue;
    out.push({ id: r.id, group: m.group, ts: m.ts, score: bm25(r.mi) * urlPenalty(m.url) });
  }
  return out;
}

/** Hits for snapshots already scored (BM25 before the URL penalty), filtered, in id order as FTS lists them. */
function scoredHits(db: Reader, scores: Map<number, number>, p: SearchParams): Hit[] {
  const meta = snapshotMeta(db);
  const keep = metaFilter(db, p);
  const out: Hit[] = [];
  for (const [id, score] of [...scores].sort((a, b) => a[0] - b[0])) {
    const m = meta.get(id);
    if (m && keep(m)) out.push({ id, group: m.group, ts: m.ts, score: score * urlPenalty(m.url) });
  }
  return out;
}

function plainHits(db: Reader, where: string, args: SqlValue[], p: SearchParams): Hit[] {
  const f = filters(p);
  return db
    .all<{ id: number; g: string | null; url: string; ts: string }>(
      `SELECT s.id, s.normalized_url_group AS g, s.url, s.capture_timestamp AS ts FROM snapshots s WHERE ${where}${f.sql}`,
      [...args, ...f.args],
    )
    .map((r) => ({ id: r.id, group: r.g ?? r.url, ts: r.ts, score: 0 }));
}

let vocab: { count: number; terms: string[] } | null = null;
function vocabulary(db: Reader): string[] {
  const count = db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0;
  if (!vocab || vocab.count !== count) {
    vocab = {
      count,
      terms: db.all<{ term: string }>("SELECT term FROM snapshots_terms WHERE col = '*'").map((r) => r.term),
    };
  }
  return vocab.terms;
}

export function fuzzyExpansion(db: Reader, tokens: string[]): string[][] {
  return expandFuzzy(vocabulary(db), tokens);
}

function group(hits: Hit[], view: SearchParams["view"], sort: SearchParams["sort"]): Hit[] {
  let list = hits;
  if (view === "pages") {
    const best = new Map<string, Hit>();
    for (const h of hits) {
      const cur = best.get(h.group);
      // The page's row shows its latest matching capture; its score is the best of its captures.
      if (!cur) best.set(h.group, { ...h });
      else {
        const score = Math.max(cur.score, h.score);
        if (h.ts > cur.ts) best.set(h.group, { ...h, score });
        else cur.score = score;
      }
    }
    list = [...best.values()];
  }
  return list.sort((a, b) =>
    sort === "relevance" && b.score !== a.score
      ? b.score - a.score
      : b.ts < a.ts
        ? -1
        : b.ts > a.ts
          ? 1
          : b.id - a.id,
  );
}

/**
 * Results of recent searches, per database, keyed by the parameters and the highest snapshot id:
 * snapshots are append-only, so a new capture changes the key and stale results are never served.
 * Only the requested page is kept, so an entry stays small.
 */
const resultCaches = new WeakMap<Reader, Map<string, SearchOutcome>>();
const CACHE_ENTRIES = 500;

export async function runSearch(db: Reader, p: SearchParams): Promise<SearchOutcome> {
  let cache = resultCaches.get(db);
  if (!cache) {
    cache = new Map();
    resultCaches.set(db, cache);
  }
  const top = maxSnapshotId(db);
  const key = `${top}|${JSON.stringify(p)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const out = await computeSearch(db, p, top);
  cache.set(key, out);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return out;
}

/** One search without the result cache (tests compare paths with it; benchmarks use the cache-free cost). */
export function searchUncached(db: Reader, p: SearchParams): Promise<SearchOutcome> {
  return computeSearch(db, p, maxSnapshotId(db));
}

async function computeSearch(db: Reader, p: SearchParams, top: number): Promise<SearchOutcome> {
  const kind = detectMode(p.q);
  // The packed index (in the search worker) answers newest, boolean and relevance when it holds
  // every snapshot up to `top`.
  const out = kind === "url" ? null : await searchWithIndex(db, p, kind, top);
  if (out) return withPageCounts(db, top, out.mode, out.total, out.hits, out.marks, "index");
  return ftsSearch(db, p, kind);
}

/** The FTS4 path on the main thread (url mode always; the others while the index is not ready). */
function ftsSearch(db: Reader, p: SearchParams, kind: ReturnType<typeof detectMode>): SearchOutcome {
  let mode: SearchMode;
  let hits: Hit[] = [];
  let marks: SearchOutcome["marks"] = { terms: [], prefix: false };
  if (kind === "newest") {
    mode = "newest";
    const keep = metaFilter(db, p);
    for (const [id, m] of snapshotMeta(db))
      if (keep(m)) hits.push({ id, group: m.group, ts: m.ts, score: 0 });
  } else if (kind === "url") {
    mode = "url";
    const raw = /^https?:\/\//i.test(p.q.trim()) ? p.q.trim() : `https://${p.q.trim()}`;
    const norm = normalizeUrlGroup(raw) ?? raw;
    const variants = [norm, norm.replace(/^https:/, "http:")];
    hits = plainHits(db, "s.normalized_url_group IN (?, ?)", variants, p);
    if (!hits.length) {
      const esc = (s: string) => s.replace(/[\\%_]/g, "\\$&");
      hits = plainHits(
        db,
        "(s.normalized_url_group LIKE ? ESCAPE '\\' OR s.normalized_url_group LIKE ? ESCAPE '\\')",
        variants.map((v) => `${esc(v)}%`),
        p,
      );
    }
  } else if (kind === "boolean") {
    mode = "boolean";
    const tree = parseBoolean(p.q);
    if (tree) {
      const pos = positiveTerms(tree);
      const set = boolSql(db, tree);
      // The id set is computed on its own (an FTS subquery inside IN is re-run per row by sql.js).
      const ids = new Set(
        db.all<{ docid: number }>(`SELECT docid FROM (${set.sql})`, set.args).map((r) => r.docid),
      );
      hits = pos.length
        ? scoredHits(db, rankedBoolean(db, pos, ids), p)
        : plainHits(db, `s.id IN (SELECT docid FROM (${set.sql}))`, set.args, p);
      marks = { terms: pos.flatMap((t) => t.text.split(" ")), prefix: false };
    }
  } else {
    const tokens = queryTokens(p.q);
    mode = "relevance_fts";
    marks = { terms: tokens, prefix: false };
    if (tokens.length) hits = ftsHits(db, tokens.join(" "), p);
    if (!hits.length && tokens.length) {
      mode = "relevance_fallback";
      marks = { terms: tokens, prefix: true };
      hits = ftsHits(db, tokens.map((t) => `${t}*`).join(" OR "), p);
    }
    if (!hits.length && p.q.trim().length >= 4 && tokens.length) {
      mode = "relevance_fuzzy";
      const expanded = fuzzyExpansion(db, tokens);
      marks = { terms: expanded.flat(), prefix: false };
      hits = ftsHits(db, expanded.map((alts) => alts.join(" OR ")).join(" "), p);
    }
  }
  const sort = mode === "newest" || mode === "url" ? "newest" : p.sort;
  const grouped = group(hits, p.view, sort);
  const pageHits = grouped.slice((p.page - 1) * p.pageSize, p.page * p.pageSize);
  return withPageCounts(db, maxSnapshotId(db), mode, grouped.length, pageHits, marks, "fts4");
}

/**
 * Adds each row's page capture count (every capture of its URL group up to snapshot `top`,
 * unfiltered: a capture written while the worker answered does not count).
 */
function withPageCounts(
  db: Reader,
  top: number,
  mode: SearchMode,
  total: number,
  pageHits: Hit[],
  marks: SearchOutcome["marks"],
  answeredBy: SearchOutcome["answeredBy"],
): SearchOutcome {
  const groups = [...new Set(pageHits.map((h) => h.group))];
  const counts = new Map<string, number>();
  if (groups.length) {
    for (const r of db.all<{ g: string; n: number }>(
      `SELECT normalized_url_group AS g, COUNT(*) AS n FROM snapshots WHERE normalized_url_group IN (${groups.map(() => "?").join(",")}) AND id <= ? GROUP BY normalized_url_group`,
      [...groups, top],
    ))
      counts.set(r.g, r.n);
  }
  return {
    mode,
    total,
    hits: pageHits.map((h) => ({ ...h, pageSnapshotsCount: counts.get(h.group) ?? 1 })),
    marks,
    answeredBy,
  };
}
