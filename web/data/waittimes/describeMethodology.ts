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

export function describeMethodology(m: Methodology, cadenceSeconds: number, tr: Translate): string {
  return tr("waits.method.sentence", {
    ...describeMeasure(m, tr),
    cadence: describeCadence(cadenceSeconds, tr),
  });
}
