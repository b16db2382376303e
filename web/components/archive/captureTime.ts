import { formatDate } from "../../i18n/intlFormats";

/**
 * A capture's moment as the archive's pages write it, in the page's language: in UTC, and saying
 * so ("December 1, 2026 at 3:16:30 a.m. UTC", "1 décembre 2026 à 3 h 16 min 30 s UTC"), as the
 * replay banner does (server/archive/replay/replay-time.ts). A time without its zone read as the
 * reader's own, so a capture taken at 3 a.m. UTC showed the evening before in Vancouver while its
 * banner said the next day, and a citation could carry the wrong date.
 * `long`: the month spelled out; `short`: abbreviated, for the narrow places (compare, timeline).
 * dateStyle/timeStyle cannot name a zone, so the parts are given one by one.
 */
export function captureTime(
  locale: string,
  iso: string,
  opts: { month?: "long" | "short"; seconds?: boolean } = {},
): string {
  return formatDate(locale, iso, {
    year: "numeric",
    month: opts.month ?? "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(opts.seconds ? { second: "2-digit" } : {}),
    timeZone: "UTC",
    timeZoneName: "short",
  });
}
