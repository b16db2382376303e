/**
 * Two-word phrases, the usual quoted query, matched without decoding positions into arrays: in
 * each column, the two words' position lists are read side by side straight from their bytes and
 * merged, stopping as soon as either list is used up (the other's remaining bytes are stepped
 * over in one pass). Counts are the same as the general matcher's (phrase.ts), hit for hit.
 */
import { skipVarints, type WordState } from "./word-positions.js";

/**
 * Hits of the phrase "first second" (two distinct words) in the candidate documents, into `docs`,
 * `tf` (three per document) and `df`; returns the number of documents with a hit.
 */
export function pairHits(
  first: WordState,
  second: WordState,
  candidates: Int32Array,
  nCand: number,
  col: number,
  out: { docs: Int32Array; tf: Uint32Array; df: number[] },
): number {
  const { docs, tf, df } = out;
  const fa = first.tf;
  const sa = second.tf;
  let count = 0;
  for (let c = 0; c < nCand; c++) {
    const d = candidates[c];
    first.find(d);
    second.find(d);
    const bufA = first.cur.buf;
    const bufB = second.cur.buf;
    let pa = first.cur.pos;
    let pb = second.cur.pos;
    const ka = first.k * 3;
    const kb = second.k * 3;
    let any = false;
    for (let j = 0; j < 3; j++) {
      const na = fa[ka + j];
      const nb = sa[kb + j];
      tf[count * 3 + j] = 0;
      if (!na || !nb || (col >= 0 && col !== j)) {
        pa = skipVarints(bufA, pa, na);
        pb = skipVarints(bufB, pb, nb);
        continue;
      }
      // Positions: the first, then gaps − 1, as varints (see packed-index.ts).
      let x = bufA[pa++];
      let qa = x & 0x7f;
      for (let mul = 128; x >= 0x80; mul *= 128) {
        x = bufA[pa++];
        qa += (x & 0x7f) * mul;
      }
      x = bufB[pb++];
      let qb = x & 0x7f;
      for (let mul = 128; x >= 0x80; mul *= 128) {
        x = bufB[pb++];
        qb += (x & 0x7f) * mul;
      }
      let ia = 1;
      let ib = 1;
      let hits = 0;
      for (;;) {
        // The second word's position is at or behind the one after the first word's: it moves;
        // at or ahead: the first word's moves (both on a hit).
        const stepB = qb <= qa + 1;
        const stepA = qb >= qa + 1;
        if (stepA && stepB) hits++;
        // Neither list can add a hit once one of the lists it needs is used up.
        if ((stepA && ia === na) || (stepB && ib === nb)) break;
        if (stepB) {
          x = bufB[pb++];
          let v = x & 0x7f;
          for (let mul = 128; x >= 0x80; mul *= 128) {
            x = bufB[pb++];
            v += (x & 0x7f) * mul;
          }
          qb += v + 1;
          ib++;
        }
        if (stepA) {
          x = bufA[pa++];
          let v = x & 0x7f;
          for (let mul = 128; x >= 0x80; mul *= 128) {
            x = bufA[pa++];
            v += (x & 0x7f) * mul;
          }
          qa += v + 1;
          ia++;
        }
      }
      pa = skipVarints(bufA, pa, na - ia);
      pb = skipVarints(bufB, pb, nb - ib);
      if (!hits) continue;
      tf[count * 3 + j] = hits;
      df[j]++;
      any = true;
    }
    first.cur.pos = pa;
    second.cur.pos = pb;
    first.next();
    second.next();
    if (any) docs[count++] = d;
  }
  return count;
}
