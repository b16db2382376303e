import type uPlot from "uplot";

const cache = new Map<string, uPlot.DateNames>();

/**
 * Month and weekday names in the reader's language, for uPlot's time axis (it ships English).
 * Built once per language: uPlot asks for them for every date format of every axis, and each
 * build creates Intl formatters, which is slow (the chart benchmark showed it).
 */
export function dateNames(locale: string): uPlot.DateNames {
  let names = cache.get(locale);
  if (!names) {
    names = buildDateNames(locale);
    cache.set(locale, names);
  }
  return names;
}

function buildDateNames(locale: string): uPlot.DateNames {
  const names = (dates: Date[], opts: Intl.DateTimeFormatOptions) => {
    const f = new Intl.DateTimeFormat(locale, { ...opts, timeZone: "UTC" });
    return dates.map((d) => f.format(d));
  };
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15)));
  // 4 January 2026 is a Sunday: uPlot's weekday lists start on Sunday.
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2026, 0, 4 + d)));
  return {
    MMMM: names(months, { month: "long" }),
    MMM: names(months, { month: "short" }),
    WWWW: names(days, { weekday: "long" }),
    WWW: names(days, { weekday: "short" }),
  };
}
