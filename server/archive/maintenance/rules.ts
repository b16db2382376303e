/**
 * The maintenance windows of spec 001 §8 and the rules a scheduled one must keep: its type's
 * notice and maximum duration, and the preferred hours (weekdays 00:00–06:00 or 22:00–24:00 UTC;
 * not 14:00–22:00, weekends or Canadian statutory holidays). `windowBreaks` names every rule a
 * window breaks, one line each; the CLI refuses it unless the operator overrides with a reason.
 */
import { holidayOn, isoDay } from "./holidays.js";

export const WINDOW_TYPES = ["routine", "major", "emergency"] as const;
export type WindowType = (typeof WINDOW_TYPES)[number];

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Notice and longest duration per type; emergency: as soon as possible, as long as needed. */
export const WINDOW_LIMITS: Record<WindowType, { noticeMs: number; maxMs: number } | null> = {
  routine: { noticeMs: 24 * HOUR, maxMs: 30 * MINUTE },
  major: { noticeMs: 72 * HOUR, maxMs: 4 * HOUR },
  emergency: null,
};

export interface ProposedWindow {
  type: WindowType;
  startsAt: Date;
  endsAt: Date;
  announcedAt: Date;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const hours = (ms: number) => (ms % HOUR ? `${ms / MINUTE} minutes` : `${ms / HOUR} hours`);

/** Why a minute is outside the preferred hours, or null when it is inside them. */
function outsidePreferred(at: Date): string | null {
  const weekday = at.getUTCDay();
  if (weekday === 0 || weekday === 6) return `${WEEKDAYS[weekday]} ${isoDay(at)} is a weekend day`;
  const holiday = holidayOn(at);
  if (holiday) return `${isoDay(at)} is a statutory holiday (${holiday})`;
  const h = at.getUTCHours();
  if (h >= 14 && h < 22)
    return `${at.toISOString().slice(11, 16)} UTC is in the hours to avoid (14:00–22:00 UTC)`;
  if (h >= 6 && h < 22)
    return `${at.toISOString().slice(11, 16)} UTC is outside 00:00–06:00 and 22:00–24:00 UTC`;
  return null;
}

/** Every rule the window breaks, as one line each (empty: it may be scheduled as it is). */
export function windowBreaks(w: ProposedWindow): string[] {
  const out: string[] = [];
  const duration = w.endsAt.getTime() - w.startsAt.getTime();
  if (!(duration > 0)) return ["the window must end after it starts"];
  const limits = WINDOW_LIMITS[w.type];
  if (!limits) return out;
  const notice = w.startsAt.getTime() - w.announcedAt.getTime();
  if (notice < limits.noticeMs)
    out.push(
      `a ${w.type} window needs ${hours(limits.noticeMs)} notice; this one starts ${notice > 0 ? `${Math.floor(notice / MINUTE)} minutes` : "no time"} after it is announced`,
    );
  if (duration > limits.maxMs)
    out.push(
      `a ${w.type} window lasts at most ${hours(limits.maxMs)}; this one lasts ${Math.ceil(duration / MINUTE)} minutes`,
    );
  // Minute by minute (a window may cross midnight into another day); the first minute outside
  // the preferred hours is the one named. Capped at two weeks: longer ones already break the maximum.
  const last = Math.min(w.endsAt.getTime(), w.startsAt.getTime() + 14 * 24 * HOUR);
  for (let t = w.startsAt.getTime(); t < last; t += MINUTE) {
    const why = outsidePreferred(new Date(t));
    if (why) {
      out.push(`outside the preferred hours (weekdays 00:00–06:00 or 22:00–24:00 UTC): ${why}`);
      break;
    }
  }
  return out;
}
