/**
 * Methodology comparison: two hospitals' numbers are comparable only when all four methodology
 * fields match. Otherwise the brief names every differing field, both values, and what the
 * difference does to the numbers a reader sees.
 */
import type { Methodology, MethodologyField } from "../../shared/waittimes/schemas.js";

export const METHODOLOGY_FIELDS: MethodologyField[] = [
  "metric_family",
  "start_event",
  "end_event",
  "statistic_type",
];

const FIELD_LABEL: Record<MethodologyField, string> = {
  metric_family: "what is measured",
  start_event: "when the clock starts",
  end_event: "when the clock stops",
  statistic_type: "which statistic is published",
};

/** Plain-language meaning of each vocabulary value, written for a reader of the numbers. */
const VALUE_MEANING: Record<string, string> = {
  TIME_TO_PROVIDER: "the wait until a clinician first sees the patient",
  TOTAL_LOS: "the whole stay in the emergency department",
  STRETCHER_OCCUPANCY: "how full the stretchers are, not a waiting time",
  TRIAGE: "at triage",
  REGISTRATION: "at registration, which usually happens before triage",
  DOOR: "at arrival through the door, the earliest possible moment",
  UNKNOWN: "at an undisclosed moment",
  PHYSICIAN: "when a physician sees the patient",
  PROVIDER: "when any authorised provider (physician or nurse practitioner) sees the patient",
  DISCHARGE: "when the patient leaves the department",
  FIRST_ASSESSMENT: "at the first clinical assessment",
  P90: "a 90th percentile, the wait that 9 in 10 patients beat",
  MEDIAN: "a median, the middle patient's wait",
  MEAN: "an average, pulled upward by long waits",
  ROLLING_AVG: "a rolling average over recent hours, which smooths and lags real changes",
  ALGORITHMIC: "a modelled estimate whose formula is the publisher's own",
  POINT_ESTIMATE: "a single current estimate, not a summary of past patients",
};

const START_ORDER: Record<string, number> = { DOOR: 0, REGISTRATION: 1, TRIAGE: 2 };
const STAT_LEVEL: Record<string, number> = { MEDIAN: 1, MEAN: 2, P90: 3 };

export function differingFields(a: Methodology, b: Methodology): MethodologyField[] {
  return METHODOLOGY_FIELDS.filter((f) => a[f] !== b[f]);
}

export function isComparable(a: Methodology, b: Methodology): boolean {
  return differingFields(a, b).length === 0;
}

/** What the difference in one field does to the two numbers, as one clause. */
function consequence(field: MethodologyField, va: string, vb: string, nameA: string, nameB: string): string {
  if (field === "metric_family") {
    return "the two numbers describe different things and must not be set side by side";
  }
  if (field === "start_event") {
    const oa = START_ORDER[va];
    const ob = START_ORDER[vb];
    if (oa !== undefined && ob !== undefined) {
      const [earlier, eName, later] = oa < ob ? [va, nameA, vb] : [vb, nameB, va];
      return `a clock that starts at ${earlier.toLowerCase()} counts time a clock starting at ${later.toLowerCase()} does not, so ${eName} reads longer for the same patient flow`;
    }
    return "the clocks start at different moments, so the same patient flow yields different times";
  }
  if (field === "end_event") {
    return "the clocks stop at different moments, so one figure may include time the other leaves out";
  }
  const la = STAT_LEVEL[va];
  const lb = STAT_LEVEL[vb];
  if (la !== undefined && lb !== undefined) {
    const [high, hName] = la > lb ? [va, nameA] : [vb, nameB];
    return `${high} sits higher in the same distribution, so ${hName} looks slower even if waits are identical`;
  }
  return "different summaries of the same waits differ in size and in how fast they react, so the gap between the numbers is not the gap between the hospitals";
}

export interface NamedMethodology extends Methodology {
  name: string;
}

/**
 * One paragraph naming every differing field with both values and its consequence, or null when
 * the methodologies are identical (the numbers can then be compared directly).
 */
export function computeDivergenceBrief(a: NamedMethodology, b: NamedMethodology): string | null {
  const fields = differingFields(a, b);
  if (fields.length === 0) return null;
  const parts = fields.map((f) => {
    const va = a[f];
    const vb = b[f];
    const meaning = `${a.name} uses ${va} (${VALUE_MEANING[va] ?? va}) and ${b.name} uses ${vb} (${VALUE_MEANING[vb] ?? vb})`;
    return `${FIELD_LABEL[f]} differs (${f}: ${va} vs ${vb}): ${meaning}; ${consequence(f, va, vb, a.name, b.name)}.`;
  });
  const lead =
    fields.length === 1
      ? "These figures are not directly comparable because one methodology field differs."
      : `These figures are not directly comparable because ${fields.length} methodology fields differ.`;
  return `${lead} ${parts.map((p) => p[0].toUpperCase() + p.slice(1)).join(" ")}`;
}
