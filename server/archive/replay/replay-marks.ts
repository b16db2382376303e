/**
 * Marks passages inside a capture's HTML, for replay with `?marks-since=`: each passage is a line
 * of the page's text as extractText reads it (the lines a later capture added, from the archive's
 * diff), found in the same text here and wrapped in <mark class="chc-change">, one mark per text
 * piece it covers when it spans several elements. The first mark of passage k has the id
 * `chc-change-k`, so an address ending in #chc-change-1 opens at the first change. Only text
 * between tags gains marks: tags, attributes, scripts, styles and elements whose text holds no
 * markup (textarea, title, select…) are copied byte for byte. One <style> for the marks goes in
 * the head; the replay's CSP allows inline styles (the archived pages need them), so it needs no
 * nonce, and a nonce would switch 'unsafe-inline' off for the page's own styles.
 */
import { Parser } from "htmlparser2";
import { BLOCK, SKIP } from "../index/extract-page.js";

/** Elements whose text a <mark> cannot go into: it would show as text, be dropped, or not render. */
const NO_MARKUP_INSIDE = new Set([
  "head",
  "textarea",
  "select",
  "option",
  "optgroup",
  "datalist",
  "iframe",
  "noframes",
  "noembed",
  "xmp",
  "plaintext",
  "math",
]);

export const MARK_ID_PREFIX = "chc-change-";

/**
 * Strong yellow with black text (contrast above 15:1) whatever the page's own colours; system
 * colours under forced colours (high contrast); room above a mark for the sticky replay banner.
 */
const MARK_STYLE =
  '<style id="chc-change-style">' +
  "mark.chc-change{background:#ffd60a!important;color:#000!important;outline:2px solid #000;" +
  "box-decoration-break:clone;-webkit-box-decoration-break:clone;scroll-margin-top:8rem}" +
  "mark.chc-change:target{outline:4px solid #b00020}" +
  "@media (forced-colors:active){mark.chc-change{background:Mark!important;color:MarkText!important;" +
  "outline:2px solid CanvasText;forced-color-adjust:none}}" +
  "</style>";

/** A run of text between tags: raw bytes [start, end) of the HTML and its decoded text. */
interface Piece {
  start: number;
  end: number;
  /** The decoded text equals the raw text, so an offset in one is an offset in the other. */
  plain: boolean;
}

/** Decoded text in document order: from a markable piece, or text that counts but takes no mark. */
interface Unit {
  text: string;
  piece: number | null;
  inMain: boolean;
}

/** Where a character of the flattened text comes from: a piece (-1: none) and its offset there. */
interface Spot {
  piece: number;
  offset: number;
}

interface Walk {
  pieces: Piece[];
  units: Unit[];
  headClose: number | null;
}

/** The page's text units, kept exactly as extractText keeps them (same skips, blocks, <main> rule). */
function walk(html: string): Walk {
  const pieces: Piece[] = [];
  const units: Unit[] = [];
  let headClose: number | null = null;
  let skipDepth = 0;
  let noMarkupDepth = 0;
  let mainDepth = 0;
  let inTitle = false;
  const push = (text: string, piece: number | null) => units.push({ text, piece, inMain: mainDepth > 0 });
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "title") inTitle = true;
        if (SKIP.has(name)) skipDepth += 1;
        if (NO_MARKUP_INSIDE.has(name)) noMarkupDepth += 1;
        if (name === "main") mainDepth += 1;
        if (BLOCK.test(name)) push("\n", null);
        if (name === "img" && attrs.alt && skipDepth === 0) push(` ${attrs.alt} `, null);
      },
      ontext(data) {
        if (inTitle || skipDepth > 0) return;
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        if (noMarkupDepth > 0) return void push(data, null);
        pieces.push({ start, end, plain: html.slice(start, end) === data });
        push(data, pieces.length - 1);
      },
      onclosetag(name, implied) {
        if (name === "title") inTitle = false;
        if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (NO_MARKUP_INSIDE.has(name)) noMarkupDepth = Math.max(0, noMarkupDepth - 1);
        if (name === "main") mainDepth = Math.max(0, mainDepth - 1);
        if (name === "head" && !implied && headClose === null) headClose = parser.startIndex;
        if (BLOCK.test(name)) push("\n", null);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { pieces, units, headClose };
}

/**
 * The text flattened as extractText's lines: each character knows its piece and offset (-1: none),
 * and the blanks collapsed after it (so a passage's inner spacing, &nbsp; included, is marked too).
 */
