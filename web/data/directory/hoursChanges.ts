// A schedule's dated exceptions (a holiday, "Staff training", shorter hours on one day) as the
// service page shows them: the ones from today on, judged by the calendar of the service's own
// time zone, whatever the clock of the phone reading it.
import { DAYS } from "../../../shared/directory/constants";
import { DEFAULT_TIMEZONE, localTime } from "../../../shared/directory/hours";
import type { Day, Schedule } from "../../../shared/directory/types";
import { formatDate } from "../../i18n/intlFormats";
import { type Lang, localeOf } from "../../i18n/language";
import { dayHours, type Translate } from "./openingHours";

export type HoursException = Schedule["exceptions"][number];

/** How far ahead the page lists closures and changed hours. */
export const AHEAD_DAYS = 28;

/** "YYYY-MM-DD" moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A calendar date as the moment Intl formats with timeZone "UTC" (its own day, in any zone). */
export const utcNoon = (date: string): number => {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d, 12);
};

export interface ScheduleToday {
  /** Today's date and weekday where the service is. */
  date: string;
  day: Day;
  /** The date each weekday falls on in the coming seven days, today first. */
  dateOf: (day: Day) => string;
  /** The exception on a date, if any. */
  exceptionOn: (date: string) => HoursException | undefined;
  /** Exceptions from today to AHEAD_DAYS days on, by date. */
  upcoming: HoursException[];
}

export function scheduleToday(schedule: Schedule, now: Date): ScheduleToday {
  const here = localTime(now, schedule.timezone || DEFAULT_TIMEZONE);
  const end = addDays(here.date, AHEAD_DAYS);
  const upcoming = schedule.exceptions
    .filter((e) => e.date >= here.date && e.date < end)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    date: here.date,
    day: here.day,
    dateOf: (day) => addDays(here.date, (DAYS.indexOf(day) - DAYS.indexOf(here.day) + 7) % 7),
    exceptionOn: (date) => schedule.exceptions.find((e) => e.date === date),
    upcoming,
  };
}

/** "Thursday, December 24" in the page's language, the date's own day wherever the reader is. */
export const fullDate = (date: string, lang: Lang): string =>
  formatDate(localeOf(lang), utcNoon(date), {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** "December 24" in the page's language. */
export const dayMonth = (date: string, lang: Lang): string =>
  formatDate(localeOf(lang), utcNoon(date), { month: "long", day: "numeric", timeZone: "UTC" });

/** The exception's own hours ("Closed", "10 AM–2 PM"), or null when it only adds a note to the usual ones. */
export function changedHours(e: HoursException, lang: Lang, tr: Translate): string | null {
  if (e.closed) return tr("hoursChange.closed");
  return e.opens && e.closes ? dayHours([{ opens: e.opens, closes: e.closes }], lang, tr) : null;
}

/**
 * The closures and changed hours of the coming weeks as plain lines, for what leaves the page (the
 * printed slip, the contact card): "Thursday, December 24: Closed (Holiday)". The note is the
 * record's own words, as the page shows it.
 */
export function hoursChangeLines(
  schedule: Schedule | null | undefined,
  now: Date,
  lang: Lang,
  tr: Translate,
): string[] {
  if (!schedule?.exceptions?.length) return [];
  return scheduleToday(schedule, now).upcoming.map((e) => exceptionLine(e, lang, tr));
}

/** One dated exception as a line: "Thursday, December 24: Closed (Holiday)". */
export function exceptionLine(e: HoursException, lang: Lang, tr: Translate): string {
  const line = tr("hoursChange.line", {
    date: fullDate(e.date, lang),
    hours: changedHours(e, lang, tr) ?? tr("hoursChange.usualHours"),
  });
  return e.note ? `${line} (${e.note})` : line;
}
