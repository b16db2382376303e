/**
 * The incident log's rules (tables `incidents` and `incident_events`, migrations/003 and 007):
 * opening incidents with a per-day id, moving them through acknowledge → (assess severity) →
 * mitigate → resolve → review → close, the commander SEV-1/2 need, status updates, and the due times,
 * overdue flags and external communication the SEV table implies (document 3 §3, §8).
 */
import {
  type Incident,
  type IncidentAction,
  type IncidentSource,
  type IncidentStatus,
  type IncidentWithDeadlines,
  isMajorSeverity,
  type Severity,
} from "../../../shared/ops/incident.js";
import { ApiError } from "../../core/errors.js";
import { REVIEW_WITHIN_MS, SEV_TABLE } from "./severity.js";

export type { Incident, IncidentAction, IncidentStatus };

/** Incident day in UTC, as every other time of the product: the sequence restarts at 00:00 UTC. */
export function incidentDay(at: Date): string {
  return at.toISOString().slice(0, 10).replaceAll("-", "");
}

/** The dedicated chat channel of a SEV-1/2 (#inc-YYYYMMDD-NNN). */
export const incidentChannel = (id: string) => `#${id.toLowerCase()}`;

/** A SEV-1/2 opened by a person names its commander; only the watchdog may open one without. */
export function requireCommanderToOpen(severity: Severity, commander: string | null | undefined): void {
  if (isMajorSeverity(severity) && !commander?.trim())
    throw new ApiError(
      "ValidationError",
      `commander is required for a ${severity}: name who leads the incident.`,
      { parameter: "commander" },
    );
}

export interface OpenInput {
  severity: Severity;
  title: string;
  startedAt?: string;
  commander?: string | null;
  userFacing?: boolean;
  source?: IncidentSource;
  breachKey?: string | null;
  actor?: string | null;
}

export const INCIDENT_STEPS: Record<
  Exclude<IncidentAction, "update">,
  { from: IncidentStatus[]; to: IncidentStatus; column: string }
> = {
  acknowledge: { from: ["open"], to: "acknowledged", column: "acknowledged_at" },
  mitigate: { from: ["acknowledged"], to: "mitigated", column: "mitigated_at" },
  resolve: { from: ["acknowledged", "mitigated"], to: "resolved", column: "resolved_at" },
  review: { from: ["resolved"], to: "reviewed", column: "reviewed_at" },
  close: { from: ["reviewed"], to: "closed", column: "closed_at" },
};

/**
 * What an action does to an incident in its current state: the new status and the time column it
 * sets, or a 409 naming what the action needs. Pure: the repository applies it in its transaction.
 */
export function incidentStep(
  incident: Incident,
  action: IncidentAction,
  commanderGiven?: string | null,
): { status: IncidentStatus; column: string; alsoMitigated: boolean } | null {
  if (action === "update") {
    if (incident.status === "closed") throw new ApiError("Conflict", `${incident.id} is closed.`);
    return null;
  }
  const step = INCIDENT_STEPS[action];
  if (!step.from.includes(incident.status)) {
    throw new ApiError(
      "Conflict",
      `${incident.id} is ${incident.status}: "${action}" needs it to be ${step.from.join(" or ")}.`,
      { current: incident },
    );
  }
  // An automatic SEV-1/2 may be acknowledged by whoever sees it first, but not led further by nobody.
  if (action !== "acknowledge" && needsCommander(incident) && !commanderGiven?.trim()) {
    throw new ApiError(
      "Conflict",
      `${incident.id} is a ${incident.severity} without a commander: name one (POST /api/v1/admin/incidents/${incident.id}/commander) before "${action}".`,
      { current: incident },
    );
  }
  // Resolving without a separate mitigation step means it was mitigated by the fix itself.
  return {
    status: step.to,
    column: step.column,
    alsoMitigated: action === "resolve" && !incident.mitigatedAt,
  };
}

export const needsCommander = (i: Pick<Incident, "severity" | "commander">) =>
  isMajorSeverity(i.severity) && !i.commander;

/** What the operator's severity assessment changes: always after acknowledging, while unresolved. */
export interface SeverityAssessment {
  severity: Severity;
  reason: string;
  commander?: string | null;
  userFacing?: boolean;
  actor: string | null;
}

