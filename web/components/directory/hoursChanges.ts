// A schedule's dated exceptions (a holiday, "Staff training", shorter hours on one day) as the
// service page shows them: the ones from today on, judged by the calendar of the service's own
// time zone, whatever the clock of the phone reading it.
import { DAYS } from "../../../shared/directory/constants";
import { DEFAULT_TIMEZONE, localTime } from "../../../shared/directory/hours";
import type { Day, Schedule } from "../../../shared/directory/types";

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
