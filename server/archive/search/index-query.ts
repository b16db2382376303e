/**
 * Matching and BM25 scoring over the in-memory index, computed exactly as search.ts computes it
 * from FTS4's matchinfo('pcnalx'): the same phrases in the same order, the same per-column
 * document frequencies, lengths and rounded averages, the same floating-point sum, then the URL
 * penalty. A query is a list of groups that must all match (FTS4's implicit AND); a group matches
 * when any of its phrases does (OR); a phrase is one term or, for `t*`, every term with prefix t.
 */

import { K1, type Scratch, scratchFor } from "./match-scratch.js";
import type { PackedIndex } from "./packed/packed-index.js";
import type { PhraseHits } from "./packed/phrase.js";
import { WEIGHTS } from "./rank.js";

export interface Matches {
  /** Matching documents (any order; scratch memory, valid until the next query) and their scores. */
  docs: Int32Array;
  count: number;
  score: Float64Array;
}

const dfOf = (ix: PackedIndex, t: number) => [ix.df[t * 3], ix.df[t * 3 + 1], ix.df[t * 3 + 2]];

/** Loads one phrase's documents and per-column counts into s.pDocs / s.pTf; returns the count and df. */
function loadPhrase(ix: PackedIndex, s: Scratch, lists: number[]): { count: number; df: number[] } {
  if (lists.length === 1) return { count: ix.decode(lists[0], s.pDocs, s.pTf), df: dfOf(ix, lists[0]) };
  const pEpoch = ++s.phraseEpoch;
  let count = 0;
  for (const list of lists) {
    const c = ix.decode(list, s.tDocs, s.tTf);
    for (let k = 0; k < c; k++) {
      const d = s.tDocs[k];
      if (s.pStamp[d] !== pEpoch) {
        s.pStamp[d] = pEpoch;
        s.pDocs[count++] = d;
        s.sum[d * 3] = 0;
        s.sum[d * 3 + 1] = 0;
        s.sum[d * 3 + 2] = 0;
      }
      s.sum[d * 3] += s.tTf[k * 3];
      s.sum[d * 3 + 1] += s.tTf[k * 3 + 1];
      s.sum[d * 3 + 2] += s.tTf[k * 3 + 2];
    }
  }
  const df = [0, 0, 0];
  for (let k = 0; k < count; k++) {
    const d = s.pDocs[k];
    for (let j = 0; j < 3; j++) {
      const tf = s.sum[d * 3 + j];
      s.pTf[k * 3 + j] = tf;
      if (tf) df[j]++;
    }
  }
  return { count, df };
}

/** Keeps only the phrase's documents that have it in column `col` (an FTS4 `title:term`). */
function restrict(s: Scratch, count: number, col: number): { count: number; df: number[] } {
  let c = 0;
  for (let k = 0; k < count; k++) {
    const tf = s.pTf[k * 3 + col];
    if (!tf) continue;
    s.pDocs[c] = s.pDocs[k];
    s.pTf[c * 3] = 0;
    s.pTf[c * 3 + 1] = 0;
    s.pTf[c * 3 + 2] = 0;
    s.pTf[c * 3 + col] = tf;
    c++;
  }
  const df = [0, 0, 0];
  df[col] = c;
  return { count: c, df };
}

/**
 * One phrase: its terms' counts are summed; `col` limits it to title (0), url (1) or body (2);
 * `hits` supplies a quoted phrase's counts (computed from positions, see packed/phrase.ts).
 */
export type Phrase = string[] | { terms: string[]; col: number } | { hits: PhraseHits };

/**
 * Adds term `t`'s BM25 to the scores of its documents in group `g`: the loop of matchQuery for
 * one term, fused with the decoding of its postings (see packed-index.ts for their layout), so
 * the counts never pass through scratch arrays. Returns the new count of touched documents.
 */
function scoreTerm(
  ix: PackedIndex,
  s: Scratch,
  t: number,
  g: number,
  norms: Float64Array,
  nTouched: number,
): number {
  const n = ix.docs.count;
  const w0 = WEIGHTS[0] * Math.log((n - ix.df[t * 3] + 0.5) / (ix.df[t * 3] + 0.5) + 1);
  const w1 = WEIGHTS[1] * Math.log((n - ix.df[t * 3 + 1] + 0.5) / (ix.df[t * 3 + 1] + 0.5) + 1);
  const w2 = WEIGHTS[2] * Math.log((n - ix.df[t * 3 + 2] + 0.5) / (ix.df[t * 3 + 2] + 0.5) + 1);
  const { stamp, score, touched, groups: groupsOf, lastGroup, epoch } = s;
  const cur = s.cursor.open(ix.postings, t);
  let doc = -1;
  let touchedN = nTouched;
  while (cur.more()) {
    const v = cur.varint();
    doc += (v >>> 2) + 1;
    let t0 = 0;
    let t1 = 0;
    let t2: number;
    if ((v & 3) !== 3) t2 = (v & 3) + 1;
    else {
      const shape = cur.varint();
      if (shape & 2) t0 = cur.varint();
      if (shape & 1) t1 = cur.varint();
      t2 = shape >>> 2;
    }
    const d = doc;
    if (stamp[d] !== epoch) {
      if (g > 0) continue; // not matched by an earlier group: it can never match
      stamp[d] = epoch;
      score[d] = 0;
      groupsOf[d] = 0;
      lastGroup[d] = -1;
      touched[touchedN++] = d;
    }
    // Same expression, same operation order as rank.ts, so scores are equal to the last bit.
    let sc = score[d];
    if (t0) sc += w0 * ((t0 * (K1 + 1)) / (t0 + norms[d * 3]));
    if (t1) sc += w1 * ((t1 * (K1 + 1)) / (t1 + norms[d * 3 + 1]));
    if (t2) sc += w2 * ((t2 * (K1 + 1)) / (t2 + norms[d * 3 + 2]));
    score[d] = sc;
    if (lastGroup[d] !== g) {
      lastGroup[d] = g;
      groupsOf[d]++;
    }
  }
  return touchedN;
}

