/**
 * Province benchmarks. Hospitals are grouped by methodology (all four fields) and every statistic,
 * percentile and quartile is computed within a group, never pooled across groups: a P90 and a
 * point estimate are different quantities even when both are in minutes.
 */

import { CALENDAR_ZONE } from "../../shared/waittimes/calendar-zone.js";
import type {
  BenchmarkPeriod,
  Benchmarks,
  HospitalBenchmark,
  Methodology,
  Province,
} from "../../shared/waittimes/schemas.js";
import { unitOf } from "../../shared/waittimes/units.js";
import type { Lang } from "../core/http/response-lang.js";
import type { HospitalRecord } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";
import {
  changePercent,
  classifyTrend,
  percentileRank,
  quartileOfRank,
  round,
  summarize,
  TREND_THRESHOLD_PERCENT,
} from "./statistics.js";
import { bucketStart, bucketsBefore, type Grain, nextBucketStart, toIso } from "./time-buckets.js";

const WINDOWS: Record<BenchmarkPeriod, { grain: Grain; buckets: number }> = {
  "24h": { grain: "h", buckets: 24 },
  "7d": { grain: "d", buckets: 7 },
  "30d": { grain: "d", buckets: 30 },
};

export const methodologyKey = (m: Methodology) =>
  `${m.metric_family}/${m.start_event}/${m.end_event}/${m.statistic_type}`;

/**
 * Current window = the current bucket and the ones before it; previous = the same number of
 * buckets just before; days are the province's (`zone`).
 */
export function benchmarkWindows(period: BenchmarkPeriod, now: number, zone = "UTC") {
  const { grain, buckets } = WINDOWS[period];
  const current = bucketStart(now, grain, zone);
  const end = nextBucketStart(current, grain, zone);
  const start = bucketsBefore(current, buckets - 1, grain, zone);
  const previous = bucketsBefore(start, buckets, grain, zone);
  return { grain, current: [start, end] as const, previous: [previous, start] as const };
}

/** A source publishing this rarely or less (Ontario's monthly table) gives monthly figures. */
const MONTHLY_CADENCE_SECONDS = 28 * 86_400;

/**
 * The windows of a monthly publisher: the month of the newest figure and the month before. A
 * monthly figure is never an average over 24 hours or 7 days, whichever period was asked for.
 */
export function monthlyWindows(newest: number, zone = "UTC") {
  const start = bucketStart(newest, "m", zone);
  const end = nextBucketStart(start, "m", zone);
  return {
    grain: "m" as const,
    current: [start, end] as const,
    previous: [bucketsBefore(start, 1, "m", zone), start] as const,
  };
}

/** The answer's prose (the notes and the trend rule), in each language the API speaks. */
const WORDS: Record<Lang, { homogeneous: string; mixed: string; trendRule: string; monthlyRule: string }> = {
  en: {
    homogeneous:
      "Every hospital in this province reports with the same methodology, so their figures can be ranked together.",
    mixed:
      "Hospitals in this province report with different methodologies; statistics and ranks are computed separately for each group and must not be compared across groups.",
    trendRule: `Period mean against the previous period of equal length: ${TREND_THRESHOLD_PERCENT}% lower or more is improving, ${TREND_THRESHOLD_PERCENT}% higher or more is worsening, otherwise stable (lower waits are better). Percentile is the mid-rank of the hospital's period mean within its methodology group; quartile 1 holds the shortest waits.`,
    monthlyRule: `This province publishes one figure a month: each hospital is ranked by its latest monthly figure, against the month before; ${TREND_THRESHOLD_PERCENT}% lower or more is improving, ${TREND_THRESHOLD_PERCENT}% higher or more is worsening, otherwise stable. It is not an average over 24 hours or 7 days.`,
  },
  fr: {
    homogeneous:
      "Tous les hôpitaux de cette province publient selon la même méthodologie\u00a0: leurs chiffres peuvent donc être classés ensemble.",
    mixed:
      "Les hôpitaux de cette province publient selon des méthodologies différentes\u00a0: statistiques et rangs sont calculés séparément pour chaque groupe et ne doivent pas être comparés d’un groupe à l’autre.",
    trendRule: `Moyenne de la période comparée à celle de la période précédente de même durée\u00a0: ${TREND_THRESHOLD_PERCENT}\u00a0% plus basse ou davantage, elle s’améliore\u00a0; ${TREND_THRESHOLD_PERCENT}\u00a0% plus haute ou davantage, elle se détériore\u00a0; sinon, elle est stable (une attente plus courte vaut mieux). Le centile est le rang moyen de la moyenne de l’hôpital sur la période au sein de son groupe de méthodologie\u00a0; le quartile 1 réunit les attentes les plus courtes.`,
    monthlyRule: `Cette province publie un chiffre par mois : chaque hôpital est classé selon son dernier chiffre mensuel, comparé à celui du mois précédent ; ${TREND_THRESHOLD_PERCENT} % plus bas ou davantage, il s’améliore ; ${TREND_THRESHOLD_PERCENT} % plus haut ou davantage, il se détériore ; sinon, il est stable. Ce n’est pas une moyenne sur 24 heures ni sur 7 jours.`,
  },
};

