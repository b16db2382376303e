/**
 * The incident programme's figures for a quarter, from the incident log, each beside the spec's
 * target: time to detect, to acknowledge and to restore for SEV-1 (median and worst, minutes),
 * incidents per month, the false-positive rate, and post-incident reviews against their 48 hours.
 */
import { deadlines, type Incident } from "./incident-log.js";

const minutes = (from: string, to: string | null) =>
  to ? (Date.parse(to) - Date.parse(from)) / 60_000 : null;

function medianAndWorst(values: Array<number | null>) {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return { median: null, worst: null, count: 0 };
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return {
    median: Math.round(median * 10) / 10,
    worst: Math.round(v[v.length - 1] * 10) / 10,
    count: v.length,
  };
}

/** [start, end) of a quarter "YYYY-Qn" in UTC. */
export function quarterRange(quarter: string): { from: string; to: string; months: string[] } {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) throw new Error(`quarter must look like 2026-Q4, got "${quarter}"`);
  const year = Number(m[1]);
  const first = (Number(m[2]) - 1) * 3;
  const months = [0, 1, 2].map((k) => `${year}-${String(first + k + 1).padStart(2, "0")}`);
  return {
    from: new Date(Date.UTC(year, first, 1)).toISOString(),
    to: new Date(Date.UTC(year, first + 3, 1)).toISOString(),
    months,
  };
}

/** Reviews of the resolved incidents: done in time, and overdue (done late, or missing after 48 h at `now`). */
function reviewFigures(incidents: Incident[], now: Date) {
  const resolved = incidents.filter((i) => i.resolvedAt !== null);
  const overdue = resolved.filter((i) => deadlines(i, now).overdue.review);
  return {
    resolved: resolved.length,
    reviewedInTime: resolved.filter((i) => i.reviewedAt !== null && !deadlines(i, now).overdue.review).length,
    overdue: overdue.length,
    overdueIds: overdue.map((i) => i.id),
    target: "within 48 h of resolution",
    meetsTarget: resolved.length ? overdue.length === 0 : null,
  };
}

export function programmeReport(quarter: string, incidents: Incident[], now = new Date()) {
  const { months } = quarterRange(quarter);
  const sev1 = incidents.filter((i) => i.severity === "SEV-1");
  const detect = medianAndWorst(sev1.map((i) => minutes(i.startedAt, i.detectedAt)));
  const acknowledge = medianAndWorst(sev1.map((i) => minutes(i.detectedAt, i.acknowledgedAt)));
  const restore = medianAndWorst(sev1.map((i) => minutes(i.startedAt, i.resolvedAt)));
  const perMonth = months.map((month) => ({
    month,
    count: incidents.filter((i) => i.detectedAt.startsWith(month)).length,
  }));
  const worstMonth = Math.max(...perMonth.map((p) => p.count));
  const reviewed = incidents.filter((i) => i.reviewedAt !== null);
  const falsePositives = incidents.filter((i) => i.falsePositive).length;
  const fpRate = incidents.length ? falsePositives / incidents.length : null;
  const meets = (value: number | null, target: number) => (value === null ? null : value < target);
  return {
    quarter,
    incidents: incidents.length,
    bySeverity: Object.fromEntries(
      ["SEV-1", "SEV-2", "SEV-3", "SEV-4"].map((s) => [s, incidents.filter((i) => i.severity === s).length]),
    ),
    figures: [
      { name: "SEV-1 time to detect (min)", ...detect, target: "< 5", meetsTarget: meets(detect.worst, 5) },
      {
        name: "SEV-1 time to acknowledge (min)",
        ...acknowledge,
        target: "< 15",
        meetsTarget: meets(acknowledge.worst, 15),
      },
      {
        name: "SEV-1 time to restore (min)",
        ...restore,
        target: "< 60",
        meetsTarget: meets(restore.worst, 60),
      },
    ],
    incidentsPerMonth: { months: perMonth, worst: worstMonth, target: "< 5", meetsTarget: worstMonth < 5 },
    falsePositiveRate: {
      value: fpRate,
      falsePositives,
      reviewed: reviewed.length,
      target: "< 10%",
      meetsTarget: meets(fpRate, 0.1),
    },
    reviews: reviewFigures(incidents, now),
  };
}
