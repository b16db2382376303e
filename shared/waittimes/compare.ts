/**
 * Methodology comparison, shared by the server (GET /api/compare) and the web app (the same brief
 * computed on the device from the saved registry, offline): two hospitals' numbers are comparable
 * only when all four methodology fields match. Otherwise the brief names every differing field,
 * what each hospital does, and what the difference does to the numbers a reader sees.
 */
import {
  BRIEF_PHRASES,
  type BriefLang,
  type BriefPhrases,
  START_ORDER,
  STAT_LEVEL,
} from "./compare-phrases.js";
import type { Comparison, Methodology, MethodologyField } from "./schemas.js";

export const METHODOLOGY_FIELDS: MethodologyField[] = [
  "metric_family",
  "start_event",
  "end_event",
  "statistic_type",
];

export function differingFields(a: Methodology, b: Methodology): MethodologyField[] {
  return METHODOLOGY_FIELDS.filter((f) => a[f] !== b[f]);
}

export function isComparable(a: Methodology, b: Methodology): boolean {
  return differingFields(a, b).length === 0;
}

/** What the difference in one field does to the two numbers, as one sentence without its full stop. */
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
    const [high, low, hName] = la > lb ? [va, vb, nameA] : [vb, va, nameB];
    return w.statOrdered(high, low, hName);
  }
  return w.statOther;
}

export interface NamedMethodology extends Methodology {
  name: string;
}

/** One differing field: a short line ("When the clock starts: A at registration; B at triage") and why it matters. */
export interface FieldDifference {
  field: MethodologyField;
  line: string;
  detail: string;
}

/** A value's meaning without its parenthesis: "at registration (usually before triage)" → "at registration". */
function shortMeaning(meaning: string): string {
  return meaning.replace(/\s*\([^)]*\)\s*$/, "");
}

/**
 * The comparison for a reader: one sentence for the most basic difference, then one short line per
 * differing field with its detail apart (a page folds it); null when the methodologies are identical.
 */
export function explainDivergence(
  a: NamedMethodology,
  b: NamedMethodology,
  lang: BriefLang = "en",
): { headline: string; fields: FieldDifference[] } | null {
  const fields = differingFields(a, b);
  const first = fields[0];
  if (first === undefined) return null;
  const w = BRIEF_PHRASES[lang];
  const meaning = (v: string) => w.valueMeaning[v] ?? v;
  // French puts a (no-break) space before the colon and the semicolon.
  const [colon, semicolon] = lang === "fr" ? ["\u00a0: ", "\u00a0; "] : [": ", "; "];
  return {
    headline: w.headline[first],
    fields: fields.map((f) => ({
      field: f,
      line: `${w.fieldLabel[f]}${colon}${a.name} ${shortMeaning(meaning(a[f]))}${semicolon}${b.name} ${shortMeaning(meaning(b[f]))}`,
      detail: fieldDetail(w, f, a, b),
    })),
  };
}

/** What each hospital does with one field, in full, and what the difference does to the numbers. */
function fieldDetail(w: BriefPhrases, f: MethodologyField, a: NamedMethodology, b: NamedMethodology): string {
  const uses = (v: string) => `${w.fieldVerb[f]} ${w.valueMeaning[v] ?? v}`;
  const differs = w.differs(w.fieldLabel[f], a.name, uses(a[f]), b.name, uses(b[f]));
  return `${differs} ${consequence(w, f, a[f], b[f], a.name, b.name)}.`;
}

/**
 * One paragraph naming every differing field, what each hospital does and its consequence, or null
 * when the methodologies are identical (the numbers can then be compared directly). English unless
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
  return `${w.lead(fields.length)} ${fields.map((f) => fieldDetail(w, f, a, b)).join(" ")}`;
}

export type HospitalMethodology = Comparison["hospital_a"];

/** The whole comparison answer for two hospitals, as GET /api/compare returns it. */
export function compareHospitals(
  a: HospitalMethodology,
  b: HospitalMethodology,
  lang: BriefLang,
): Comparison {
  const brief = computeDivergenceBrief(a, b, lang);
  return {
    comparable: brief === null,
    divergence_brief: brief,
    differing_fields: differingFields(a, b),
    hospital_a: a,
    hospital_b: b,
  };
}
