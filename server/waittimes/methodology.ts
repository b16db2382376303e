/**
 * Methodology comparison: two hospitals' numbers are comparable only when all four methodology
 * fields match. Otherwise the brief names every differing field, both values, and what the
 * difference does to the numbers a reader sees.
 */
import type { Methodology, MethodologyField } from "../../shared/waittimes/schemas.js";
import { BRIEF_PHRASES, type BriefLang, type BriefPhrases } from "./methodology-phrases.js";

export const METHODOLOGY_FIELDS: MethodologyField[] = [
  "metric_family",
  "start_event",
  "end_event",
  "statistic_type",
];

const START_ORDER: Record<string, number> = { DOOR: 0, REGISTRATION: 1, TRIAGE: 2 };
const STAT_LEVEL: Record<string, number> = { MEDIAN: 1, MEAN: 2, P90: 3 };

export function differingFields(a: Methodology, b: Methodology): MethodologyField[] {
  return METHODOLOGY_FIELDS.filter((f) => a[f] !== b[f]);
}

export function isComparable(a: Methodology, b: Methodology): boolean {
  return differingFields(a, b).length === 0;
}

/** What the difference in one field does to the two numbers, as one clause. */
function consequence(
  w: BriefPhrases,
  field: MethodologyField,
  va: string,
  vb: string,
  nameA: string,
  nameB: string,
): string {
  if (field === "metric_family") return w.metric;
  if (field === "start_event") {
    const oa = START_ORDER[va];
    const ob = START_ORDER[vb];
    if (oa !== undefined && ob !== undefined) {
      const [earlier, eName, later] = oa < ob ? [va, nameA, vb] : [vb, nameB, va];
      return w.startOrdered(earlier, later, eName);
    }
    return w.startOther;
  }
  if (field === "end_event") return w.end;
  const la = STAT_LEVEL[va];
  const lb = STAT_LEVEL[vb];
  if (la !== undefined && lb !== undefined) {
    const [high, hName] = la > lb ? [va, nameA] : [vb, nameB];
    return w.statOrdered(high, hName);
  }
  return w.statOther;
}

export interface NamedMethodology extends Methodology {
  name: string;
}

/**
 * One paragraph naming every differing field with both values and its consequence, or null when
 * the methodologies are identical (the numbers can then be compared directly). English unless
 * lang says otherwise; the French brief has the same parts.
 */
export function computeDivergenceBrief(
  a: NamedMethodology,
  b: NamedMethodology,
  lang: BriefLang = "en",
): string | null {
  const fields = differingFields(a, b);
  if (fields.length === 0) return null;
  const w = BRIEF_PHRASES[lang];
  const parts = fields.map((f) => {
    const va = a[f];
    const vb = b[f];
    const uses = w.uses(a.name, va, w.valueMeaning[va] ?? va, b.name, vb, w.valueMeaning[vb] ?? vb);
    return `${w.differs(w.fieldLabel[f], f, va, vb, uses)}; ${consequence(w, f, va, vb, a.name, b.name)}.`;
  });
  return `${w.lead(fields.length)} ${parts.map((p) => p[0].toUpperCase() + p.slice(1)).join(" ")}`;
}
