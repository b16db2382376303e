/**
 * The FTS4 answer to a search, on the main thread: URL queries always, the other kinds while the
 * packed index is not ready. Only docids and matchinfo come from FTS; filters, ranking and grouping
 * run over the in-memory snapshot columns (snapshot-meta.ts).
 */
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { captureRange } from "../../../shared/archive/query-rules.js";
import type { Reader, SqlValue } from "../../db/types.js";
import type { QueryKind } from "../repository.js";
import { groupHits } from "../search/group-hits.js";
import { expandFuzzy } from "../search/memory-search.js";
import { parseBoolean, positiveTerms, queryTokens, type SearchMode } from "../search/query-parse.js";
import { bm25, urlPenalty } from "../search/rank.js";
import { REDIRECT_TARGETS, type RedirectRow, redirectTargets } from "../search/redirects.js";
import type { Hit, SearchOutcome, SearchParams } from "../search/search-types.js";
import { boolSql, rankedBoolean } from "./fts-boolean.js";
import { maxSnapshotId } from "./index-feed.js";
import { type SnapshotMeta, snapshotMeta } from "./snapshot-meta.js";

function filters(p: SearchParams): { sql: string; args: SqlValue[] } {
  const parts: string[] = [];
  const args: SqlValue[] = [];
  if (p.source) {
    parts.push("s.source_id = (SELECT id FROM sources WHERE code = ?)");
    args.push(p.source);
  }
  const { fromAt, toAt } = captureRange(p);
  if (fromAt) {
    parts.push("s.capture_timestamp >= ?");
    args.push(fromAt);
  }
  if (toAt) {
    parts.push("s.capture_timestamp <= ?");
    args.push(toAt);
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
  const { fromAt: from, toAt: to } = captureRange(p);
  return (m) =>
    (sourceId === null || m.sourceId === sourceId) &&
    (from === null || m.ts >= from) &&
    (to === null || m.ts <= to) &&
    (!p.language || m.language === p.language) &&
    (p.includeNon2xx || m.ok) &&
    (p.includeDuplicates || !m.duplicate);
}

/** Full-text matches with their BM25 score. */
function ftsHits(db: Reader, match: string, p: SearchParams): Hit[] {
  const meta = snapshotMeta(db);
  const keep = metaFilter(db, p);
  const out: Hit[] = [];
  for (const r of db.all<{ id: number; mi: Uint8Array }>(
    "SELECT docid AS id, matchinfo(snapshots_fts, 'pcnalx') AS mi FROM snapshots_fts WHERE snapshots_fts MATCH ?",
    [match],
  )) {
    const m = meta.get(r.id);
    if (!m || !keep(m)) continue;
    out.push({ id: r.id, group: m.group, ts: m.ts, score: bm25(r.mi) * urlPenalty(m.url) });
  }
  return out;
}

/** Hits for snapshots already scored (BM25 before the URL penalty), filtered, in id order. */
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

const vocabularies = new WeakMap<Reader, { count: number; terms: string[] }>();
function vocabulary(db: Reader): string[] {
  const count = db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0;
  let vocab = vocabularies.get(db);
  if (!vocab || vocab.count !== count) {
    vocab = {
      count,
      terms: db.all<{ term: string }>("SELECT term FROM snapshots_terms WHERE col = '*'").map((r) => r.term),
    };
    vocabularies.set(db, vocab);
  }
  return vocab.terms;
}

/** Captured redirects from addresses matching `where` (on `normalized_url_group`). */
const redirectsWhere = (db: Reader, where: string, args: SqlValue[]): RedirectRow[] =>
  db.all<RedirectRow>(
    `SELECT url, normalized_url_group AS "group", target_group FROM capture_redirects WHERE ${where} LIMIT ${REDIRECT_TARGETS}`,
    args,
  );

/**
 * Captures of the pages matching `where`, and of those that redirects from addresses matching it
 * lead to (marked with the address they were reached from).
 */
function urlMatches(
  db: Reader,
  where: string,
  args: SqlValue[],
  asked: (group: string) => boolean,
  p: SearchParams,
): Hit[] {
  const targets = redirectTargets(redirectsWhere(db, where, args), asked, (groups) =>
    redirectsWhere(db, `normalized_url_group IN (${groups.map(() => "?").join(",")})`, groups),
  );
  const through = [...targets.keys()];
  const own = where.replace(/normalized_url_group/g, "s.normalized_url_group");
  const hits = through.length
    ? plainHits(
        db,
        `(${own} OR s.normalized_url_group IN (${through.map(() => "?").join(",")}))`,
        [...args, ...through],
        p,
      )
    : plainHits(db, own, args, p);
  return hits.map((h) => {
    const from = asked(h.group) ? undefined : targets.get(h.group);
    return from ? { ...h, reachedFrom: from } : h;
  });
}

function urlHits(db: Reader, p: SearchParams): Hit[] {
  const raw = /^https?:\/\//i.test(p.q.trim()) ? p.q.trim() : `https://${p.q.trim()}`;
  const norm = normalizeUrlGroup(raw) ?? raw;
  const variants = [norm, norm.replace(/^https:/, "http:")];
  const hits = urlMatches(db, "normalized_url_group IN (?, ?)", variants, (g) => variants.includes(g), p);
  if (hits.length) return hits;
  const esc = (s: string) => s.replace(/[\\%_]/g, "\\$&");
  return urlMatches(
    db,
    "(normalized_url_group LIKE ? ESCAPE '\\' OR normalized_url_group LIKE ? ESCAPE '\\')",
    variants.map((v) => `${esc(v)}%`),
    (g) => variants.some((v) => g.startsWith(v)),
    p,
  );
}

export function fallbackSearch(db: Reader, p: SearchParams, kind: QueryKind): SearchOutcome {
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
    hits = urlHits(db, p);
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
      hits = ftsHits(db, tokens.map((t) => `${t}*`).join(" "), p);
    }
    if (!hits.length && p.q.trim().length >= 4 && tokens.length) {
      mode = "relevance_fuzzy";
      const expanded = expandFuzzy(vocabulary(db), tokens);
      marks = { terms: expanded.flat(), prefix: false };
      // Bracketed: sql.js's FTS4 reads AND before OR, so `a b OR c` would be `(a b) OR c`.
      hits = ftsHits(db, expanded.map((alts) => `(${alts.join(" OR ")})`).join(" "), p);
    }
  }
  const sort = mode === "newest" || mode === "url" ? "newest" : p.sort;
  const grouped = groupHits(hits, p.view, sort);
  const pageHits = grouped.slice((p.page - 1) * p.pageSize, p.page * p.pageSize);
  const top = maxSnapshotId(db);
  const counts = pageCaptureCounts(db, [...new Set(pageHits.map((h) => h.group))], top);
  return {
    mode,
    total: grouped.length,
    hits: pageHits.map((h) => ({ ...h, pageSnapshotsCount: counts.get(h.group) ?? 1 })),
    marks,
    answeredBy: "fts4",
  };
}

/** Every capture of each URL group up to snapshot `top`, unfiltered. */
export function pageCaptureCounts(db: Reader, groups: readonly string[], top: number): Map<string, number> {
  const counts = new Map<string, number>();
  if (!groups.length) return counts;
  for (const r of db.all<{ g: string; n: number }>(
    `SELECT normalized_url_group AS g, COUNT(*) AS n FROM snapshots WHERE normalized_url_group IN (${groups.map(() => "?").join(",")}) AND id <= ? GROUP BY normalized_url_group`,
    [...groups, top],
  ))
    counts.set(r.g, r.n);
  return counts;
}