function flatten(units: Unit[]) {
  const chars: string[] = [];
  const at: Spot[] = [];
  const collapsed: Spot[][] = [];
  for (const u of units) {
    const p = u.piece ?? -1;
    for (let i = 0; i < u.text.length; i++) {
      const c = u.text[i];
      const last = chars[chars.length - 1];
      if (c === "\n") {
        chars.push("\n");
        at.push({ piece: -1, offset: 0 });
        collapsed.push([]);
      } else if (/\s/.test(c) && (last === undefined || last === " " || last === "\n")) {
        if (last === " " && p >= 0) collapsed[collapsed.length - 1].push({ piece: p, offset: i });
      } else {
        chars.push(/\s/.test(c) ? " " : c);
        at.push({ piece: p, offset: i });
        collapsed.push([]);
      }
    }
  }
  return { text: chars.join(""), at, collapsed };
}

/** Each line's trimmed text and where it sits in the flattened text. */
function linesOf(text: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let from = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ text: trimmed, start: from + lead, end: from + lead + trimmed.length });
    from += raw.length + 1;
  }
  return out;
}

interface Range {
  start: number;
  end: number;
  id: string | null;
}

/**
 * The HTML with every passage found marked, and how many were found. Passages are matched as whole
 * lines, in order (a diff lists them in page order), each line marked once.
 */
export function markPassages(html: string, passages: readonly string[]): { html: string; found: number } {
  if (!passages.length) return { html, found: 0 };
  const { pieces, units, headClose } = walk(html);
  const main = units.filter((u) => u.inMain);
  const flat = flatten(main.some((u) => u.text.trim()) ? main : units);
  const lines = linesOf(flat.text);
  const byText = new Map<string, number[]>();
  for (const [i, l] of lines.entries()) {
    const same = byText.get(l.text);
    if (same) same.push(i);
    else byText.set(l.text, [i]);
  }
  const used = new Set<number>();
  const ranges: Range[] = [];
  let cursor = 0;
  let found = 0;
  passages.forEach((passage, k) => {
    const candidates = (byText.get(passage.replace(/\s+/g, " ").trim()) ?? []).filter((i) => !used.has(i));
    // The same line can sit in text that takes no mark (a textarea): the next one then.
    for (const line of [...candidates.filter((i) => i >= cursor), ...candidates.filter((i) => i < cursor)]) {
      const own = rawRanges(lines[line], flat, pieces, html);
      if (!own.length) continue;
      used.add(line);
      cursor = line + 1;
      found++;
      own[0].id = `${MARK_ID_PREFIX}${k + 1}`;
      ranges.push(...own);
      return;
    }
  });
  if (!ranges.length) return { html, found: 0 };
  ranges.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  let styled = false;
  const styleAt = headClose ?? ranges[0].start;
  const styleUpTo = (limit: number) => {
    if (styled || styleAt > limit) return;
    out += html.slice(at, styleAt) + MARK_STYLE;
    at = styleAt;
    styled = true;
  };
  for (const r of ranges) {
    if (r.start < at) continue; // never overlap an earlier mark
    styleUpTo(r.start);
    const id = r.id ? ` id="${r.id}"` : "";
    out += `${html.slice(at, r.start)}<mark class="chc-change"${id}>${html.slice(r.start, r.end)}</mark>`;
    at = r.end;
  }
  styleUpTo(html.length);
  return { html: out + html.slice(at), found };
}

/** The raw byte ranges a line covers: one per text piece (adjacent pieces joined), blank ones left out. */
function rawRanges(
  line: { start: number; end: number },
  flat: { at: Spot[]; collapsed: Spot[][] },
  pieces: Piece[],
  html: string,
): Range[] {
  const span = new Map<number, { from: number; to: number }>();
  const cover = ({ piece, offset }: Spot) => {
    if (piece < 0) return;
    const s = span.get(piece);
    if (!s) span.set(piece, { from: offset, to: offset });
    else {
      s.from = Math.min(s.from, offset);
      s.to = Math.max(s.to, offset);
    }
  };
  for (let i = line.start; i < line.end; i++) {
    cover(flat.at[i]);
    // Blanks collapsed after the line's last character are outside it.
    if (i < line.end - 1) flat.collapsed[i].forEach(cover);
  }
  const out: Range[] = [];
  for (const [p, s] of [...span].sort((a, b) => a[0] - b[0])) {
    const pc = pieces[p];
    // An entity (&amp;) is one piece whose raw text differs from its decoded text: marked whole.
    const start = pc.plain ? pc.start + s.from : pc.start;
    const end = pc.plain ? pc.start + s.to + 1 : pc.end;
    const prev = out[out.length - 1];
    if (prev && prev.end === start) prev.end = end;
    else out.push({ start, end, id: null });
  }
  return out.filter((r) => html.slice(r.start, r.end).trim());
}
