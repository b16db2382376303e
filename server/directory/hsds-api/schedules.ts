/**
 * A service's hours as HSDS schedules, in iCal terms: each weekly row is `freq: WEEKLY` with one
 * `byday`; each dated exception is a one-day entry (`dtstart` = `valid_from` = `valid_to`), with
 * its hours, or with none and `x_closed: true` when the service is closed that day.
 * HSDS wants opens_at/closes_at with their UTC offset and `timezone` as that offset in hours; we
 * hold wall-clock times and an IANA zone, so weekly rows carry the offset in force on the day of
 * the response and dated rows the offset of their own date. The zone travels in `x_timezone`.
 */
import { DEFAULT_TIMEZONE } from "../../../shared/directory/index.js";
import type { HsdsService } from "../hsds/hsds-json.js";
import { hsdsId } from "./ids.js";
import type { Lang } from "./lang.js";

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const SLOT_MS = 15 * 60_000;
/** Offsets by zone and quarter hour (every time zone changes offset on one): formatting is costly. */
const offsets = new Map<string, { zone: string; minutes: number }>();

/** The zone's offset from UTC at `at`, in minutes (unknown zones fall back to Toronto, like open-now). */
export function utcOffsetMinutes(timeZone: string, at: Date): { zone: string; minutes: number } {
  const key = `${timeZone}|${Math.floor(at.getTime() / SLOT_MS)}`;
  let found = offsets.get(key);
  if (!found) {
    if (offsets.size > 10_000) offsets.clear();
    found = computeOffset(timeZone, new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS));
    offsets.set(key, found);
  }
  return found;
}

function computeOffset(timeZone: string, at: Date): { zone: string; minutes: number } {
  let zone = timeZone;
  let format = offsetFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    } catch {
      zone = DEFAULT_TIMEZONE;
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    }
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return { zone: format.resolvedOptions().timeZone ?? zone, minutes };
}

const DAY_MS = 86_400_000;
/** How far back a zone's last offset change is looked for: every zone with daylight saving has one within a year. */
const LOOKBACK_DAYS = 3 * 366;
const lastChanges = new Map<string, number | null>();

/**
 * When the zone's UTC offset last changed at or before `now` (epoch ms, to the quarter hour: every
 * zone changes on one), or null if it has not within three years. The weekly rows of a service in
 * this zone were published with another offset before that instant. Cached by zone and quarter
 * hour: a list asks once per zone, not once per service.
 */
export function lastOffsetChange(timeZone: string, now: Date): number | null {
  const slot = Math.floor(now.getTime() / SLOT_MS);
  const key = `${timeZone}|${slot}`;
  if (lastChanges.has(key)) return lastChanges.get(key) as number | null;
  if (lastChanges.size > 1_000) lastChanges.clear();
  const at = slot * SLOT_MS;
  const current = utcOffsetMinutes(timeZone, new Date(at)).minutes;
  const offsetAt = (ms: number) => utcOffsetMinutes(timeZone, new Date(ms)).minutes;
  let found: number | null = null;
  // Back a day at a time to a day whose offset differs, then halve the gap down to the quarter hour.
  for (let day = 1; day <= LOOKBACK_DAYS; day++) {
    const before = at - day * DAY_MS;
    if (offsetAt(before) === current) continue;
    let lo = before; // the old offset
    let hi = before + DAY_MS; // the current offset
    while (hi - lo > SLOT_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / SLOT_MS) * SLOT_MS;
      if (offsetAt(mid) === current) hi = mid;
      else lo = mid;
    }
    found = hi;
    break;
  }
  lastChanges.set(key, found);
  return found;
}

function suffix(minutes: number): string {
  if (minutes === 0) return "Z";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${minutes < 0 ? "-" : "+"}${hh}:${mm}`;
}

const DAY_NAMES: Record<string, { en: string; fr: string }> = {
  MO: { en: "Mondays", fr: "Le lundi" },
  TU: { en: "Tuesdays", fr: "Le mardi" },
  WE: { en: "Wednesdays", fr: "Le mercredi" },
  TH: { en: "Thursdays", fr: "Le jeudi" },
  FR: { en: "Fridays", fr: "Le vendredi" },
  SA: { en: "Saturdays", fr: "Le samedi" },
  SU: { en: "Sundays", fr: "Le dimanche" },
};
const hours = (opens: string, closes: string, lang: Lang) =>
  lang === "fr" ? `de ${opens} à ${closes}` : `${opens} to ${closes}`;

/** Whom the rows belong to: the service itself, or one of its service_at_location links. */
export type ScheduleOwner =
  | { service_id: string }
  | { service_at_location_id: string; directoryLinkId: string };

export function toSchedules(h: HsdsService, owner: ScheduleOwner, lang: Lang, now: Date) {
  const tz = h.x_timezone ?? DEFAULT_TIMEZONE;
  const notes = (lang === "fr" ? h.x_schedule_notes_fr : h.x_schedule_notes) ?? h.x_schedule_notes;
  const link =
    "service_id" in owner
      ? { service_id: owner.service_id }
      : { service_at_location_id: owner.service_at_location_id };
  const idOf = (rowId: string) =>
    hsdsId("schedule", "directoryLinkId" in owner ? `${owner.directoryLinkId}/${rowId}` : rowId);
  return h.schedules.map((row) => {
    const day = row.freq === "WEEKLY" ? null : (row.valid_from as string);
    const offset = utcOffsetMinutes(tz, day ? new Date(`${day}T12:00:00Z`) : now);
    // undefined fields vanish when serialized: HSDS fields are left out, never null.
    const stamp = (t: string | null) => (t ? `${t.slice(0, 5)}${suffix(offset.minutes)}` : undefined);
    const times = {
      opens_at: stamp(row.opens_at),
      closes_at: stamp(row.closes_at),
      timezone: offset.minutes / 60,
      x_timezone: offset.zone,
    };
    const span = row.opens_at && row.closes_at ? `, ${hours(row.opens_at, row.closes_at, lang)}` : "";
    if (!day) {
      const name = DAY_NAMES[row.byday ?? ""]?.[lang] ?? row.byday;
      return {
        id: idOf(row.id),
        ...link,
        freq: "WEEKLY" as const,
        byday: row.byday ?? undefined,
        ...times,
        description: `${name}${span}`,
        notes: notes ?? undefined,
      };
    }
    const description = row.x_closed
      ? lang === "fr"
        ? `Fermé le ${day}`
        : `Closed on ${day}`
      : lang === "fr"
        ? `Horaire spécial le ${day}${span}`
        : `Special hours on ${day}${span}`;
    return {
      id: idOf(row.id),
      ...link,
      valid_from: day,
      valid_to: (row.valid_to as string | null) ?? day,
      dtstart: day,
      ...times,
      description,
      notes: row.notes ?? undefined,
      x_closed: row.x_closed,
    };
  });
}
