/**
 * Data quality per hospital and per source, over the last `days` days (UTC days, today included):
 * coverage (observations received vs expected from the source's cadence), the success rate of
 * ingest runs, staleness of the newest value, gaps longer than twice the cadence, duplicate
 * deliveries, late arrivals and robust outliers. Demo history older than its full-cadence window
 * is deliberately thinned; for those days the expected count uses the thinned cadence, and says so.
 */

import type { Lang } from "../core/http/response-lang.js";
import { calendarZoneOfSource } from "./aggregates.js";
import type { HospitalRecord, Registry } from "./hospital-registry.js";
import { CONFLICT_REASON } from "./ingest.js";
import type { RunRow, WaittimesRepository } from "./repository.js";
import { robustOutliers, round } from "./statistics.js";
import { bucketStart, bucketsBefore, localDate, nextBucketStart, toIso } from "./time-buckets.js";

export type QualityStatus = "healthy" | "degraded" | "critical";
export { THINNED_INTERVAL as THINNED_DEMO_CADENCE } from "./demo-history.js";

import { THINNED_INTERVAL as THINNED_DEMO_CADENCE } from "./demo-history.js";

const LIST_LIMIT = 50;

/** How the status is decided, in each language the API speaks (the status values stay as they are). */
export const STATUS_RULE: Record<Lang, string> = {
  en:
    "critical when coverage is below 80 %, or a quarter or more of hospitals are stale, or a quarter or more of ingest runs failed; " +
    "degraded when coverage is below 95 %, or any hospital is stale, or 5 % or more of runs failed; healthy otherwise. " +
    "A hospital is stale when its newest value is older than twice its source's cadence. The overall status is the worst source status.",
  fr:
    "critical quand la couverture est sous 80\u00a0%, ou qu’un quart des hôpitaux ou plus ne sont plus à jour, ou qu’un quart des collectes ou plus ont échoué\u00a0; " +
    "degraded quand la couverture est sous 95\u00a0%, ou qu’un hôpital n’est plus à jour, ou que 5\u00a0% des collectes ou plus ont échoué\u00a0; healthy sinon. " +
    "Un hôpital n’est plus à jour quand sa valeur la plus récente date de plus de deux fois le rythme de sa source. L’état global est le pire état des sources.",
};

export interface QualityContext {
  now: number;
  days: number;
  /** Demo history before this time is thinned to THINNED_DEMO_CADENCE (null when not demo or full scale). */
  thinnedBefore: number | null;
}

function runsByDay(runs: RunRow[], zone: string) {
  const m = new Map<number, { total: number; ok: number }>();
  for (const r of runs) {
    const d = bucketStart(r.started_at, "d", zone);
    const e = m.get(d) ?? { total: 0, ok: 0 };
    e.total++;
    if (r.outcome !== "failed" && r.outcome !== "rejected") e.ok++;
    m.set(d, e);
  }
  return m;
}

