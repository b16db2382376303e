// Opening hours as a person reads them, in the page's language: "9 AM–5:30 PM" on an English page
// and "9 h à 17 h 30" on a French one (Canadian French writes hours with "h"), never the record's
// own "09:00–17:30". A day open from midnight to midnight is said in words.
import type { MessageKey } from "../../i18n/en";
import type { Lang } from "../../i18n/language";

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** "HH:MM" (24-hour, "24:00" for the end of the day) as the language writes a time of day. */
export function clockTime(hhmm: string, lang: Lang): string {
  const [h, m] = hhmm.split(":").map(Number);
  const minutes = String(m).padStart(2, "0");
  if (lang === "fr") return m ? `${h} h ${minutes}` : `${h} h`;
  const hour = h % 12 === 0 ? 12 : h % 12;
  const half = h < 12 || h === 24 ? "AM" : "PM";
  return m ? `${hour}:${minutes} ${half}` : `${hour} ${half}`;
}

const wholeDay = (opens: string, closes: string) =>
  opens === "00:00" && (closes === "23:59" || closes === "24:00");

/** One day's opening ranges, in the record's order, as one line; "" when it has none. */
export function dayHours(ranges: { opens: string; closes: string }[], lang: Lang, tr: Translate): string {
  if (ranges.some((r) => wholeDay(r.opens, r.closes))) return tr("service.allDay");
  const joiner = lang === "fr" ? " à " : "–";
  return ranges.map((r) => `${clockTime(r.opens, lang)}${joiner}${clockTime(r.closes, lang)}`).join(", ");
}
