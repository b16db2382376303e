import type uPlot from "uplot";

/** Month and weekday names in the reader's language, for uPlot's time axis (it ships English). */
export function dateNames(locale: string): uPlot.DateNames {
  const name = (d: Date, opts: Intl.DateTimeFormatOptions) =>
    d.toLocaleString(locale, { ...opts, timeZone: "UTC" });
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15)));
  // 4 January 2026 is a Sunday: uPlot's weekday lists start on Sunday.
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2026, 0, 4 + d)));
  return {
    MMMM: months.map((d) => name(d, { month: "long" })),
    MMM: months.map((d) => name(d, { month: "short" })),
    WWWW: days.map((d) => name(d, { weekday: "long" })),
    WWW: days.map((d) => name(d, { weekday: "short" })),
  };
}
