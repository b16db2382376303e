/**
 * The crisis services to put first when a query signals a crisis: for each kind of crisis, the
 * crisis-category services whose own words best name that kind of help (a suicide line for
 * suicide, a poison or overdose line for an overdose), preferring lines for everyone, or for the
 * group the query names, over lines for another group. Only one or two are lifted, so the service
 * the person asked for stays in view right below.
 */
import { tokenize } from "../text/index.js";
import { audienceFit } from "./audience.js";
import { CATEGORIES } from "./constants.js";
import type { LineKind } from "./crisis.js";
import { bySortKey, type SearchIndex, tokenNumber } from "./search-index.js";

const CRISIS = CATEGORIES.indexOf("crisis");

/** What the right line for each kind of crisis calls itself (English and French words). */
const LINE_WORDS: Record<LineKind, string> = {
  suicide: "suicide crisis line",
  overdose: "overdose poison surdose antipoison",
  violence: "domestic violence abuse violence conjugale",
  "sexual-assault": "sexual assault agression sexuelle",
  "mental-health": "crisis line outreach intervention crise",
};

const byIndex = new WeakMap<SearchIndex, Map<LineKind, { i: number; score: number }[]>>();

/** Active crisis services that name this kind of help at all, best first (cached per index). */
function linesFor(index: SearchIndex, kind: LineKind): { i: number; score: number }[] {
  let perKind = byIndex.get(index);
  if (!perKind) {
    perKind = new Map();
    byIndex.set(index, perKind);
  }
  const cached = perKind.get(kind);
  if (cached) return cached;
  const scores = new Map<number, number>();
  for (const token of tokenize(LINE_WORDS[kind])) {
    const t = tokenNumber(index, token);
    if (t < 0) continue;
    const idf = index.idf[t];
    for (let k = index.postingStart[t]; k < index.postingStart[t + 1]; k++) {
      const i = index.postingIds[k];
      if (index.category[i] !== CRISIS || index.active[i] !== 1) continue;
      scores.set(i, (scores.get(i) ?? 0) + index.postingWeights[k] * idf);
    }
  }
  // Equal scores in name order, so the device and the server lift the same line wherever it sits.
  const lines = [...scores]
    .map(([i, score]) => ({ i, score }))
    .sort((a, b) => b.score - a.score || bySortKey(index, a.i, b.i));
  perKind.set(kind, lines);
  return lines;
}

/**
 * Up to `count` service positions to show first, taking the best line of each kind in turn.
 * `allowed` applies the caller's filters (category, open now, distance).
 */
export function crisisLift(
  index: SearchIndex,
  kinds: readonly LineKind[],
  queryMask: number,
  count: number,
  allowed: (i: number) => boolean,
): number[] {
  const ranked = kinds.map((kind) =>
    linesFor(index, kind)
      .filter((l) => allowed(l.i))
      .map((l) => ({ i: l.i, score: l.score * audienceFit(index.audience[l.i], queryMask) }))
      .sort((a, b) => b.score - a.score || bySortKey(index, a.i, b.i)),
  );
  const lifted: number[] = [];
  const next = ranked.map(() => 0);
  let progressed = true;
  while (lifted.length < count && progressed) {
    progressed = false;
    for (let k = 0; k < ranked.length && lifted.length < count; k++) {
      const r = ranked[k];
      while (next[k] < r.length && lifted.includes(r[next[k]].i)) next[k]++;
      if (next[k] < r.length) {
        lifted.push(r[next[k]++].i);
        progressed = true;
      }
    }
  }
  return lifted;
}