/**
 * Checks an assessment against the incident (409 before acknowledging or once resolved, 400 naming
 * `commander` for a SEV-1/2 that would have none) and returns the row's new values and the history
 * line. Pure: the repository applies it in its transaction.
 */
export function assessSeverity(
  incident: Incident,
  a: SeverityAssessment,
): {
  severity: Severity;
  commander: string | null;
  channel: string | null;
  userFacing: boolean;
  note: string;
} {
  if (incident.status !== "acknowledged" && incident.status !== "mitigated")
    throw new ApiError(
      "Conflict",
      `${incident.id} is ${incident.status}: the severity is assessed once it is acknowledged and until it is resolved.`,
      { current: incident },
    );
  const commander = a.commander?.trim() || incident.commander;
  requireCommanderToOpen(a.severity, commander);
  const userFacing = a.userFacing ?? incident.userFacing;
  const change = incident.severity === a.severity ? a.severity : `${incident.severity} → ${a.severity}`;
  const notes = [
    `${change}: ${a.reason}`,
    ...(commander !== incident.commander ? [`commander ${commander}`] : []),
    ...(userFacing !== incident.userFacing ? [userFacing ? "user-facing" : "not user-facing"] : []),
  ];
  return {
    severity: a.severity,
    commander: commander ?? null,
    channel: incident.channel ?? (isMajorSeverity(a.severity) ? incidentChannel(incident.id) : null),
    userFacing,
    note: notes.join("; "),
  };
}

/** Naming (or changing) the commander: refused once the incident is closed. Returns the history line. */
export function commanderChange(incident: Incident, commander: string): string {
  if (incident.status === "closed") throw new ApiError("Conflict", `${incident.id} is closed.`);
  return incident.commander ? `${commander} (was ${incident.commander})` : commander;
}

/** Changes an action may carry besides its step. */
export interface IncidentActionOptions {
  actor: string | null;
  note?: string | null;
  falsePositive?: boolean;
  commander?: string | null;
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Due times from the SEV table and which are overdue at `now`. */
export function deadlines(i: Incident, now = new Date()): Omit<IncidentWithDeadlines, keyof Incident> {
  const t = SEV_TABLE[i.severity];
  const nowIso = now.toISOString();
  const active = i.status === "open" || i.status === "acknowledged" || i.status === "mitigated";
  const due = {
    acknowledge: plus(i.detectedAt, t.acknowledgeMs),
    mitigate: t.mitigateMs === null ? null : plus(i.detectedAt, t.mitigateMs),
    restore: plus(i.startedAt, t.restoreMs),
    nextUpdate: active ? plus(i.lastUpdateAt ?? i.detectedAt, t.updateEveryMs) : null,
    review: i.resolvedAt ? plus(i.resolvedAt, REVIEW_WITHIN_MS) : null,
  };
  const late = (deadline: string | null, doneAt: string | null) =>
    deadline !== null && (doneAt ? doneAt > deadline : nowIso > deadline);
  const communicateAt = externalCommunicationAt(i);
  const lastedUntil = i.resolvedAt ?? nowIso;
  return {
    due: { ...due, externalCommunication: communicateAt },
    overdue: {
      acknowledge: late(due.acknowledge, i.acknowledgedAt),
      mitigate: due.mitigate !== null && late(due.mitigate, i.mitigatedAt),
      restore: late(due.restore, i.resolvedAt),
      update: due.nextUpdate !== null && nowIso > due.nextUpdate,
      review: due.review !== null && late(due.review, i.reviewedAt),
    },
    externalCommunication: t.externalCommunication,
    externalCommunicationDue: communicateAt !== null && lastedUntil >= communicateAt,
    needsCommander: needsCommander(i),
  };
}

/**
 * When external communication becomes due (document 3 §8 rule 2): SEV-1 at once; SEV-2 once it has
 * lasted 2 hours; SEV-3 when user-facing and it has lasted its restore target; SEV-4 never.
 */
export function externalCommunicationAt(i: Incident): string | null {
  const after = SEV_TABLE[i.severity].externalCommunicationAfterMs;
  if (after === null || (i.severity === "SEV-3" && !i.userFacing)) return null;
  return plus(i.startedAt, after);
}
