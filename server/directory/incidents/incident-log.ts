/**
 * The incident log (tables `incidents` and `incident_events`, migrations/003): opening incidents with
 * a per-day id, moving them through acknowledge → mitigate → resolve → review → close, status
 * updates, and the due times and overdue flags the SEV table implies.
 */
import { localTime } from "../../../shared/directory/index.js";
import type {
  Incident,
  IncidentAction,
  IncidentSource,
  IncidentStatus,
  IncidentWithDeadlines,
  Severity,
} from "../../../shared/ops/incident.js";
import { ApiError } from "../../core/errors.js";
import { REVIEW_WITHIN_MS, SEV_TABLE } from "./severity.js";

export type { Incident, IncidentAction, IncidentStatus };

/** Incident day in Kingston's calendar (America/Toronto): the sequence restarts at local midnight. */
export function incidentDay(at: Date): string {
  return localTime(at).date.replaceAll("-", "");
}

export interface OpenInput {
  severity: Severity;
  title: string;
  startedAt?: string;
  commander?: string | null;
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
  // Resolving without a separate mitigation step means it was mitigated by the fix itself.
  return {
    status: step.to,
    column: step.column,
    alsoMitigated: action === "resolve" && !incident.mitigatedAt,
  };
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
  return {
    due,
    overdue: {
      acknowledge: late(due.acknowledge, i.acknowledgedAt),
      mitigate: due.mitigate !== null && late(due.mitigate, i.mitigatedAt),
      restore: late(due.restore, i.resolvedAt),
      update: due.nextUpdate !== null && nowIso > due.nextUpdate,
      review: due.review !== null && late(due.review, i.reviewedAt),
    },
    externalCommunication: t.externalCommunication,
  };
}
