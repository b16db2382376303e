/**
 * The packed index's parts against the real thing: quoted-phrase hits per column equal FTS4's
 * matchinfo 'x' over crafted texts (repeated and overlapping words, several columns), whether the
 * index learned the texts itself or read them from FTS4's own segments; postings that arrive out
 * of document order are put back in order; lists that grow chunk by chunk decode as written; a
 * phrase answered in reused buffers carries nothing over from the one before.
 */
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { readLeaf } from "../../server/archive/search/fts-leaf.js";
import { leafBlocks, listSegments } from "../../server/archive/search/index-reads.js";
import { PackedIndex } from "../../server/archive/search/packed/packed-index.js";
import { phraseHits } from "../../server/archive/search/packed/phrase.js";
import { readAll } from "../../server/archive/search/packed/term-writer.js";
import type { Reader, SqlParams } from "../../server/db/types.js";

const texts: [string, string, string][] = [
  ["Flu flu season", "http://x.example/flu/flu", "flu flu flu season, flu season again"],
  ["Season", "http://x.example/a", "season flu flu. Flu season!"],
  ["Hand washing", "http://x.example/b?q=flu", "wash hands; hand washing and washing hands often"],
  ["Santé publique", "http://x.example/fr/sante", "la santé publique et la santé de la population"],
  ["Other", "http://x.example/c", "nothing about it at all"],
];
const phrases: [string, number][] = [
  ["flu flu", -1],
  ["flu flu flu", -1],
  ["flu season", -1],
  ["flu season", 0],
  ["x example flu", 1],
  ["hand washing", 2],
  ["washing hands", -1],
  ["sante publique", -1],
  ["la sante", 2],
  ["season flu flu", -1],
  ["flu missing", -1],
];

let db: Database;
const reader = (): Reader => ({
  all: <T>(sql: string, params?: SqlParams) => {
    const st = db.prepare(sql, params as never);
    const rows: T[] = [];
    while (st.step()) rows.push(st.getAsObject() as T);
    st.free();
    return rows;
  },
  get: <T>(sql: string, params?: SqlParams) => reader().all<T>(sql, params)[0],
});

beforeAll(async () => {
  const SQL = await initSqlJs();
  db = new SQL.Database();
  db.run(
    `CREATE VIRTUAL TABLE snapshots_fts USING fts4(content="", title, url, body, tokenize=unicode61 "remove_diacritics=1")`,
  );
  // One row per insert: several level-0 segments, read oldest first.
  texts.forEach(([title, url, body], i) => {
    db.run("INSERT INTO snapshots_fts (docid, title, url, body) VALUES (?, ?, ?, ?)", [
      i + 1,
      title,
      url,
      body,
    ]);
  });
});

/** FTS4's documents and per-column hits for a phrase (a column filter applied to its counts). */
function ftsPhrase(words: string, col: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const res = db.exec(
    "SELECT docid, matchinfo(snapshots_fts, 'x') FROM snapshots_fts WHERE snapshots_fts MATCH ?",
    [`"${words}"`],
  );
  for (const [id, mi] of (res[0]?.values ?? []) as [number, Uint8Array][]) {
    const v = new Uint32Array(mi.buffer, mi.byteOffset, mi.byteLength / 4);
    const hits = [v[0], v[3], v[6]].map((h, j) => (col < 0 || j === col ? h : 0));
    if (hits.some((h) => h > 0)) out.set(id, hits);
  }
  return out;
}

function indexPhrase(ix: PackedIndex, words: string, col: number, slot?: number): Map<number, number[]> {
  const h = phraseHits(ix, words.split(" "), col, slot);
  const out = new Map<number, number[]>();
  for (let k = 0; k < h.count; k++) out.set(h.docs[k], Array.from(h.tf.subarray(k * 3, k * 3 + 3)));
  return out;
}

const meta = (id: number) => ({
  id,
  group: null,
  url: texts[id - 1][1],
  ts: "2026-01-01T00:00:00.000Z",
  status: 200,
  duplicate: 0,
  sourceId: 1,
  language: "en",
});

