/**
 * Boolean queries (AND/OR/NOT, parentheses, title:/url:/snippet: terms) answered from the
 * in-memory index with the FTS4 path's semantics: the tree selects a set of snapshots (NOT
 * complements over every snapshot), and the snapshots of that set holding any positive term are
 * ranked by BM25 over those terms. Quoted phrases need word positions, which the index does not
 * keep: FTS4 finds each phrase's rows and per-column counts (matchinfo 'x'), the rest stays here.
 */

import type { Reader } from "../../db/types.js";
import { type IndexFilter, pageOf } from "./index-page.js";
import { matchQuery, type PhraseHits } from "./index-query.js";
import type { MemoryIndex } from "./memory-index.js";
import { type BoolNode, positiveTerms, termMatch } from "./query-parse.js";

const COLUMN = { title: 0, url: 1, body: 2 } as const;

type TermNode = Extract<BoolNode, { kind: "term" }>;

/** A quoted phrase's rows and per-column counts from FTS4 (matchinfo 'x': row hits, all hits, docs). */
function phraseHits(db: Reader, ix: MemoryIndex, n: TermNode): PhraseHits {
  const rows = db.all<{ id: number; mi: Uint8Array }>(
    "SELECT docid AS id, matchinfo(snapshots_fts, 'x') AS mi FROM snapshots_fts WHERE snapshots_fts MATCH ?",
    [termMatch(n)],
  );
  const docs = new Int32Array(rows.length);
  const tf = new Uint32Array(rows.length * 3);
  let df = [0, 0, 0];
  let count = 0;
  for (const r of rows) {
    const d = r.id < ix.indexOf.length ? ix.indexOf[r.id] : -1;
    if (d < 0) continue;
    const v = new Uint32Array(r.mi.buffer, r.mi.byteOffset, r.mi.byteLength / 4);
    df = [v[2], v[5], v[8]];
    docs[count] = d;
    for (let j = 0; j < 3; j++) tf[count * 3 + j] = v[3 * j];
    count++;
  }
  return { docs, tf, count, df };
}

/** 1 for every document the tree selects. */
function evaluate(ix: MemoryIndex, n: BoolNode, phrases: Map<BoolNode, PhraseHits>): Uint8Array {
  const size = ix.n;
  if (n.kind === "term") {
    const mask = new Uint8Array(size);
    const hits = phrases.get(n);
    if (hits) {
      for (let k = 0; k < hits.count; k++) mask[hits.docs[k]] = 1;
      return mask;
    }
    const list = ix.terms.get(n.text);
    if (!list) return mask;
    const col = n.field ? COLUMN[n.field] : -1;
    const docs = new Int32Array(list.count);
    const tf = new Uint32Array(list.count * 3);
    const count = list.decode(docs, tf);
    for (let k = 0; k < count; k++) if (col < 0 || tf[k * 3 + col]) mask[docs[k]] = 1;
    return mask;
  }
  if (n.kind === "not") {
    const inner = evaluate(ix, n.item, phrases);
    for (let d = 0; d < size; d++) inner[d] ^= 1;
    return inner;
  }
  const [first, ...rest] = n.items.map((x) => evaluate(ix, x, phrases));
  for (const m of rest)
    for (let d = 0; d < size; d++) first[d] = n.kind === "and" ? first[d] & m[d] : first[d] | m[d];
  return first;
}

/** Quoted phrases, except a quoted single word without a field: FTS4 treats that as the term. */
function phraseNodes(n: BoolNode): TermNode[] {
  if (n.kind === "term") return n.phrase && (n.text.includes(" ") || n.field) ? [n] : [];
  if (n.kind === "not") return phraseNodes(n.item);
  return n.items.flatMap(phraseNodes);
}

export function booleanPage(
  db: Reader,
  ix: MemoryIndex,
  tree: BoolNode,
  f: IndexFilter,
  req: { view: "pages" | "snapshots"; page: number; pageSize: number; byScore: boolean },
): ReturnType<typeof pageOf> {
  const phrases = new Map<BoolNode, PhraseHits>(phraseNodes(tree).map((n) => [n, phraseHits(db, ix, n)]));
  const mask = evaluate(ix, tree, phrases);
  const pos = positiveTerms(tree);
  if (!pos.length) {
    const docs = new Int32Array(ix.n);
    let count = 0;
    for (let d = 0; d < ix.n; d++) if (mask[d]) docs[count++] = d;
    return pageOf(ix, docs, count, null, f, req);
  }
  const m = matchQuery(ix, [
    pos.map((t) => {
      const hits = phrases.get(t);
      return hits ? { hits } : { terms: [t.text], col: t.field ? COLUMN[t.field] : -1 };
    }),
  ]);
  let count = 0;
  for (let k = 0; k < m.count; k++) if (mask[m.docs[k]]) m.docs[count++] = m.docs[k];
  return pageOf(ix, m.docs, count, m.score, f, req);
}
