// What a hospital's publishing rhythm means for a reader: which trend period its figures fill,
// and when its next figure is due. Ontario publishes one figure a month (stamped at the month's
// first instant, UTC); Alberta and British Columbia every few minutes; Quebec every hour.
import type { TrendPeriod } from "../../../shared/waittimes/schemas";

/** Cadences of four weeks or more are monthly tables, not live feeds. */
const MONTHLY_FROM_SECONDS = 28 * 86400;
const DAILY_FROM_SECONDS = 86400;

export function isMonthly(cadenceSeconds: number): boolean {
  return cadenceSeconds >= MONTHLY_FROM_SECONDS;
}

/** The period a hospital opens on: one its figures fill (a year of months, a week of live reports). */
export function defaultPeriodFor(cadenceSeconds: number | undefined): TrendPeriod {
  if (cadenceSeconds === undefined) return "7d";
  if (isMonthly(cadenceSeconds)) return "1y";
  return cadenceSeconds >= DAILY_FROM_SECONDS ? "90d" : "7d";
}

/** When the figure after `latestIso` is due: the next month for a monthly table, else one cadence later. */
export function nextFigureDue(latestIso: string, cadenceSeconds: number): Date {
  const latest = new Date(latestIso);
  if (isMonthly(cadenceSeconds))
    return new Date(Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() + 1, 1));
  return new Date(latest.getTime() + cadenceSeconds * 1000);
}
