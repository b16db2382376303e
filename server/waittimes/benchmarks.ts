/**
 * Province benchmarks. Hospitals are grouped by methodology (all four fields) and every statistic,
 * percentile and quartile is computed within a group, never pooled across groups: a P90 and a
 * point estimate are different quantities even when both are in minutes.
 *
 * A hospital is grouped by the methodology of the figures used: the one in force at the end of the
 * window. Its figures are only those measured that way: a window reaching back before its latest
 * change starts at the first bucket after it, the previous period (and so the trend) is left out
 * when it was measured otherwise, and so is a latest value observed before the change.
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
import { type HospitalRecord, methodologyAt, methodologyUntil } from "./hospital-registry.js";
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
import {
  bucketStart,
  bucketStartingFrom,
  bucketsBefore,
  type Grain,
  nextBucketStart,
  toIso,
} from "./time-buckets.js";

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

/** Which figures of one hospital a benchmark uses, and the methodology they were measured with. */
interface FigureSpan {
  methodology: Methodology;
  /** From when (epoch seconds) and until when (null: now) that methodology held. */
  since: number;
  until: number | null;
  current: readonly [number, number] | null;
  previous: readonly [number, number] | null;
}

function figureSpan(
  h: HospitalRecord,
  w: { grain: Grain; current: readonly [number, number]; previous: readonly [number, number] },
  lastMoment: number,
  zone: string,
): FigureSpan {
  const p = methodologyAt(h, lastMoment);
  const until = methodologyUntil(h, lastMoment);
  // Whole buckets measured this way only: a bucket holding the change mixes two methods.
  const first = p.from === null ? -Infinity : bucketStartingFrom(p.from, w.grain, zone);
  const end = until === null ? Infinity : bucketStart(until, w.grain, zone);
  const clip = ([a, b]: readonly [number, number]) => {
    const range = [Math.max(a, first), Math.min(b, end)] as const;
    return range[0] < range[1] ? range : null;
  };
  return {
    methodology: p.methodology,
    since: p.from ?? -Infinity,
    until,
    current: clip(w.current),
    // A previous period measured (even in part) another way gives no trend.
    previous: first <= w.previous[0] ? clip(w.previous) : null,
  };
}

/** periodTotals for hospitals whose windows may differ (one query per distinct window). */
async function totalsBySpan(
  repo: WaittimesRepository,
  hospitals: HospitalRecord[],
  spans: FigureSpan[],
  metric: string,
  grain: Grain,
  pick: (s: FigureSpan) => readonly [number, number] | null,
): Promise<Map<number, { n: number; sum: number }>> {
  const byWindow = new Map<string, { range: readonly [number, number]; hids: number[] }>();
  hospitals.forEach((h, i) => {
    const range = pick(spans[i]);
    if (!range) return;
    const k = range.join("-");
    if (!byWindow.has(k)) byWindow.set(k, { range, hids: [] });
    byWindow.get(k)!.hids.push(h.hid);
  });
  const out = new Map<number, { n: number; sum: number }>();
  for (const { range, hids } of byWindow.values())
    for (const [hid, t] of await repo.periodTotals(hids, metric, grain, range[0], range[1])) out.set(hid, t);
  return out;
}

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
  const zone = CALENDAR_ZONE[province];
  const monthly =
    inProvince.length > 0 && inProvince.every((h) => (h.cadence_seconds ?? 0) >= MONTHLY_CADENCE_SECONDS);
  let newest: number | null = null;
  if (monthly) {
    for (const metric of new Set(inProvince.map((h) => h.methodology.metric_family))) {
      const hids = inProvince.filter((h) => h.methodology.metric_family === metric).map((h) => h.hid);
      for (const l of (await repo.latestValues(hids, metric)).values())
        newest = Math.max(newest ?? 0, l.observed_at);
    }
  }
  const w = monthly ? monthlyWindows(newest ?? now, zone) : benchmarkWindows(period, now, zone);
  // The newest moment the figures can come from: the window's end, or now.
  const lastMoment = Math.min(w.current[1], now + 1) - 1;
  const figuresOf = new Map<number, FigureSpan>();
  const groups = new Map<string, { methodology: Methodology; hospitals: HospitalRecord[] }>();
  for (const h of inProvince) {
    const span = figureSpan(h, w, lastMoment, zone);
    figuresOf.set(h.hid, span);
    const key = methodologyKey(span.methodology);
    if (!groups.has(key)) groups.set(key, { methodology: span.methodology, hospitals: [] });
    groups.get(key)!.hospitals.push(h);
  }
  const perHospital: HospitalBenchmark[] = [];
  const groupOut: Benchmarks["groups"] = [];
  for (const [key, g] of groups) {
    const metric = g.methodology.metric_family;
    const hids = g.hospitals.map((h) => h.hid);
    const spans = g.hospitals.map((h) => figuresOf.get(h.hid)!);
    const [cur, prev, found] = await Promise.all([
      totalsBySpan(repo, g.hospitals, spans, metric, w.grain, (s) => s.current),
      totalsBySpan(repo, g.hospitals, spans, metric, w.grain, (s) => s.previous),
      repo.latestValues(hids, metric),
    ]);
    const latest = new Map(
      [...found].filter(([hid, l]) => {
        const s = figuresOf.get(hid)!;
        return l.observed_at >= s.since && (s.until === null || l.observed_at < s.until);
      }),
    );
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
  const focusSpan = opts.focus ? figuresOf.get(opts.focus.hid) : undefined;
  const focusKey = focusSpan ? methodologyKey(focusSpan.methodology) : null;
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
