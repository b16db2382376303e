import { locale } from "../../i18n/i18n";

/** A moment as the reader's language writes a date and time, to the minute. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(locale() === "fr" ? "fr-CA" : "en-CA", {
    dateStyle: "medium",
    timeStyle: "short",
  });
}
