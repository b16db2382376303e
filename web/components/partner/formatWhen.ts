import { locale } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

/** A moment as the reader's language writes a date and time, to the minute. */
export function formatWhen(iso: string): string {
  return formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
}
