/**
 * Boolean queries (AND/OR/NOT, parentheses, quoted phrases, title:/url:/snippet: terms) answered
 * from the packed index with the FTS4 path's semantics: the tree selects a set of snapshots (NOT
 * complements over every snapshot), and the snapshots of that set holding any positive term are
 * ranked by BM25 over those terms. Quoted phrases are matched from word positions.
 */

import { type IndexFilter, type PageRequest, pageOf } from "./index-page.js";
import { matchQuery } from "./index-query.js";
import type { PackedIndex } from "./packed/packed-index.js";
import { type PhraseHits, phraseHits } from "./packed/phrase.js";
import { type BoolNode, positiveTerms } from "./query-parse.js";

const COLUMN = { title: 0, url: 1, body: 2 } as const;

type TermNode = Extract<BoolNode, { kind: "term" }>;

const columnOf = (n: TermNode) => (n.field ? COLUMN[n.field] : -1);

let termDocs = new Int32Array(0);
let termTf = new Uint32Array(0);

/** 1 for every document the tree selects. */
function evaluate(ix: PackedIndex, n: BoolNode, phrases: Map<BoolNode, PhraseHits>): Uint8Array {
  const size = ix.docs.size;
  if (n.kind === "term") {
    const mask = new Uint8Array(size);
    const hits = phrases.get(n);
    if (hits) {
      for (let k = 0; k < hits.count; k++) mask[hits.docs[k]] = 1;
      return mask;
    }
    const t = ix.termId(n.text);
    if (t < 0) return mask;
    const col = columnOf(n);
    // The term's postings go through buffers kept between queries (a common word's take a megabyte).
    if (termDocs.length < ix.count[t]) {
      termDocs = new Int32Array(ix.count[t]);
      termTf = new Uint32Array(ix.count[t] * 3);
    }
    const docs = termDocs;
    const tf = termTf;
    const count = ix.decode(t, docs, tf);
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
    if (n.kind === "and") for (let d = 0; d < size; d++) first[d] &= m[d];
    else for (let d = 0; d < size; d++) first[d] |= m[d];
  return first;
}

/** Quoted phrases, except a quoted single word without a field: FTS4 treats that as the term. */
function phraseNodes(n: BoolNode): TermNode[] {
  if (n.kind === "term") return n.phrase && (n.text.includes(" ") || n.field) ? [n] : [];
  if (n.kind === "not") return phraseNodes(n.item);
  return n.items.flatMap(phraseNodes);
}

export function booleanPage(
  ix: PackedIndex,
  tree: BoolNode,
  f: IndexFilter,
  req: PageRequest,
): ReturnType<typeof pageOf> {
  const phrases = new Map<BoolNode, PhraseHits>(
    phraseNodes(tree).map((n, slot) => [n, phraseHits(ix, n.text.split(" "), columnOf(n), slot)]),
  );
  const pos = positiveTerms(tree);
  // A term, or terms joined by OR, selects exactly the documents ranked below: no mask needed.
  const plain = tree.kind === "term" || (tree.kind === "or" && tree.items.every((x) => x.kind === "term"));
  const mask = plain ? null : evaluate(ix, tree, phrases);
  if (!pos.length) {
    const selected = mask ?? evaluate(ix, tree, phrases);
    // (NOT also selects numbers without a document: the page filter drops them.)
    const docs = new Int32Array(ix.docs.size);
    let count = 0;
    for (let d = 0; d < ix.docs.size; d++) if (selected[d]) docs[count++] = d;
    return pageOf(ix.docs, docs, count, null, f, req);
  }
  const m = matchQuery(ix, [
    pos.map((t) => {
      const hits = phrases.get(t);
      return hits ? { hits } : { terms: [t.text], col: columnOf(t) };
    }),
  ]);
  if (!mask) return pageOf(ix.docs, m.docs, m.count, m.score, f, req);
  let count = 0;
  for (let k = 0; k < m.count; k++) if (mask[m.docs[k]]) m.docs[count++] = m.docs[k];
  return pageOf(ix.docs, m.docs, count, m.score, f, req);
}
