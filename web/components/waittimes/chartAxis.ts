// The time axis of every chart, in the page's language: uPlot's own tick labels are English and
// 12-hour ("12pm", "11/21"), so the ticks are written with Intl instead ("14 h", "21 nov." in
// fr-CA; "2 p.m.", "Nov 21" in en-CA).
import type uPlot from "uplot";
import { dateFormat } from "../../i18n/intlFormats";

const HOUR = 3600;
const DAY = 86400;

/** fr-CA's pattern pads the hour ("06 h"); Quebec writing says "6 h". */
function unpadded(text: string): string {
  return text.replace(/^0(?=\d)/, "");
}

function isMidnight(d: Date): boolean {
  return d.getHours() === 0 && d.getMinutes() === 0;
}

/**
 * Labels for ticks at `splits` (epoch seconds) that are `incrSeconds` apart: hours (with minutes
 * below an hour's step) and the date at midnight, days, months or years.
 */
export function timeTickLabels(splits: number[], incrSeconds: number, locale: string): string[] {
  const hour = dateFormat(locale, { hour: "numeric" });
  const minute = dateFormat(locale, { hour: "numeric", minute: "2-digit" });
  const day = dateFormat(locale, { day: "numeric", month: "short" });
  const month = dateFormat(locale, { month: "short", year: "numeric" });
  const year = dateFormat(locale, { year: "numeric" });
  return splits.map((s) => {
    const d = new Date(s * 1000);
    if (incrSeconds < DAY) {
      if (isMidnight(d)) return day.format(d);
      return unpadded((incrSeconds < HOUR ? minute : hour).format(d));
    }
    if (incrSeconds < 28 * DAY) return day.format(d);
    if (incrSeconds < 365 * DAY) return month.format(d);
    return year.format(d);
  });
}

/**
 * A uPlot x axis whose tick labels are written for `locale`. The labels are drawn on the canvas,
 * so they are also written on the chart's element (`data-ticks`), where a test can read them.
 */
export function timeAxis(locale: string): uPlot.Axis {
  return {
    values: (u, splits, _axis, _space, incr) => {
      const labels = timeTickLabels(splits, incr, locale);
      u.root.parentElement?.setAttribute("data-ticks", labels.join(" | "));
      return labels;
    },
  };
}
