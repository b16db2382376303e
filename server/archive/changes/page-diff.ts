/**
 * Compares two captures of one page by their extracted text, line by line (the `diff` package):
 * added/removed lines, the sections (nearest heading) they fall in, a change ratio, a `highNoise`
 * flag when only dates, numbers or whitespace moved, its significance (significance.ts), a one-line summary (English: the stored
 * wording; change-summary.ts writes it in either language), and a safe HTML view.
 */
import { diffArrays } from "diff";
import type { PageDiff } from "../../../shared/archive/changes.js";
import type { PageText } from "../index/extract-page.js";
import { changeSummary } from "./change-summary.js";
import { significanceOf, significanceReason } from "./significance.js";

const lines = (t: string) => t.split("\n").filter((l) => l.trim());
/** A line with dates, numbers and spacing blanked out: equal forms mean a "noise" edit. */
const skeleton = (l: string) => l.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function diffPages(before: PageText, after: PageText): PageDiff {
  const a = lines(before.text);
  const b = lines(after.text);
  const headings = new Set([...before.headings, ...after.headings]);
  const parts = diffArrays(a, b);
  const sections = new Map<string, { added: number; removed: number }>();
  let current = after.title || before.title || "(page)";
  let added = 0;
  let removed = 0;
  const addedSk: string[] = [];
  const removedSk: string[] = [];
  const addedLines: string[] = [];
  const removedLines: string[] = [];
  for (const part of parts) {
    for (const line of part.value) {
      if (headings.has(line) && !part.added && !part.removed) current = line;
      if (!part.added && !part.removed) continue;
      const s = sections.get(current) ?? { added: 0, removed: 0 };
      if (part.added) {
        added++;
        s.added++;
        addedSk.push(skeleton(line));
        addedLines.push(line);
      } else {
        removed++;
        s.removed++;
        removedSk.push(skeleton(line));
        removedLines.push(line);
      }
      sections.set(current, s);
      if (headings.has(line)) current = line;
    }
  }
  const noise = added + removed === 0 || addedSk.sort().join("\n") === removedSk.sort().join("\n");
  const changedSections = [...sections].map(([section, v]) => ({ section, ...v }));
  const summary = changeSummary(
    { type: "updated", addedLines: added, removedLines: removed, changedSections, highNoise: noise },
    "en",
  );
  const changeRatio = Math.round(((added + removed) / Math.max(1, a.length + b.length)) * 1000) / 1000;
  const { level, facts } = significanceOf(before, after, {
    added: addedLines,
    removed: removedLines,
    highNoise: noise,
    changedSections,
  });
  return {
    addedLines: added,
    removedLines: removed,
    changedSections,
    changeRatio,
    highNoise: noise,
    summary,
    significance: level,
    significanceFacts: facts,
    significanceReason: significanceReason({ type: "updated", level, facts, changeRatio }, "en"),
  };
}

/** Escaped HTML of the line diff: <del> for removed lines, <ins> for added, plain for kept. */
export function diffHtml(before: PageText, after: PageText): string {
  return diffArrays(lines(before.text), lines(after.text))
    .flatMap((p) =>
      p.value.map((l) =>
        p.added ? `<ins>${esc(l)}</ins>` : p.removed ? `<del>${esc(l)}</del>` : `<p>${esc(l)}</p>`,
      ),
    )
    .join("\n");
}

/** The lines the later capture added, in its order: the passages replay marks (replay-marks.ts). */
export function addedPassages(before: PageText, after: PageText): string[] {
  return diffArrays(lines(before.text), lines(after.text)).flatMap((p) => (p.added ? p.value : []));
}