/**
 * A query that is one quoted phrase: its documents are distinct and all match, so they are scored
 * straight from the phrase's buffers (the same sum, in the same order, as below) with no stamps.
 */
function scoreHits(ix: PackedIndex, s: Scratch, hits: PhraseHits): Matches {
  const n = ix.docs.count;
  const norms = s.lengthNorms(ix);
  const w = hits.df.map((x, j) => WEIGHTS[j] * Math.log((n - x + 0.5) / (x + 0.5) + 1));
  const [w0, w1, w2] = w;
  const { touched, score } = s;
  const { docs, tf } = hits;
  const { penalties, penaltyOf } = ix.docs;
  for (let k = 0; k < hits.count; k++) {
    const d = docs[k];
    const t0 = tf[k * 3];
    const t1 = tf[k * 3 + 1];
    const t2 = tf[k * 3 + 2];
    let sc = 0;
    if (t0) sc += w0 * ((t0 * (K1 + 1)) / (t0 + norms[d * 3]));
    if (t1) sc += w1 * ((t1 * (K1 + 1)) / (t1 + norms[d * 3 + 1]));
    if (t2) sc += w2 * ((t2 * (K1 + 1)) / (t2 + norms[d * 3 + 2]));
    score[d] = sc * penalties[penaltyOf[d]];
    touched[k] = d;
  }
  return { docs: touched, count: hits.count, score };
}

/** Runs `groups` (AND of ORs of phrases; a phrase is a list of terms summed together). */
export function matchQuery(ix: PackedIndex, groups: Phrase[][]): Matches {
  const s = scratchFor(ix);
  const only = groups.length === 1 && groups[0].length === 1 ? groups[0][0] : null;
  if (only && "hits" in only) return scoreHits(ix, s, only.hits);
  const epoch = ++s.epoch;
  // FTS4 matchinfo 'n': the number of documents.
  const n = ix.docs.count;
  const norms = s.lengthNorms(ix);
  const { stamp, score, pDocs, pTf, touched, groups: groupsOf, lastGroup } = s;
  let nTouched = 0;
  for (let g = 0; g < groups.length; g++) {
    for (const phrase of groups[g]) {
      let count: number;
      let df: number[];
      if ("hits" in phrase) {
        ({ count, df } = phrase.hits);
        pDocs.set(phrase.hits.docs.subarray(0, count));
        pTf.set(phrase.hits.tf.subarray(0, count * 3));
      } else {
        const terms = Array.isArray(phrase) ? phrase : phrase.terms;
        const col = Array.isArray(phrase) ? -1 : phrase.col;
        const lists = terms.map((t) => ix.termId(t)).filter((t) => t >= 0);
        if (!lists.length) continue;
        if (lists.length === 1 && col < 0) {
          // The common case, one word in any column: scored straight from its postings.
          nTouched = scoreTerm(ix, s, lists[0], g, norms, nTouched);
          continue;
        }
        ({ count, df } = loadPhrase(ix, s, lists));
        if (col >= 0) ({ count, df } = restrict(s, count, col));
      }
      if (!count) continue;
      const w = df.map((x, j) => WEIGHTS[j] * Math.log((n - x + 0.5) / (x + 0.5) + 1));
      for (let k = 0; k < count; k++) {
        const d = pDocs[k];
        if (stamp[d] !== epoch) {
          if (g > 0) continue; // not matched by an earlier group: it can never match
          stamp[d] = epoch;
          score[d] = 0;
          groupsOf[d] = 0;
          lastGroup[d] = -1;
          touched[nTouched++] = d;
        }
        // Same expression, same operation order as rank.ts, so scores are equal to the last bit.
        let sc = score[d];
        for (let j = 0; j < 3; j++) {
          const tf = pTf[k * 3 + j];
          if (tf) sc += w[j] * ((tf * (K1 + 1)) / (tf + norms[d * 3 + j]));
        }
        score[d] = sc;
        if (lastGroup[d] !== g) {
          lastGroup[d] = g;
          groupsOf[d]++;
        }
      }
    }
  }
  // The matches are kept in place, in the scratch list (valid until the next query).
  let count = 0;
  for (let k = 0; k < nTouched; k++) {
    const d = touched[k];
    if (groupsOf[d] !== groups.length) continue;
    score[d] *= ix.docs.penalties[ix.docs.penaltyOf[d]];
    touched[count++] = d;
  }
  return { docs: touched, count, score };
}
