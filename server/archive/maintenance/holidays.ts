/**
 * Canada's federal statutory holidays (the general holidays of the Canada Labour Code), by UTC
 * date, for the maintenance rule "avoid holidays" (spec 001 §8). One falling on a weekend is also
 * kept on the next weekday that is not already a holiday (the day it is observed).
 */

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/** The n-th Monday of a month (1-based). */
const nthMonday = (year: number, month: number, n: number) => {
  const first = day(year, month, 1);
  return addDays(first, ((8 - first.getUTCDay()) % 7) + 7 * (n - 1));
};
/** Victoria Day: the last Monday before May 25. */
const victoriaDay = (year: number) => {
  const may24 = day(year, 5, 24);
  return addDays(may24, -((may24.getUTCDay() + 6) % 7));
};

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The holidays of a year, ISO date → name (observed days named "(observed)"). */
export function canadianHolidays(year: number): Map<string, string> {
  const fixed: [Date, string][] = [
    [day(year, 1, 1), "New Year's Day"],
    [addDays(easter(year), -2), "Good Friday"],
    [victoriaDay(year), "Victoria Day"],
    [day(year, 7, 1), "Canada Day"],
    [nthMonday(year, 9, 1), "Labour Day"],
    [day(year, 9, 30), "National Day for Truth and Reconciliation"],
    [nthMonday(year, 10, 2), "Thanksgiving"],
    [day(year, 11, 11), "Remembrance Day"],
    [day(year, 12, 25), "Christmas Day"],
    [day(year, 12, 26), "Boxing Day"],
  ];
  const out = new Map<string, string>(fixed.map(([d, name]) => [isoDay(d), name]));
  for (const [d, name] of fixed) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) continue;
    let observed = addDays(d, 1);
    while (observed.getUTCDay() === 0 || observed.getUTCDay() === 6 || out.has(isoDay(observed)))
      observed = addDays(observed, 1);
    out.set(isoDay(observed), `${name} (observed)`);
  }
  return out;
}

/** The holiday's name when the UTC day of `d` is one, else null. */
export function holidayOn(d: Date): string | null {
  return canadianHolidays(d.getUTCFullYear()).get(isoDay(d)) ?? null;
}
