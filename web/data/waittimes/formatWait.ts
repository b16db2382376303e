// Formats a wait-time figure for display: minutes as "2 h 05 min", occupancy as a percentage.
import { numberFormat } from "../../i18n/intlFormats";

export function formatWait(value: number, metricFamily: string, locale: string): string {
  if (metricFamily === "STRETCHER_OCCUPANCY") {
    return numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
  }
  const total = Math.max(0, Math.round(value));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return `${hours} h ${String(minutes).padStart(2, "0")} min`;
}
