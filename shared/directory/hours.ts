/**
 * Open-now from a weekly schedule, evaluated in the schedule's own time zone (America/Toronto by
 * default) whatever the clock of the machine running it — server or phone.
 */

import { dateOf, type WallClock, wallClock } from "../time/wall-clock.js";
import { DAYS } from "./constants.js";
import type { Day, Schedule } from "./types.js";

export const DEFAULT_TIMEZONE = "America/Toronto";

const WEEKDAY: Record<string, Day> = {
  Mon: "mo",
  Tue: "tu",
  Wed: "we",
  Thu: "th",
  Fri: "fr",
  Sat: "sa",
  Sun: "su",
};

export interface LocalTime {
  date: string;
  day: Day;
  minutes: number;
}

/** Wall-clock date, weekday and minute of the day in `timeZone`. Falls back to Toronto on an unknown zone. */
export function localTime(now: Date, timeZone: string = DEFAULT_TIMEZONE): LocalTime {
  let w: WallClock;
  try {
    w = wallClock(now, timeZone);
  } catch {
    w = wallClock(now, DEFAULT_TIMEZONE);
  }
  return { date: dateOf(w), day: WEEKDAY[w.weekday] ?? "mo", minutes: w.hour * 60 + w.minute };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes of a closing time; "23:59" and "24:00" mean open to midnight. */
function closeMinutes(closes: string): number {
  return closes === "23:59" || closes === "24:00" ? 24 * 60 : toMinutes(closes);
}

const nextDay = (day: Day): Day => DAYS[(DAYS.indexOf(day) + 1) % 7];

/** Does a weekly slot cover this local moment? A close at or before the open runs past midnight. */
function slotCovers(slot: { day: Day; opens: string; closes: string }, t: LocalTime): boolean {
  const o = toMinutes(slot.opens);
  const c = closeMinutes(slot.closes);
  if (c > o) return slot.day === t.day && t.minutes >= o && t.minutes < c;
  return (slot.day === t.day && t.minutes >= o) || (nextDay(slot.day) === t.day && t.minutes < c);
}

/**
 * true/false from the schedule; null when the service has no weekly hours we can judge
 * (phone lines without hours, "by appointment").
 */
export function isOpenAt(schedule: Schedule | null, now: Date): boolean | null {
  if (!schedule || schedule.weekly.length === 0) return null;
  return isOpenAtLocal(schedule, localTime(now, schedule.timezone || DEFAULT_TIMEZONE));
}

/**
 * A clock for one ranking pass: the local time per zone is computed once (Intl is slow), then
 * every service in that zone is checked against it.
 */
export function openNowChecker(now: Date): (schedule: Schedule | null) => boolean | null {
  const perZone = new Map<string, LocalTime>();
  return (schedule) => {
    if (!schedule || schedule.weekly.length === 0) return null;
    const zone = schedule.timezone || DEFAULT_TIMEZONE;
    let t = perZone.get(zone);
    if (!t) {
      t = localTime(now, zone);
      perZone.set(zone, t);
    }
    if (schedule.exceptions.length > 0) return isOpenAtLocal(schedule, t);
    // Without dated exceptions, a schedule is a fixed set of minute ranges in the week.
    const ranges = weekRanges(schedule);
    const m = DAYS.indexOf(t.day) * DAY_MINUTES + t.minutes;
    for (let k = 0; k < ranges.length; k += 2) if (m >= ranges[k] && m < ranges[k + 1]) return true;
    return false;
  };
}

const DAY_MINUTES = 24 * 60;
const compiled = new WeakMap<Schedule, Int32Array>();

/** [start, end) pairs in minutes from Monday 00:00; overnight slots are split at midnight. */
function weekRanges(schedule: Schedule): Int32Array {
  let ranges = compiled.get(schedule);
  if (ranges) return ranges;
  const out: number[] = [];
  for (const slot of schedule.weekly) {
    const d = DAYS.indexOf(slot.day);
    const o = toMinutes(slot.opens);
    const c = closeMinutes(slot.closes);
    if (c > o) out.push(d * DAY_MINUTES + o, d * DAY_MINUTES + c);
    else {
      const next = (d + 1) % 7;
      out.push(d * DAY_MINUTES + o, (d + 1) * DAY_MINUTES, next * DAY_MINUTES, next * DAY_MINUTES + c);
    }
  }
  ranges = Int32Array.from(out);
  compiled.set(schedule, ranges);
  return ranges;
}

function isOpenAtLocal(schedule: Schedule, t: LocalTime): boolean {
  const exception = schedule.exceptions.find((e) => e.date === t.date);
  if (exception?.closed) return false;
  if (exception?.opens && exception.closes) {
    return slotCovers({ day: t.day, opens: exception.opens, closes: exception.closes }, t);
  }
  return schedule.weekly.some((slot) => slotCovers(slot, t));
}
