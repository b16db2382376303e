// Puts a hospital's reporting methodology into one plain sentence ("Time from triage to seeing a
// physician, 90th percentile, updated about every 5 minutes."), in whichever language `tr` speaks.
import type { Methodology } from "../../../shared/waittimes/schemas";
import type { MessageKey } from "../../i18n/en";

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** "updated about every 5 minutes" … "about once a month", rounded to what a reader needs. */
export function describeCadence(seconds: number, tr: Translate): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes === 1) return tr("waits.method.cadence.minute");
  if (minutes < 60) return tr("waits.method.cadence.minutes", { n: minutes });
  const hours = Math.round(seconds / 3600);
  if (hours < 24)
    return hours <= 1 ? tr("waits.method.cadence.hour") : tr("waits.method.cadence.hours", { n: hours });
  const days = Math.round(seconds / 86400);
  if (days < 28)
    return days <= 1 ? tr("waits.method.cadence.day") : tr("waits.method.cadence.days", { n: days });
  return tr("waits.method.cadence.month");
}

/** What is measured between which events, and with which statistic, without the cadence. */
export function describeMeasure(m: Methodology, tr: Translate): { span: string; statistic: string } {
  const span = tr(`waits.method.span.${m.metric_family}`, {
    start: tr(`waits.method.start.${m.start_event}`),
    end: tr(`waits.method.end.${m.end_event}`),
  });
  return { span, statistic: tr(`statistic.${m.statistic_type}`) };
}

/**
 * What the listed hospitals report, from their own methodologies rather than a sentence written
 * by hand: the moments they count from and their statistics, those most hospitals use first
 * ("They count from triage or from registration, and report an average, a rolling average, …").
 * Stretcher occupancy is not a wait and is left out. Null when no hospital reports a wait.
 */
export function describeReporting(
  methodologies: readonly Methodology[],
  tr: Translate,
  locale: string,
): string | null {
  const waits = methodologies.filter((m) => m.metric_family !== "STRETCHER_OCCUPANCY");
  if (waits.length === 0) return null;
  const byUse = <K extends string>(keys: K[]) => {
    const counts = new Map<K, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([k]) => k);
  };
  const or = new Intl.ListFormat(locale, { type: "disjunction" });
  return tr("waits.intro.reporting", {
    starts: or.format(byUse(waits.map((m) => m.start_event)).map((e) => tr(`waits.intro.start.${e}`))),
    statistics: or.format(
      byUse(waits.map((m) => m.statistic_type)).map((s) => tr(`waits.intro.statistic.${s}`)),
    ),
  });
}

export function describeMethodology(m: Methodology, cadenceSeconds: number, tr: Translate): string {
  return tr("waits.method.sentence", {
    ...describeMeasure(m, tr),
    cadence: describeCadence(cadenceSeconds, tr),
  });
}
