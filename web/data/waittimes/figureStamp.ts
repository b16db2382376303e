// When a figure was reported, in the reader's words. A monthly figure covers a calendar month and
// is stamped at its first instant (UTC), so it reads "for November 2026": a date and time such as
// "Nov 1, 12:00 AM" (or "Oct 31, 8:00 PM" in Toronto) would misstate what it covers.
import type { Aggregation } from "../../../shared/waittimes/schemas";
import type { MessageKey } from "../../i18n/en";
import { dateFormat } from "../../i18n/intlFormats";
import type { Translate } from "./describeMethodology";
import { isMonthly } from "./publishingRhythm";

/** "November 2026" / "novembre 2026": the UTC month the stamp opens. */
export function monthOf(iso: string, locale: string): string {
  return dateFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

export function dateTimeOf(iso: string, locale: string): string {
  return dateFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** "for November 2026" for a monthly figure, otherwise "reported Nov 24, 2026, 2:05 PM". */
export function figureStamp(iso: string, cadenceSeconds: number, tr: Translate, locale: string): string {
  return isMonthly(cadenceSeconds)
    ? tr("waits.stamp.month", { month: monthOf(iso, locale) })
    : tr("waits.observed", { time: dateTimeOf(iso, locale) });
}

/**
 * Whether a live figure is out of date by the rule the data-quality report uses: older than twice
 * its source's cadence.
 */
export function isStale(iso: string, cadenceSeconds: number, now: Date = new Date()): boolean {
  return now.getTime() - Date.parse(iso) > 2 * cadenceSeconds * 1000;
}

/**
 * What a latest figure is and when, so a monthly figure never reads as current: "monthly average,
 * October 2026" for a monthly table, "rolling average, 2:15 p.m." for a live feed (with the date
 * when it is not from today, and the year when not from this year). A live figure older than twice
 * its cadence is said to be out of date, and an estimate is then not called "current".
 */
export function figureLabel(
  iso: string,
  cadenceSeconds: number,
  statisticType: string,
  tr: Translate,
  locale: string,
  now: Date = new Date(),
): string {
  const statistic = tr(`statistic.${statisticType}` as MessageKey);
  if (isMonthly(cadenceSeconds)) return tr("waits.what.monthly", { statistic, month: monthOf(iso, locale) });
  const at = new Date(iso);
  const stale = isStale(iso, cadenceSeconds, now);
  const clock = { hour: "numeric", minute: "2-digit" } as const;
  const time =
    !stale && at.toDateString() === now.toDateString()
      ? dateFormat(locale, clock).format(at)
      : dateFormat(locale, {
          month: "short",
          day: "numeric",
          ...(at.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
          ...clock,
        }).format(at);
  if (!stale) return tr("waits.what.live", { statistic, time });
  // "current estimate" names the method of a live feed; an old one is no longer current.
  const then = statisticType === "POINT_ESTIMATE" ? tr("waits.what.pastEstimate") : statistic;
  return tr("waits.what.stale", { statistic: then, time });
}

/**
 * A trend bucket's start as the period it covers: hours with their time, days as dates, weeks as
 * "week of", months as "November 2026". Days and weeks start at midnight in the series' calendar
 * (`timeZone`, the API's calendar_time_zone: the province's), so they are read there; a series
 * saved before the API named it was counted in UTC.
 */
export function bucketLabel(
  iso: string,
  aggregation: Aggregation,
  tr: Translate,
  locale: string,
  timeZone: string | undefined,
): string {
  const utcDate = () =>
    dateFormat(locale, { dateStyle: "medium", timeZone: timeZone ?? "UTC" }).format(new Date(iso));
  switch (aggregation) {
    case "monthly":
      return monthOf(iso, locale);
    case "weekly":
      return tr("waits.bucket.week", { date: utcDate() });
    case "daily":
      return utcDate();
    default:
      return dateTimeOf(iso, locale);
  }
}
