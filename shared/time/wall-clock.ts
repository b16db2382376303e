/**
 * What a time zone's clock and calendar show at an instant: the one reading the archive's day
 * ranges, the directory's opening hours and the wait-time calendar buckets share. One
 * Intl.DateTimeFormat per zone, kept: making one costs far more than reading with it.
 * Throws a RangeError for a zone the runtime does not know.
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** "Mon" … "Sun". */
  weekday: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, f);
  }
  return f;
}

export function wallClock(ms: number | Date, timeZone: string): WallClock {
  const parts = formatFor(timeZone).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    minute: Number(get("minute")),
    second: Number(get("second")),
    weekday: get("weekday"),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar date (YYYY-MM-DD) of a wall-clock reading. */
export const dateOf = (w: WallClock) => `${String(w.year).padStart(4, "0")}-${pad(w.month)}-${pad(w.day)}`;
