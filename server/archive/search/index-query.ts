/**
 * Matching and BM25 scoring over the in-memory index, computed exactly as search.ts computes it
 * from FTS4's matchinfo('pcnalx'): the same phrases in the same order, the same per-column
 * document frequencies, lengths and rounded averages, the same floating-point sum, then the URL
 * penalty. A query is a list of groups that must all match (FTS4's implicit AND); a group matches
 * when any of its phrases does (OR); a phrase is one term or, for `t*`, every term with prefix t.
 */
import type { MemoryIndex } from "./memory-index.js";
import { WEIGHTS } from "./rank.js";

const K1 = 1.2;
const B = 0.75;

/** Reusable per-document scratch arrays; an epoch stamp avoids clearing them between queries. */
class Scratch {
  size = 0;
  epoch = 0;
  phraseEpoch = 0;
  stamp = new Uint32Array(0);
  score = new Float64Array(0);
  groups = new Uint16Array(0);
  lastGroup = new Int32Array(0);
  pStamp = new Uint32Array(0);
  tf = new Uint32Array(0);
  ensure(n: number) {
    if (n <= this.size) return;
    this.size = Math.max(n, Math.ceil(this.size * 1.5));
    this.stamp = new Uint32Array(this.size);
    this.score = new Float64Array(this.size);
    this.groups = new Uint16Array(this.size);
    this.lastGroup = new Int32Array(this.size);
    this.pStamp = new Uint32Array(this.size);
    this.tf = new Uint32Array(this.size * 3);
    this.epoch = 0;
    this.phraseEpoch = 0;
  }
}
const scratchOf = new WeakMap<MemoryIndex, Scratch>();

export interface Matches {
  /** Matching document indexes (any order) and their scores. */
  docs: Int32Array;
  count: number;
  score: Float64Array;
}

/** Runs `groups` (AND of ORs of phrases; a phrase is a list of terms summed together). */
export function matchQuery(ix: MemoryIndex, groups: string[][][]): Matches {
  let s = scratchOf.get(ix);
  if (!s) {
    s = new Scratch();
    scratchOf.set(ix, s);
  }
  s.ensure(ix.n);
  const epoch = ++s.epoch;
  const n = ix.n;
  const avg = ix.averages();
  const lens = ix.lens;
  // BM25 length normalisation per document and column needs only len/avg; the rest per phrase.
  const touched: number[] = [];
  groups.forEach((phrases, g) => {
    for (const phrase of phrases) {
      const pEpoch = ++s.phraseEpoch;
      const lists = phrase.map((t) => ix.terms.get(t)).filter((p) => p !== undefined);
      if (!lists.length) continue;
      let df: number[];
      const docs: number[] = [];
      if (lists.length === 1) {
        df = lists[0].df;
        lists[0].forEach((d, a, b, c) => {
          docs.push(d);
          s.tf[d * 3] = a;
          s.tf[d * 3 + 1] = b;
          s.tf[d * 3 + 2] = c;
        });
      } else {
        for (const list of lists)
          list.forEach((d, a, b, c) => {
            if (s.pStamp[d] !== pEpoch) {
              s.pStamp[d] = pEpoch;
              docs.push(d);
              s.tf[d * 3] = 0;
              s.tf[d * 3 + 1] = 0;
              s.tf[d * 3 + 2] = 0;
            }
            s.tf[d * 3] += a;
            s.tf[d * 3 + 1] += b;
            s.tf[d * 3 + 2] += c;
          });
        df = [0, 0, 0];
        for (const d of docs) for (let j = 0; j < 3; j++) if (s.tf[d * 3 + j]) df[j]++;
      }
      const idf = df.map((x) => Math.log((n - x + 0.5) / (x + 0.5) + 1));
      for (const d of docs) {
        if (s.stamp[d] !== epoch) {
          if (g > 0) continue; // not matched by an earlier group: it can never match
          s.stamp[d] = epoch;
          s.score[d] = 0;
          s.groups[d] = 0;
          s.lastGroup[d] = -1;
          touched.push(d);
        }
        let score = s.score[d];
        for (let j = 0; j < 3; j++) {
          const tf = s.tf[d * 3 + j];
          if (!tf) continue;
          const norm = tf + K1 * (1 - B + (B * lens[d * 3 + j]) / (avg[j] || 1));
          score += WEIGHTS[j] * idf[j] * ((tf * (K1 + 1)) / norm);
        }
        s.score[d] = score;
        if (s.lastGroup[d] !== g) {
          s.lastGroup[d] = g;
          s.groups[d]++;
        }
      }
    }
  });
  const out = new Int32Array(touched.length);
  let count = 0;
  for (const d of touched) {
    if (s.groups[d] !== groups.length) continue;
    s.score[d] *= ix.penalty[d];
    out[count++] = d;
  }
  return { docs: out, count, score: s.score };
}