export async function computeBenchmarks(
  repo: WaittimesRepository,
  all: HospitalRecord[],
  province: Province,
  period: BenchmarkPeriod,
  now: number,
  opts: { focus?: HospitalRecord; demo: boolean; lang?: Lang },
): Promise<Benchmarks> {
  const words = WORDS[opts.lang ?? "en"];
  const inProvince = all.filter((h) => h.province === province);
  const groups = new Map<string, { methodology: Methodology; hospitals: HospitalRecord[] }>();
  for (const h of inProvince) {
    const key = methodologyKey(h.methodology);
    if (!groups.has(key)) groups.set(key, { methodology: h.methodology, hospitals: [] });
    groups.get(key)!.hospitals.push(h);
  }
  const zone = CALENDAR_ZONE[province];
  const monthly =
    inProvince.length > 0 && inProvince.every((h) => (h.cadence_seconds ?? 0) >= MONTHLY_CADENCE_SECONDS);
  let newest: number | null = null;
  if (monthly) {
    for (const g of groups.values()) {
      const latest = await repo.latestValues(
        g.hospitals.map((h) => h.hid),
        g.methodology.metric_family,
      );
      for (const l of latest.values()) newest = Math.max(newest ?? 0, l.observed_at);
    }
  }
  const w = monthly ? monthlyWindows(newest ?? now, zone) : benchmarkWindows(period, now, zone);
  const perHospital: HospitalBenchmark[] = [];
  const groupOut: Benchmarks["groups"] = [];
  for (const [key, g] of groups) {
    const metric = g.methodology.metric_family;
    const hids = g.hospitals.map((h) => h.hid);
    const [cur, prev, latest] = await Promise.all([
      repo.periodTotals(hids, metric, w.grain, w.current[0], w.current[1]),
      repo.periodTotals(hids, metric, w.grain, w.previous[0], w.previous[1]),
      repo.latestValues(hids, metric),
    ]);
    const meanOf = (t?: { n: number; sum: number }) => (t && t.n > 0 ? t.sum / t.n : null);
    const means = g.hospitals.map((h) => meanOf(cur.get(h.hid)));
    const reporting = means.filter((m): m is number => m !== null);
    const stats = summarize(reporting);
    groupOut.push({
      key,
      methodology: g.methodology,
      hospital_count: g.hospitals.length,
      statistics: {
        mean: round(stats.mean),
        median: round(stats.median),
        p25: round(stats.p25),
        p75: round(stats.p75),
        min: round(stats.min),
        max: round(stats.max),
        n: stats.n,
      },
    });
    g.hospitals.forEach((h, i) => {
      const mean = means[i];
      const previous = meanOf(prev.get(h.hid));
      const rank = mean === null ? null : percentileRank(mean, reporting);
      const change = changePercent(mean, previous);
      const l = latest.get(h.hid);
      perHospital.push({
        hospital_id: h.id,
        name: h.name,
        group: key,
        current_value: l ? l.value : null,
        current_observed_at: l ? toIso(l.observed_at) : null,
        period_mean: round(mean),
        previous_period_mean: round(previous),
        percentile: round(rank, 1),
        quartile: rank === null ? null : quartileOfRank(rank),
        trend: classifyTrend(change),
        change_percent: round(change, 1),
      });
    });
  }
  perHospital.sort((a, b) => a.name.localeCompare(b.name));
  const focusKey = opts.focus ? methodologyKey(opts.focus.methodology) : null;
  const keys = [...groups.keys()];
  const homogeneous = keys.length <= 1;
  return {
    province,
    period,
    generated_at: toIso(now),
    hospital_count: inProvince.length,
    unit: unitOf(inProvince[0]?.methodology.metric_family ?? "TIME_TO_PROVIDER"),
    demo: opts.demo,
    methodology_summary: {
      homogeneous,
      group_count: keys.length,
      groups: [...groups].map(([key, g]) => ({
        key,
        methodology: g.methodology,
        hospital_count: g.hospitals.length,
      })),
      note: homogeneous ? words.homogeneous : words.mixed,
    },
    groups: focusKey ? groupOut.filter((g) => g.key === focusKey) : groupOut,
    hospitals: opts.focus ? perHospital.filter((p) => p.hospital_id === opts.focus!.id) : perHospital,
    trend_rule: monthly ? words.monthlyRule : words.trendRule,
    figure_period: monthly ? "month" : "period",
    figure_month: monthly ? toIso(w.current[0]).slice(0, 7) : null,
  };
}
