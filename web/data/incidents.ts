// The incident log as the operator page uses it: GET/POST /api/v1/admin/incidents and
// POST /api/v1/admin/incidents/{id}/{action}. Nothing is stored in the browser; writes carry the
// tab's CSRF token (see adminSession.ts).
import { messageOf, writeHeaders } from "./adminSession";

export type Severity = "SEV-1" | "SEV-2" | "SEV-3" | "SEV-4";
export const SEVERITIES: readonly Severity[] = ["SEV-1", "SEV-2", "SEV-3", "SEV-4"];
export type IncidentStatus = "open" | "acknowledged" | "mitigated" | "resolved" | "reviewed" | "closed";
export type IncidentAction = "acknowledge" | "mitigate" | "resolve" | "review" | "close" | "update";
export type DeadlineStep = "acknowledge" | "mitigate" | "restore" | "update" | "review";

export interface Incident {
  id: string;
  severity: Severity;
  title: string;
  status: IncidentStatus;
  source: "manual" | "auto";
  commander: string | null;
  channel: string | null;
  falsePositive: boolean;
  startedAt: string;
  detectedAt: string;
  acknowledgedAt: string | null;
  mitigatedAt: string | null;
  resolvedAt: string | null;
  reviewedAt: string | null;
  closedAt: string | null;
  lastUpdateAt: string | null;
  due: {
    acknowledge: string;
    mitigate: string | null;
    restore: string;
    nextUpdate: string | null;
    review: string | null;
  };
  overdue: Record<DeadlineStep, boolean>;
}

/** The server's refusal, with its message (e.g. "INC-… is open: \"review\" needs it to be resolved."). */
export class IncidentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function listIncidents(): Promise<Incident[]> {
  const res = await fetch("/api/v1/admin/incidents", { headers: { accept: "application/json" } });
  if (!res.ok) throw new IncidentRequestError(res.status, await messageOf(res));
  return ((await res.json()) as { data: Incident[] }).data;
}

export interface NewIncident {
  severity: Severity;
  title: string;
  commander?: string;
  /** When the trouble began, if before it was noticed (ISO 8601). */
  startedAt?: string;
}

export async function openIncident(input: NewIncident): Promise<Incident> {
  const res = await fetch("/api/v1/admin/incidents", {
    method: "POST",
    headers: writeHeaders(),
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new IncidentRequestError(res.status, await messageOf(res));
  return ((await res.json()) as { data: Incident }).data;
}

export async function advanceIncident(
  id: string,
  action: IncidentAction,
  body: { note?: string; falsePositive?: boolean } = {},
): Promise<Incident> {
  const res = await fetch(`/api/v1/admin/incidents/${encodeURIComponent(id)}/${action}`, {
    method: "POST",
    headers: writeHeaders(),
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new IncidentRequestError(res.status, await messageOf(res));
  return ((await res.json()) as { data: Incident }).data;
}

/** The moves the server allows from each status (server/directory/incidents/incident-log.ts). */
export const ACTIONS_BY_STATUS: Record<IncidentStatus, readonly IncidentAction[]> = {
  open: ["acknowledge", "update"],
  acknowledged: ["mitigate", "resolve", "update"],
  mitigated: ["resolve", "update"],
  resolved: ["review"],
  reviewed: ["close"],
  closed: [],
};

export const isActive = (i: Incident) =>
  i.status === "open" || i.status === "acknowledged" || i.status === "mitigated";
