/**
 * Bucket boundaries for the aggregates: hour, day, week (Monday 00:00) and calendar month, days,
 * weeks and months in a time zone (the province's calendar, shared/waittimes/calendar-zone.ts),
 * so a bucket's start is that zone's midnight and a day may last 23 or 25 hours. Times are epoch
 * seconds, as stored. Hours are the same in every zone the observatory covers (whole-hour offsets).
 */
import { wallClock } from "../../shared/time/wall-clock.js";

export type Grain = "h" | "d" | "w" | "m";
export const GRAINS: Grain[] = ["h", "d", "w", "m"];

/** Hourly buckets are kept this long: only the 24h and 7d views (and 24h benchmarks) read them. */
export const HOURLY_RETENTION_SECONDS = 35 * 86400;

const floorTo = (t: number, step: number) => t - (((t % step) + step) % step);

/**
 * Seconds to add to a UTC time to read the zone's wall clock. Offsets change only on a whole hour
 * in the zones used here, so each hour is worked out once (the aggregates fold every measurement).
 */
const offsets = new Map<string, Map<number, number>>();
function offsetAt(t: number, zone: string): number {
  if (zone === "UTC") return 0;
  let byHour = offsets.get(zone);
  if (!byHour) {
    byHour = new Map();
    offsets.set(zone, byHour);
  }
  const hour = Math.floor(t / 3600);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const w = wallClock(hour * 3600_000, zone);
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - hour * 3600;
    if (byHour.size > 200_000) byHour.clear();
    byHour.set(hour, offset);
  }
  return offset;
}

/** The UTC time at which the zone's wall clock reads `wall` (a midnight, which always exists here). */
function instantOf(wall: number, zone: string, near: number): number {
  let t = wall - offsetAt(near, zone);
  const again = wall - offsetAt(t, zone);
  if (again !== t) t = again;
  return t;
}

export function bucketStart(t: number, grain: Grain, zone = "UTC"): number {
  if (grain === "h") return floorTo(t, 3600);
  const wall = t + offsetAt(t, zone);
  let start: number;
  switch (grain) {
    case "d":
      start = floorTo(wall, 86400);
      break;
    case "w": {
      const day = Math.floor(wall / 86400);
      // 1970-01-01 was a Thursday: shift so that Monday is day 0 of the week.
      const weekday = (((day + 3) % 7) + 7) % 7;
      start = (day - weekday) * 86400;
      break;
    }
    case "m": {
      const d = new Date(wall * 1000);
      start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      break;
    }
  }
  return instantOf(start, zone, t);
}

/** The start of the bucket after the one starting at `start` (days of 23 or 25 hours included). */
export function nextBucketStart(start: number, grain: Grain, zone = "UTC"): number {
  const past = { h: 3600, d: 26 * 3600, w: 7 * 86400 + 2 * 3600, m: 32 * 86400 }[grain];
  return grain === "h" ? start + 3600 : bucketStart(start + past, grain, zone);
}

/** The start of the bucket `count` buckets before the one starting at `start`. */
export function bucketsBefore(start: number, count: number, grain: Grain, zone = "UTC"): number {
  let b = start;
  if (grain === "h") return b - count * 3600;
  for (let i = 0; i < count; i++) b = bucketStart(b - 1, grain, zone);
  return b;
}

/** The first bucket starting at or after `t`: the first one holding nothing from before `t`. */
export function bucketStartingFrom(t: number, grain: Grain, zone = "UTC"): number {
  const start = bucketStart(t, grain, zone);
  return start === t ? start : nextBucketStart(start, grain, zone);
}

export const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The calendar date (YYYY-MM-DD) in `zone` at time `t`. */
export const localDate = (t: number, zone = "UTC") => toIso(t + offsetAt(t, zone)).slice(0, 10);
