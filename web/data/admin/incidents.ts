// The incident log as the operator page uses it: GET/POST /api/v1/admin/incidents,
// POST /api/v1/admin/incidents/{id}/{action}, …/{id}/commander and …/{id}/severity. Nothing is stored in the browser; writes carry the
// tab's CSRF token (see session.ts). A refusal is an ApiError carrying the server's message
// (e.g. "INC-… is open: \"review\" needs it to be resolved.").

import {
  type DeadlineStep,
  type IncidentAction,
  type IncidentStatus,
  type IncidentWithDeadlines,
  SEVERITIES,
  type Severity,
} from "../../../shared/ops/incident";
import { apiData } from "../api/client";
import { csrfHeader } from "./session";

export { type DeadlineStep, type IncidentAction, type IncidentStatus, SEVERITIES, type Severity };
/** The page only ever receives incidents with their due times and overdue flags. */
export type Incident = IncidentWithDeadlines;

export async function listIncidents(): Promise<Incident[]> {
  return apiData<Incident[]>("/api/v1/admin/incidents");
}

export interface NewIncident {
  severity: Severity;
  title: string;
  commander?: string;
  /** When the trouble began, if before it was noticed (ISO 8601). */
  startedAt?: string;
  /** People using the service see it (a SEV-3 then needs external communication once prolonged). */
  userFacing?: boolean;
}

export async function openIncident(input: NewIncident): Promise<Incident> {
  return apiData<Incident>("/api/v1/admin/incidents", { method: "POST", headers: csrfHeader(), body: input });
}

export async function advanceIncident(
  id: string,
  action: IncidentAction,
  body: { note?: string; falsePositive?: boolean } = {},
): Promise<Incident> {
  return apiData<Incident>(`/api/v1/admin/incidents/${encodeURIComponent(id)}/${action}`, {
    method: "POST",
    headers: csrfHeader(),
    body,
  });
}

/** Names or changes who leads the incident (a SEV-1/2 cannot go past acknowledgement without). */
export async function nameCommander(id: string, commander: string): Promise<Incident> {
  return apiData<Incident>(`/api/v1/admin/incidents/${encodeURIComponent(id)}/commander`, {
    method: "POST",
    headers: csrfHeader(),
    body: { commander },
  });
}

/** The "assess severity" step, after acknowledging: the severity with the reason for it. */
export async function assessSeverity(
  id: string,
  body: { severity: Severity; reason: string; commander?: string },
): Promise<Incident> {
  return apiData<Incident>(`/api/v1/admin/incidents/${encodeURIComponent(id)}/severity`, {
    method: "POST",
    headers: csrfHeader(),
    body,
  });
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
