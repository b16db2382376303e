/**
 * BM25 from FTS4's matchinfo('pcnalx') (sql.js has no FTS5 and no bm25()), with per-column
 * weights (title counts most) and a penalty for deep URLs and query strings, so a section's
 * landing page ranks above a page deep inside it.
 */
const K1 = 1.2;
const B = 0.75;
/** Column weights in snapshots_fts order: title, url, body. */
export const WEIGHTS = [4, 1.5, 1];

export function bm25(mi: Uint8Array): number {
  return addBm25(mi, 0, -1);
}

/**
 * Adds the query's BM25 terms to `score` in phrase, then column order (so a sum built phrase by
 * phrase equals the sum over one query holding them all); `col` ≥ 0 counts that column only.
 */
export function addBm25(mi: Uint8Array, start: number, col: number): number {
  const v = new Uint32Array(mi.buffer, mi.byteOffset, mi.byteLength / 4);
  const p = v[0];
  const c = v[1];
  const n = v[2];
  const avg = v.subarray(3, 3 + c);
  const len = v.subarray(3 + c, 3 + 2 * c);
  const x = 3 + 2 * c;
  let score = start;
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < c; j++) {
      if (col >= 0 && j !== col) continue;
      const base = x + 3 * (i * c + j);
      const tf = v[base];
      if (!tf) continue;
      const df = v[base + 2];
      const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
      const norm = tf + K1 * (1 - B + (B * len[j]) / (avg[j] || 1));
      score += WEIGHTS[j] * idf * ((tf * (K1 + 1)) / norm);
    }
  }
  return score;
}

const penalties = new Map<string, number>();
export function urlPenalty(url: string): number {
  const hit = penalties.get(url);
  if (hit !== undefined) return hit;
  // Path depth and query string, read from the string (no URL parsing on the hot path).
  const afterHost = url.replace(/^[a-z]+:\/\/[^/]*/i, "");
  const q = afterHost.indexOf("?");
  const pathPart = q >= 0 ? afterHost.slice(0, q) : afterHost;
  const depth = pathPart.split("/").filter(Boolean).length;
  const value = (1 / (1 + 0.08 * Math.max(0, depth - 1))) * (q >= 0 ? 0.8 : 1);
  if (penalties.size > 200_000) penalties.clear();
  penalties.set(url, value);
  return value;
}
