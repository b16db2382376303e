/**
 * Boolean queries on the FTS4 path. The tree selects a set of snapshots (set operations in SQL
 * over one MATCH per term), and the set's snapshots holding any positive term are ranked by BM25
 * summed term by term. FTS4 cannot limit a quoted phrase to a column (`title:"a b"` is parsed as
 * something else, or refused as malformed), so such a phrase is matched without the column and
 * its rows kept when matchinfo counts a hit in that column.
 */
import type { Reader, SqlValue } from "../../db/types.js";
import { type BoolNode, termMatch } from "../search/query-parse.js";
import { addBm25 } from "../search/rank.js";

type TermNode = Extract<BoolNode, { kind: "term" }>;

const COLUMN = { title: 0, url: 1, body: 2 } as const;

/** The column a quoted phrase is limited to, or -1 (FTS4 handles every other term itself). */
const phraseColumn = (n: TermNode) => (n.phrase && n.field ? COLUMN[n.field] : -1);

/** Rows of one term with matchinfo 'pcnalx' (for a column phrase, only rows with a hit there). */
function termRows(db: Reader, n: TermNode): { id: number; mi: Uint8Array }[] {
  const col = phraseColumn(n);
  const rows = db.all<{ id: number; mi: Uint8Array }>(
    "SELECT docid AS id, matchinfo(snapshots_fts, 'pcnalx') AS mi FROM snapshots_fts WHERE snapshots_fts MATCH ?",
    [col < 0 ? termMatch(n) : `"${n.text}"`],
  );
  if (col < 0) return rows;
  return rows.filter((r) => {
    const v = new Uint32Array(r.mi.buffer, r.mi.byteOffset, r.mi.byteLength / 4);
    const c = v[1];
    return v[3 + 2 * c + 3 * col] > 0;
  });
}

/** SQL selecting the docids of a boolean tree (set operations over single-term matches). */
export function boolSql(db: Reader, n: BoolNode): { sql: string; args: SqlValue[] } {
  if (n.kind === "term") {
    if (phraseColumn(n) < 0)
      return { sql: "SELECT docid FROM snapshots_fts WHERE snapshots_fts MATCH ?", args: [termMatch(n)] };
    const ids = termRows(db, n).map((r) => r.id);
    return { sql: "SELECT value AS docid FROM json_each(?)", args: [JSON.stringify(ids)] };
  }
  if (n.kind === "not") {
    const inner = boolSql(db, n.item);
    return { sql: `SELECT id AS docid FROM snapshots EXCEPT SELECT * FROM (${inner.sql})`, args: inner.args };
  }
  const parts = n.items.map((x) => boolSql(db, x));
  const op = n.kind === "and" ? " INTERSECT " : " UNION ";
  return { sql: parts.map((x) => `SELECT * FROM (${x.sql})`).join(op), args: parts.flatMap((x) => x.args) };
}

/** BM25 over the positive terms, in query order, for the snapshots in `only`. */
export function rankedBoolean(db: Reader, positive: TermNode[], only: Set<number>): Map<number, number> {
  const scores = new Map<number, number>();
  for (const n of positive) {
    const col = phraseColumn(n);
    for (const r of termRows(db, n)) {
      if (!only.has(r.id)) continue;
      scores.set(r.id, addBm25(r.mi, scores.get(r.id) ?? 0, col));
    }
  }
  return scores;
}
