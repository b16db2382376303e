/**
 * Boolean queries (AND/OR/NOT, parentheses, title:/url:/snippet: terms) answered from the
 * in-memory index with the FTS4 path's semantics: the tree selects a set of snapshots (NOT
 * complements over every snapshot), and the snapshots of that set holding any positive term are
 * ranked by BM25 over those terms. Quoted phrases need word positions, which the index does not
 * keep, so a tree with a phrase returns null and FTS4 answers it.
 */

import { type IndexFilter, pageOf } from "./index-page.js";
import { matchQuery } from "./index-query.js";
import type { MemoryIndex } from "./memory-index.js";
import { type BoolNode, positiveTerms } from "./query-parse.js";

const COLUMN = { title: 0, url: 1, body: 2 } as const;

export function hasPhrase(n: BoolNode): boolean {
  if (n.kind === "term") return n.phrase;
  if (n.kind === "not") return hasPhrase(n.item);
  return n.items.some(hasPhrase);
}

/** 1 for every document the tree selects. */
function evaluate(ix: MemoryIndex, n: BoolNode): Uint8Array {
  const size = ix.n;
  if (n.kind === "term") {
    const mask = new Uint8Array(size);
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
    const inner = evaluate(ix, n.item);
    for (let d = 0; d < size; d++) inner[d] ^= 1;
    return inner;
  }
  const [first, ...rest] = n.items.map((x) => evaluate(ix, x));
  for (const m of rest)
    for (let d = 0; d < size; d++) first[d] = n.kind === "and" ? first[d] & m[d] : first[d] | m[d];
  return first;
}

export function booleanPage(
  ix: MemoryIndex,
  tree: BoolNode,
  f: IndexFilter,
  req: { view: "pages" | "snapshots"; page: number; pageSize: number; byScore: boolean },
): ReturnType<typeof pageOf> {
  const mask = evaluate(ix, tree);
  const pos = positiveTerms(tree);
  if (!pos.length) {
    const docs = new Int32Array(ix.n);
    let count = 0;
    for (let d = 0; d < ix.n; d++) if (mask[d]) docs[count++] = d;
    return pageOf(ix, docs, count, null, f, req);
  }
  const m = matchQuery(ix, [pos.map((t) => ({ terms: [t.text], col: t.field ? COLUMN[t.field] : -1 }))]);
  let count = 0;
  for (let k = 0; k < m.count; k++) if (mask[m.docs[k]]) m.docs[count++] = m.docs[k];
  return pageOf(ix, m.docs, count, m.score, f, req);
}
