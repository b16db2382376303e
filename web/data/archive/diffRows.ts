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
