/**
 * The capture time in the replay banner, as people read it in each of its two languages
 * ("November 28, 2026 at 2:05 p.m. UTC", "28 novembre 2026 à 14 h 05 UTC") inside a <time> element
 * that keeps the exact instant for machines. UTC, said so: the banner cannot know the reader's zone.
 */
const FORMATS = {
  en: new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
  fr: new Intl.DateTimeFormat("fr-CA", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
};

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `<time datetime="…">…</time>` for a WARC date; a date that cannot be read is shown as written. */
export function captureTimeHtml(iso: string, lang: "en" | "fr"): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return escapeHtml(iso);
  return `<time datetime="${escapeHtml(at.toISOString())}">${escapeHtml(FORMATS[lang].format(at))} UTC</time>`;
}
