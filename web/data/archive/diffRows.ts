// Reads the compare API's diff (one line each: <p>kept</p>, <del>removed</del>, <ins>added</ins>,
// text HTML-escaped) into rows for a two-column view. Nothing is ever inserted as HTML: each line
// becomes plain text, so a stray tag in the answer shows as text instead of running.
import { unescapeHtml } from "./snippetParts";

export type DiffLineKind = "kept" | "removed" | "added";

export interface DiffRow {
  /** The line before (kept or removed), or null where the later capture added lines. */
  before: string | null;
  /** The line after (kept or added), or null where the earlier capture's lines were removed. */
  after: string | null;
  changed: boolean;
  /** For changed rows: which run of changes (0, 1, ...) it belongs to; -1 for kept rows. */
  block: number;
  /** True on the first row of a run of changes (the target of "next change"). */
  blockStart: boolean;
}

export function diffLines(html: string): { kind: DiffLineKind; text: string }[] {
  return html
    .split("\n")
    .filter((l) => l.length > 0)
    .map((line) => {
      const m = /^<(p|ins|del)>(.*)<\/\1>$/s.exec(line);
      const kind: DiffLineKind = m?.[1] === "ins" ? "added" : m?.[1] === "del" ? "removed" : "kept";
      return { kind, text: unescapeHtml(m ? m[2] : line) };
    });
}

/** Pairs each run of removed lines with the run of added lines that follows it, row by row. */
export function diffRows(html: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  let block = 0;
  const flush = () => {
    const n = Math.max(removed.length, added.length);
    for (let i = 0; i < n; i++)
      rows.push({
        before: removed[i] ?? null,
        after: added[i] ?? null,
        changed: true,
        block,
        blockStart: i === 0,
      });
    if (n) block++;
    removed = [];
    added = [];
  };
  for (const line of diffLines(html)) {
    if (line.kind === "kept") {
      flush();
      rows.push({ before: line.text, after: line.text, changed: false, block: -1, blockStart: false });
    } else if (line.kind === "removed") {
      if (added.length) flush();
      removed.push(line.text);
    } else added.push(line.text);
  }
  flush();
  return rows;
}

/** A stretch of the table: rows shown, or a long run of unchanged lines folded behind a button. */
export interface DiffPart {
  folded: boolean;
  rows: DiffRow[];
}

/**
 * The rows with each long run of unchanged lines folded: `context` lines stay next to each change,
 * the rest wait behind a "show the unchanged lines" button, so a small change to a long page is
 * not lost in screens of text on a phone. A fold of fewer than `minFolded` lines would save less
 * than its button and stays shown; a diff without any change is left whole.
 */
export function foldUnchanged(rows: DiffRow[], context = 3, minFolded = 5): DiffPart[] {
  if (!rows.some((r) => r.changed)) return rows.length ? [{ folded: false, rows }] : [];
  const parts: DiffPart[] = [];
  const show = (shown: DiffRow[]) => {
    if (!shown.length) return;
    const last = parts.at(-1);
    if (last && !last.folded) last.rows.push(...shown);
    else parts.push({ folded: false, rows: [...shown] });
  };
  let i = 0;
  while (i < rows.length) {
    if (rows[i].changed) {
      show([rows[i++]]);
      continue;
    }
    let end = i;
    while (end < rows.length && !rows[end].changed) end++;
    const run = rows.slice(i, end);
    const head = i === 0 ? 0 : context; // lines after the change before the run
    const tail = end === rows.length ? 0 : context; // lines before the change after it
    if (run.length - head - tail >= minFolded) {
      show(run.slice(0, head));
      parts.push({ folded: true, rows: run.slice(head, run.length - tail) });
      show(run.slice(run.length - tail));
    } else show(run);
    i = end;
  }
  return parts;
}
