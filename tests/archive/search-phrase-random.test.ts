/**
 * Quoted-phrase hits from the packed index against a plain count over each document's tokens,
 * for many random documents and phrases: two distinct words (merged straight from their bytes),
 * repeated words and longer phrases (decoded with position bounds), with a column or without,
 * over lists still growing chunk by chunk and over packed ones. Long columns make positions and
 * gaps above 127, which take more than one byte.
 */
import { describe, expect, it } from "vitest";
import { PackedIndex } from "../../server/archive/search/packed/packed-index.js";
import { phraseHits } from "../../server/archive/search/packed/phrase.js";
import { seededRandom } from "../../server/waittimes/demo-model.js";

const VOCAB = ["a", "b", "c", "d", "e", "f", "g", "h", "rare", "filler"];

/** Per column, hits of `words` as FTS4 counts them: every start position, overlapping ones too. */
function bruteHits(columns: string[][], words: string[], col: number): number[] {
  return columns.map((tokens, j) => {
    if (col >= 0 && j !== col) return 0;
    let hits = 0;
    for (let i = 0; i + words.length <= tokens.length; i++)
      if (words.every((w, o) => tokens[i + o] === w)) hits++;
    return hits;
  });
}

function randomColumn(next: () => number, maxLen: number): string[] {
  const len = Math.floor(next() * maxLen);
  // Mostly a few common words, sometimes a long run of filler (position gaps above 127).
  return Array.from({ length: len }, () => {
    const r = next();
    return r < 0.05 ? "rare" : r < 0.25 ? "filler" : VOCAB[Math.floor(next() * 8)];
  });
}

describe("quoted phrases on random documents", () => {
  it("count the same hits per column as a plain scan of the tokens", () => {
    const next = seededRandom(18);
    const ix = new PackedIndex();
    const columns: string[][][] = [];
    const addDoc = () => {
      const id = columns.length + 1;
      const cols = [
        randomColumn(next, 6),
        randomColumn(next, 4),
        randomColumn(next, next() < 0.1 ? 400 : 40),
      ];
      columns.push(cols);
      const meta = { id, group: null, url: "u", ts: "2026-01-01T00:00:00.000Z", status: 200 };
      const d = ix.docs.add({ ...meta, duplicate: 0, sourceId: 1, language: "en" }, [0, 0, 0]);
      ix.addText(d, [cols[0].join(" "), cols[1].join(" "), cols[2].join(" ")]);
    };
    const phrases: [string[], number][] = [];
    for (let i = 0; i < 150; i++) {
      const n = i % 5 === 4 ? 3 : 2;
      const words = Array.from({ length: n }, () => VOCAB[Math.floor(next() * VOCAB.length)]);
      phrases.push([words, Math.floor(next() * 4) - 1]);
    }
    phrases.push([["a", "a"], -1], [["filler", "a"], 2], [["rare", "filler"], -1], [["a", "b", "a"], -1]);
    const check = (stage: string) => {
      for (const [words, col] of phrases) {
        const h = phraseHits(ix, words, col);
        const got = new Map<number, number[]>();
        for (let k = 0; k < h.count; k++) got.set(h.docs[k], Array.from(h.tf.subarray(k * 3, k * 3 + 3)));
        const expected = new Map<number, number[]>();
        const df = [0, 0, 0];
        columns.forEach((cols, i) => {
          const hits = bruteHits(cols, words, col);
          // Document numbers are the snapshot ids, from 1.
          if (hits.some((x) => x > 0)) expected.set(i + 1, hits);
          hits.forEach((x, j) => {
            if (x) df[j]++;
          });
        });
        const what = `"${words.join(" ")}" in column ${col} (${stage})`;
        expect(got, what).toEqual(expected);
        expect(h.df, what).toEqual(df);
      }
    };
    for (let i = 0; i < 300; i++) addDoc();
    ix.finish();
    // Documents added after packing grow the lists chunk by chunk.
    for (let i = 0; i < 300; i++) addDoc();
    expect(ix.positions.chunks).toBeGreaterThan(1);
    check("packed, then growing");
    ix.compact();
    check("packed again");
  });
});