describe("packed index", () => {
  it("counts phrase hits per column as FTS4 does, from its own text and from FTS4's segments", () => {
    const own = new PackedIndex();
    texts.forEach((t, i) => {
      own.addText(own.docs.add(meta(i + 1), [0, 0, 0]), t);
    });
    own.finish();
    const fromFts = new PackedIndex();
    for (let i = 0; i < texts.length; i++) fromFts.docs.add(meta(i + 1), [0, 0, 0]);
    let open = false;
    const sink = {
      term: (t: string) => {
        if (open) fromFts.endTerm();
        fromFts.beginTerm(t);
        open = true;
      },
      posting: (id: number, t0: number, t1: number, t2: number, pos: Int32Array) =>
        fromFts.posting(id, t0, t1, t2, pos),
      end: () => {
        if (open) fromFts.endTerm();
        open = false;
      },
    };
    const segments = listSegments(reader());
    expect(segments.length).toBeGreaterThan(1);
    for (const seg of segments) for (const b of leafBlocks(reader(), seg, 0, 100)) readLeaf(b, sink);
    fromFts.finish();
    for (const [words, col] of phrases) {
      const expected = ftsPhrase(words, col);
      expect(indexPhrase(own, words, col), `${words} in column ${col}`).toEqual(expected);
      expect(indexPhrase(fromFts, words, col), `${words} in column ${col} (from FTS4)`).toEqual(expected);
    }
    expect(ftsPhrase("flu flu", -1).get(1)).toEqual([1, 1, 2]);
  });

  it("answers phrase after phrase in one slot's reused buffers without carrying counts over", () => {
    const ix = new PackedIndex();
    texts.forEach((t, i) => {
      ix.addText(ix.docs.add(meta(i + 1), [0, 0, 0]), t);
    });
    ix.finish();
    // Every phrase after every other: a column left empty must not keep the last one's count.
    for (const [before, beforeCol] of phrases)
      for (const [words, col] of phrases) {
        indexPhrase(ix, before, beforeCol, 0);
        expect(indexPhrase(ix, words, col, 0), `${words} (${col}) after ${before} (${beforeCol})`).toEqual(
          ftsPhrase(words, col),
        );
      }
  });

  it("puts postings that arrive out of document order back in order", () => {
    const ix = new PackedIndex();
    for (let id = 1; id <= 6; id++) ix.docs.add({ ...meta(1), id }, [0, 0, 0]);
    const add = (docs: number[]) => {
      ix.beginTerm("word");
      for (const d of docs) ix.posting(d, 0, 0, 2, [d, d + 3]);
      ix.endTerm();
    };
    add([3, 5]); // a newer segment read first
    add([1, 4]);
    add([2]);
    ix.finish();
    const t = ix.termId("word");
    expect(readAll(ix, t).map((p) => [p.d, p.pos])).toEqual([
      [1, [1, 4]],
      [2, [2, 5]],
      [3, [3, 6]],
      [4, [4, 7]],
      [5, [5, 8]],
    ]);
    expect([ix.count[t], ix.df[t * 3 + 2]]).toEqual([5, 5]);
  });

  it("decodes lists that grew one document at a time, before and after packing", () => {
    const ix = new PackedIndex();
    const expected: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const d = ix.docs.add({ ...meta(1), id: i + 1 }, [0, 0, 0]);
      const body = i % 3 === 0 ? "common rare" : i % 7 === 0 ? "common common common common x" : "common";
      ix.addText(d, ["", "", body]);
      expected.push(body.split(" ").filter((w) => w === "common").length);
    }
    const check = () => {
      const t = ix.termId("common");
      const docs = new Int32Array(3000);
      const tf = new Uint32Array(9000);
      expect(ix.decode(t, docs, tf)).toBe(3000);
      expect(docs[2999]).toBe(3000);
      expect(Array.from({ length: 3000 }, (_, k) => tf[k * 3 + 2])).toEqual(expected);
      expect(indexPhrase(ix, "common common", 2).size).toBe(expected.filter((n) => n === 4).length);
    };
    expect(ix.postings.chunks).toBeGreaterThan(1);
    check();
    ix.compact();
    expect(ix.postings.chunks).toBe(0);
    check();
  });
});
