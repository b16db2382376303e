/**
 * An incident of the directory service as the server stores it and the operator page shows it:
 * its severity, where it stands in acknowledge → mitigate → resolve → review → close, and (in an
 * API answer) its due times and overdue flags. The server's rules for moving between statuses are
 * in server/directory/incidents/incident-log.ts; the lists here feed its response schema.
 */
export const SEVERITIES = ["SEV-1", "SEV-2", "SEV-3", "SEV-4"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const INCIDENT_STATUSES = [
  "open",
  "acknowledged",
  "mitigated",
  "resolved",
  "reviewed",
  "closed",
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export type IncidentAction = "acknowledge" | "mitigate" | "resolve" | "review" | "close" | "update";

/** SEV-1 and SEV-2 have a commander and their own channel (document 3 §3). */
export const isMajorSeverity = (s: Severity) => s === "SEV-1" || s === "SEV-2";

export const INCIDENT_SOURCES = ["manual", "auto"] as const;
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];

export interface Incident {
  id: string;
  severity: Severity;
  title: string;
  status: IncidentStatus;
  source: IncidentSource;
  /** The threshold breach an automatic incident was opened for, so it is not opened twice. */
  breachKey: string | null;
  commander: string | null;
  channel: string | null;
  /** Users see the trouble: a SEV-3 then needs external communication once it outlasts its restore target. */
  userFacing: boolean;
  falsePositive: boolean;
  startedAt: string;
  detectedAt: string;
  acknowledgedAt: string | null;
  mitigatedAt: string | null;
  resolvedAt: string | null;
  reviewedAt: string | null;
  closedAt: string | null;
  lastUpdateAt: string | null;
}

/** The steps that have a deadline in the SEV table. */
export type DeadlineStep = "acknowledge" | "mitigate" | "restore" | "update" | "review";

/** An incident as the API returns it: the record with its due times (ISO 8601) and overdue flags. */
export interface IncidentWithDeadlines extends Incident {
  due: {
    acknowledge: string;
    mitigate: string | null;
    restore: string;
    nextUpdate: string | null;
    review: string | null;
    /** When external communication becomes due (SEV-1 at once, SEV-2 after 2 h, a user-facing SEV-3 after its restore target); null: never. */
    externalCommunication: string | null;
  };
  overdue: Record<DeadlineStep, boolean>;
  /** The SEV table's rule for external communication, in words. */
  externalCommunication: string;
  /** The incident has lasted long enough (by now, or until it was resolved) for external communication. */
  externalCommunicationDue: boolean;
  /** A SEV-1 or SEV-2 with no commander named yet (an automatic incident until someone takes it). */
  needsCommander: boolean;
}
