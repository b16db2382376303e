/**
 * What the archive's listings accept in their query (search, change feed, exports), as plain
 * checks: the server's parameter schemas (server/archive/schemas.ts) refuse anything else with a
 * 400, and the web pages drop such values from a page address so a bad link still opens.
 * Kept free of zod so the web pages do not load it for two checks.
 */
import { dateOf, wallClock } from "../time/wall-clock.js";

export const SOURCE_CODE_PATTERN = /^[a-z0-9_-]{1,50}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/** Longest search text, in characters. */
export const MAX_QUERY_LENGTH = 256;

export const isSourceCode = (s: string) => SOURCE_CODE_PATTERN.test(s);

/**
 * A YYYY-MM-DD date that exists on the calendar: neither a month 13 nor a 30 February (which
 * Date.parse alone reads as 2 March), so the date must come back from its own time unchanged.
 */
export const isRealDate = (s: string) => {
  const t = Date.parse(`${s}T00:00:00.000Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
};
export const isCalendarDate = (s: string) => DATE_PATTERN.test(s) && isRealDate(s);

/** An IANA time zone this runtime knows ("America/Toronto"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The date (YYYY-MM-DD) `timeZone`'s calendar shows at the instant `ms`. */
const localDay = (ms: number, timeZone: string) => dateOf(wallClock(ms, timeZone));

/**
 * The instant day `day` (YYYY-MM-DD) begins in `timeZone`: the first minute whose local date is
 * `day`. Usually local midnight; where the clocks jump forward at midnight (Santiago, Havana),
 * midnight never happens and the day begins at 01:00. Found by halving, to the minute (every
 * offset is a whole number of minutes), between 15 hours before UTC's midnight and 15 after.
 */
export function dayStartMs(day: string, timeZone: string): number {
  if (timeZone === "UTC") return Date.parse(`${day}T00:00:00.000Z`);
  const minute = 60_000;
  let before = Date.parse(`${day}T00:00:00.000Z`) - 15 * 60 * minute; // still the day before, anywhere
  let from = before + 30 * 60 * minute; // already `day` (or later), anywhere
  while (from - before > minute) {
    const mid = before + Math.floor((from - before) / (2 * minute)) * minute;
    if (localDay(mid, timeZone) >= day) from = mid;
    else before = mid;
  }
  return from;
}

/**
 * The capture instants a from/to day range covers, both ends included, as ISO times: the days are
 * read in `timeZone` (a reader's own, so a page captured at 21:00 in Vancouver belongs to that
 * day there, not to the next day in UTC), in UTC when none is given.
 */
export function captureRange(q: { from?: string; to?: string; tz?: string }): {
  fromAt: string | null;
  toAt: string | null;
} {
  const zone = q.tz ?? "UTC";
  const nextDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    fromAt: q.from ? new Date(dayStartMs(q.from, zone)).toISOString() : null,
    toAt: q.to ? new Date(dayStartMs(nextDay(q.to), zone) - 1).toISOString() : null,
  };
}