export async function hospitalQuality(
  repo: WaittimesRepository,
  h: HospitalRecord,
  ctx: QualityContext,
  runs: RunRow[],
) {
  const { now, days } = ctx;
  const metric = h.methodology.metric_family;
  // Days are the source's province's, as the trends count them.
  const zone = calendarZoneOfSource(h.source_id);
  const from = windowFrom(now, days, zone);
  const cadence = h.cadence_seconds;
  const cadenceAt = (t: number) =>
    ctx.thinnedBefore !== null && t < ctx.thinnedBefore && cadence < THINNED_DEMO_CADENCE
      ? THINNED_DEMO_CADENCE
      : cadence;
  // A publisher slower than the window is judged over one full cadence instead (a monthly table).
  const seriesFrom = cadence >= 86400 ? Math.min(from, now - cadence) : from;
  const series = await repo.seriesSince(h.hid, metric, seriesFrom);

  // Coverage: per day for sub-daily cadences; over the whole window for monthly publishers.
  const perDay = new Map<number, number>();
  for (const p of series) {
    const d = bucketStart(p.observed_at, "d", zone);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  const runDays = runsByDay(runs, zone);
  const daily: Record<string, unknown>[] = [];
  let expectedTotal = 0;
  let receivedTotal = series.length;
  if (cadence < 86400) {
    receivedTotal = 0;
    for (let d = from; d <= now; d = nextBucketStart(d, "d", zone)) {
      const span = Math.min(nextBucketStart(d, "d", zone), now) - d;
      const c = cadenceAt(d);
      const expected = Math.max(1, Math.floor(span / c));
      const received = perDay.get(d) ?? 0;
      const r = runDays.get(d);
      expectedTotal += expected;
      receivedTotal += Math.min(received, expected);
      daily.push({
        date: localDate(d, zone),
        expected,
        received,
        coverage: round(Math.min(1, received / expected), 3),
        expected_cadence_seconds: c,
        runs: r?.total ?? 0,
        success_rate: r ? round(r.ok / r.total, 3) : null,
      });
    }
  } else {
    expectedTotal = Math.max(1, Math.floor((now - seriesFrom) / cadence));
    receivedTotal = Math.min(series.length, expectedTotal);
  }

  const gaps: { from: string; to: string; minutes: number }[] = [];
  let gapCount = 0;
  // Monthly tables are published weeks after the month by design: lateness applies to live feeds.
  const late = cadence < 86400 ? await repo.countLateArrivals(h.hid, metric, from, cadence) : 0;
  for (let i = 1; i < series.length; i++) {
    const p = series[i];
    const prev = series[i - 1].observed_at;
    if (p.observed_at - prev > 2 * cadenceAt(prev)) {
      gapCount++;
      if (gaps.length < LIST_LIMIT)
        gaps.push({
          from: toIso(prev),
          to: toIso(p.observed_at),
          minutes: Math.round((p.observed_at - prev) / 60),
        });
    }
  }
  const dups = await repo.duplicatesSince(h.hid, from);
  const { median, mad, outliers } = robustOutliers(series.map((p) => p.value));
  const latest = await repo.latestValue(h.hid, metric);
  const age = latest ? now - latest.observed_at : null;
  const stale = age === null || age > 2 * cadence;
  const coverage = expectedTotal > 0 ? Math.min(1, receivedTotal / expectedTotal) : 0;
  return {
    hospital_id: h.id,
    name: h.name,
    source_id: h.source_id,
    metric_family: metric,
    cadence_seconds: cadence,
    calendar_time_zone: zone,
    coverage: round(coverage, 3),
    expected: expectedTotal,
    received: receivedTotal,
    daily,
    staleness: {
      latest_observed_at: latest ? toIso(latest.observed_at) : null,
      age_seconds: age,
      stale,
      threshold_seconds: 2 * cadence,
    },
    gaps: { count: gapCount, threshold_seconds: 2 * cadence, items: gaps },
    duplicates: {
      count: dups.length,
      items: dups.slice(0, LIST_LIMIT).map((d) => ({
        observed_at: toIso(d.observed_at),
        value: d.value,
        received_at: toIso(d.received_at),
      })),
    },
    late_arrivals: late,
    anomalies: {
      count: outliers.length,
      method: "robust z-score |x - median| / (1.4826 * MAD) above 5",
      median: round(median),
      mad: round(mad),
      items: outliers.slice(0, LIST_LIMIT).map((o) => ({
        observed_at: toIso(series[o.index].observed_at),
        value: o.value,
        robust_z: round(o.robustZ, 1),
        reason: `${o.value} is ${round(Math.abs(o.robustZ), 1)} robust deviations ${o.robustZ > 0 ? "above" : "below"} the window median of ${round(median)}`,
      })),
    },
  };
}

export type HospitalQuality = Awaited<ReturnType<typeof hospitalQuality>>;

export function statusOf(
  coverage: number,
  staleShare: number,
  failedShare: number,
  anyStale: boolean,
): QualityStatus {
  if (coverage < 0.8 || staleShare >= 0.25 || failedShare >= 0.25) return "critical";
  if (coverage < 0.95 || anyStale || failedShare >= 0.05) return "degraded";
  return "healthy";
}

/** Contradictions in the window: rows refused because the feed gave two values for one reading. */
export interface SourceConflicts {
  rows: number;
  /** The newest reasons (at most 5), each naming the hospital, the time, both values and lines. */
  reasons: string[];
}

export function sourceQuality(
  registry: Registry,
  sourceId: string,
  hospitals: HospitalQuality[],
  runs: RunRow[],
  conflicts: SourceConflicts = { rows: 0, reasons: [] },
) {
  const src = registry.sources.get(sourceId)!;
  const expected = hospitals.reduce((a, h) => a + h.expected, 0);
  const received = hospitals.reduce((a, h) => a + h.received, 0);
  const coverage = expected > 0 ? received / expected : 0;
  const stale = hospitals.filter((h) => h.staleness.stale).length;
  const failed = runs.filter((r) => r.outcome === "failed" || r.outcome === "rejected").length;
  const staleShare = hospitals.length ? stale / hospitals.length : 1;
  const failedShare = runs.length ? failed / runs.length : 0;
  return {
    source_id: sourceId,
    name: src.name,
    province: src.province,
    cadence_seconds: src.cadence_seconds,
    status: statusOf(coverage, staleShare, failedShare, stale > 0),
    hospital_count: hospitals.length,
    coverage: round(coverage, 3),
    stale_hospitals: stale,
    gaps: hospitals.reduce((a, h) => a + h.gaps.count, 0),
    duplicates: hospitals.reduce((a, h) => a + h.duplicates.count, 0),
    // Not duplicates: the same reading given with different values; neither value was kept.
    conflicting_rows: conflicts.rows,
    conflict_reasons: conflicts.reasons,
    late_arrivals: hospitals.reduce((a, h) => a + h.late_arrivals, 0),
    anomalies: hospitals.reduce((a, h) => a + h.anomalies.count, 0),
    runs: { total: runs.length, failed, success_rate: runs.length ? round(1 - failedShare, 3) : null },
    hospitals: hospitals.map((h) => ({
      hospital_id: h.hospital_id,
      name: h.name,
      coverage: h.coverage,
      stale: h.staleness.stale,
      gaps: h.gaps.count,
      duplicates: h.duplicates.count,
      anomalies: h.anomalies.count,
    })),
  };
}

/** The first day of a window of `days` days ending today, in `zone`'s calendar. */
const windowFrom = (now: number, days: number, zone: string) =>
  bucketsBefore(bucketStart(now, "d", zone), days - 1, "d", zone);

export function runsForWindow(repo: WaittimesRepository, sourceId: string, ctx: QualityContext) {
  return repo.runsSince(sourceId, windowFrom(ctx.now, ctx.days, calendarZoneOfSource(sourceId)));
}

const CONFLICTS_READ = 5000;

export async function conflictsForWindow(
  repo: WaittimesRepository,
  sourceId: string,
  ctx: QualityContext,
): Promise<SourceConflicts> {
  const from = windowFrom(ctx.now, ctx.days, calendarZoneOfSource(sourceId));
  const rows = (await repo.refusedRowsSince(from, sourceId, CONFLICTS_READ)).filter((r) =>
    r.reason.startsWith(CONFLICT_REASON),
  );
  return { rows: rows.length, reasons: [...new Set(rows.map((r) => r.reason))].slice(0, 5) };
}

export const WORST: QualityStatus[] = ["healthy", "degraded", "critical"];
export const worstOf = (statuses: QualityStatus[]): QualityStatus =>
  statuses.reduce<QualityStatus>((w, s) => (WORST.indexOf(s) > WORST.indexOf(w) ? s : w), "healthy");
