// What a person can take away from a service page without this site: a vCard a phone camera reads
// from the QR code with no data (name, phones, address, hours), and the hours as short lines for
// the printed slip. The text is in the page's language; a phone number keeps its extension.
import { formatNumber, readPhone } from "../../../shared/directory/phone";
import type { Day } from "../../../shared/directory/types";
import type { MessageKey } from "../../i18n/en";
import type { Lang } from "../../i18n/language";
import { hoursChangeLines } from "./hoursChanges";
import { dayHours, type Translate } from "./openingHours";
import type { SavedService } from "./savedService";

export type { Translate } from "./openingHours";

const DAYS: Day[] = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/**
 * "Monday–Friday: 9 AM–5 PM": days in the week's order, consecutive days with the same hours as
 * one line (a short text keeps the QR code sparse and easy to read); closed days are left out.
 */
export function hoursLines(service: Pick<SavedService, "schedule">, lang: Lang, tr: Translate): string[] {
  const weekly = service.schedule?.weekly ?? [];
  const hoursOf = (day: Day) =>
    dayHours(
      weekly.filter((w) => w.day === day),
      lang,
      tr,
    );
  const dayName = (day: Day) => tr(`day.${day}` as MessageKey);
  const runs: Array<{ first: Day; last: Day; hours: string }> = [];
  for (const day of DAYS) {
    const hours = hoursOf(day);
    const run = runs.at(-1);
    if (run && run.hours === hours && DAYS.indexOf(run.last) === DAYS.indexOf(day) - 1) run.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  return runs
    .filter((r) => r.hours)
    .map((r) =>
      tr("takeaway.labelled", {
        label: `${dayName(r.first)}${r.first === r.last ? "" : `–${dayName(r.last)}`}`,
        text: r.hours,
      }),
    );
}

/** A phone line as a contact card holds it: dialable digits with the extension, or the code as written. */
export function phoneForCard(number: string, label: string | null): { value: string; text: boolean } | null {
  const r = readPhone(number, label);
  switch (r.kind) {
    case "dial":
      return {
        value: r.extension ? `${formatNumber(r.e164)} ext. ${r.extension}` : formatNumber(r.e164),
        text: false,
      };
    case "short":
      return { value: r.code, text: false };
    case "text":
      return { value: r.code.startsWith("+") ? formatNumber(r.code) : r.code, text: true };
    default:
      return null;
  }
}

/** vCard 3.0 escapes backslashes, commas, semicolons and line breaks in text values. */
function escaped(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/,/g, "\\,").replace(/;/g, "\\;").replace(/\r?\n/g, "\\n");
}

/** The first place where people are served, else the first address held. */
export function mainLocation(service: Pick<SavedService, "locations">) {
  return (
    service.locations.find((l) => l.type === "physical" && l.address) ??
    service.locations.find((l) => l.address)
  );
}

/**
 * The service as a vCard 3.0 contact: its name (and organization), every phone line, its main
 * address, and in a note its hours and the dated closures of the coming weeks (a card scanned
 * before a holiday must not send someone to a closed door). Nothing points back to this site: it
 * works with no data.
 */
export function serviceVCard(
  service: SavedService,
  name: string,
  lang: Lang,
  tr: Translate,
  now: Date = new Date(),
): string {
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${escaped(name)}`];
  if (service.organizationName && service.organizationName !== name)
    lines.push(`ORG:${escaped(service.organizationName)}`);
  for (const p of service.phones) {
    const card = phoneForCard(p.number, p.label);
    if (card) lines.push(`TEL;TYPE=${card.text ? "TEXT" : "VOICE"}:${escaped(card.value)}`);
  }
  const place = mainLocation(service);
  if (place?.address) {
    // Records often spell the whole address in the street line: the card's street is what precedes the city.
    const at = place.city ? place.address.toLowerCase().indexOf(`, ${place.city.toLowerCase()}`) : -1;
    const street = at > 0 ? place.address.slice(0, at) : place.address;
    const parts = [street, place.city ?? "", place.province ?? "", place.postalCode ?? "", "Canada"];
    lines.push(`ADR;TYPE=WORK:;;${parts.map(escaped).join(";")}`);
  }
  const notes: string[] = [];
  const hours = hoursLines(service, lang, tr);
  if (hours.length)
    notes.push(tr("takeaway.labelled", { label: tr("service.hours"), text: hours.join("; ") }));
  const changes = hoursChangeLines(service.schedule, now, lang, tr);
  if (changes.length)
    notes.push(tr("takeaway.labelled", { label: tr("hoursChange.heading"), text: changes.join("; ") }));
  if (notes.length) lines.push(`NOTE:${escaped(notes.join("\n"))}`);
  lines.push("END:VCARD");
  return lines.join("\r\n");
}
