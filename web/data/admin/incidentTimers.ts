// Timers of an incident for the operator page: which deadlines of the SEV table are still ahead,
// which is next, which are overdue now, and durations written for people ("2 h 5 min").

import { numberFormat } from "../../i18n/intlFormats";
import type { DeadlineStep, Incident } from "./incidents";
import { isActive } from "./incidents";

export interface Deadline {
  step: DeadlineStep;
  /** Due time, ms since the epoch. */
  at: number;
  overdue: boolean;
}

/** Deadlines not yet met (soonest first): the steps still to do in the incident's status. */
export function pendingDeadlines(i: Incident, now: number): Deadline[] {
  const active = isActive(i);
  const list: Array<[DeadlineStep, string | null, boolean]> = [
    ["acknowledge", i.due.acknowledge, active && !i.acknowledgedAt],
    ["mitigate", i.due.mitigate, active && !i.mitigatedAt],
    ["restore", i.due.restore, active && !i.resolvedAt],
    ["update", i.due.nextUpdate, active],
    ["review", i.due.review, i.status === "resolved" && !i.reviewedAt],
  ];
  return list
    .filter((x): x is [DeadlineStep, string, boolean] => x[1] !== null && x[2])
    .map(([step, due]) => ({ step, at: Date.parse(due), overdue: Date.parse(due) < now }))
    .sort((a, b) => a.at - b.at);
}

/** The soonest deadline still ahead or missed, or null when nothing is due (reviewed, closed). */
export function nextDeadline(i: Incident, now: number): Deadline | null {
  return pendingDeadlines(i, now)[0] ?? null;
}

/**
 * Steps overdue: those the server flagged (met late, or missed when it answered) plus pending ones
 * whose time has passed since, so the flag appears without waiting for the next refresh.
 */
export function overdueSteps(i: Incident, now: number): DeadlineStep[] {
  const steps = new Set<DeadlineStep>();
  for (const [step, late] of Object.entries(i.overdue) as Array<[DeadlineStep, boolean]>)
    if (late) steps.add(step);
  for (const d of pendingDeadlines(i, now)) if (d.overdue) steps.add(d.step);
  const order: DeadlineStep[] = ["acknowledge", "mitigate", "restore", "update", "review"];
  return order.filter((s) => steps.has(s));
}

/** Time the incident has lasted: from its start to its resolution, or to now while unresolved. */
export function elapsedMs(i: Incident, now: number): number {
  const end = i.resolvedAt ? Date.parse(i.resolvedAt) : now;
  return Math.max(0, end - Date.parse(i.startedAt));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 days 4 hr", "2 hr 5 min", "1 min" in the reader's language: the two largest units, rounded to minutes. */
export function formatDuration(ms: number, lang: string): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  const parts: Array<[number, "day" | "hour" | "minute"]> = [
    [Math.floor(minutes / (DAY / MINUTE)), "day"],
    [Math.floor((minutes % (DAY / MINUTE)) / 60), "hour"],
    [minutes % 60, "minute"],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => numberFormat(lang, { style: "unit", unit, unitDisplay: "short" }).format(n))
    .join(" ");
}
