/**
 * The spec's SEV table and healthy-service thresholds, as data, and the severity the current state
 * implies: SEV-1 database unavailable or a breaker stuck open; SEV-2 p95 above 2000 ms, error rate
 * above 10 % or a breaker flapping; SEV-3 a threshold missed short of that (error rate ≥ 1 %, one
 * slow endpoint, a breaker open).
 */
export type Severity = "SEV-1" | "SEV-2" | "SEV-3" | "SEV-4";
export const SEVERITIES: Severity[] = ["SEV-1", "SEV-2", "SEV-3", "SEV-4"];

const MIN = 60_000;
export const SEV_TABLE: Record<
  Severity,
  {
    acknowledgeMs: number;
    mitigateMs: number | null;
    restoreMs: number;
    updateEveryMs: number;
    externalCommunication: string;
  }
> = {
  "SEV-1": {
    acknowledgeMs: 5 * MIN,
    mitigateMs: 15 * MIN,
    restoreMs: 60 * MIN,
    updateEveryMs: 15 * MIN,
    externalCommunication: "always",
  },
  "SEV-2": {
    acknowledgeMs: 15 * MIN,
    mitigateMs: 30 * MIN,
    restoreMs: 4 * 60 * MIN,
    updateEveryMs: 30 * MIN,
    externalCommunication: "when it lasts over 2 hours",
  },
  "SEV-3": {
    acknowledgeMs: 60 * MIN,
    mitigateMs: 4 * 60 * MIN,
    restoreMs: 24 * 60 * MIN,
    updateEveryMs: 60 * MIN,
    externalCommunication: "when user-facing and prolonged",
  },
  "SEV-4": {
    acknowledgeMs: 4 * 60 * MIN,
    mitigateMs: null,
    restoreMs: 7 * 24 * 60 * MIN,
    updateEveryMs: 24 * 60 * MIN,
    externalCommunication: "never",
  },
};
export const REVIEW_WITHIN_MS = 48 * 60 * MIN;

export const THRESHOLDS = { errorRate: 0.01, p95Ms: 800, breaker: "CLOSED" } as const;

export interface ServiceState {
  databaseOk: boolean;
  /** Share of 5xx answers over the last 5 minutes (0..1), null without traffic. */
  errorRate: number | null;
  /** The slowest route's p95 over the last 5 minutes, ms. */
  p95Ms: number | null;
  breakers: Array<{
    name: string;
    state: "CLOSED" | "OPEN" | "HALF_OPEN";
    flapping: boolean;
    stuckOpen: boolean;
  }>;
}

export interface ThresholdCheck {
  name: string;
  target: string;
  value: string;
  pass: boolean;
}

export function thresholdChecks(s: ServiceState): ThresholdCheck[] {
  const open = s.breakers.filter((b) => b.state !== "CLOSED");
  return [
    {
      name: "error rate",
      target: "< 1%",
      value: s.errorRate === null ? "no traffic" : `${(s.errorRate * 100).toFixed(2)}%`,
      pass: (s.errorRate ?? 0) < THRESHOLDS.errorRate,
    },
    {
      name: "p95 latency",
      target: "< 800 ms",
      value: s.p95Ms === null ? "no traffic" : `${Math.round(s.p95Ms)} ms`,
      pass: (s.p95Ms ?? 0) < THRESHOLDS.p95Ms,
    },
    {
      name: "circuit breakers",
      target: "all CLOSED",
      value: open.length ? open.map((b) => `${b.name} ${b.state}`).join(", ") : "all CLOSED",
      pass: open.length === 0,
    },
    { name: "database", target: "answers", value: s.databaseOk ? "ok" : "unavailable", pass: s.databaseOk },
  ];
}

/** The severity the state implies and why, or null when every threshold passes. */
export function impliedSeverity(s: ServiceState): { severity: Severity; reasons: string[] } | null {
  const sev1 = [
    ...(s.databaseOk ? [] : ["database unavailable"]),
    ...s.breakers.filter((b) => b.stuckOpen).map((b) => `breaker ${b.name} stuck open`),
  ];
  if (sev1.length) return { severity: "SEV-1", reasons: sev1 };
  const sev2 = [
    ...((s.p95Ms ?? 0) > 2000 ? [`p95 ${Math.round(s.p95Ms ?? 0)} ms above 2000 ms`] : []),
    ...((s.errorRate ?? 0) > 0.1 ? [`error rate ${((s.errorRate ?? 0) * 100).toFixed(1)}% above 10%`] : []),
    ...s.breakers.filter((b) => b.flapping).map((b) => `breaker ${b.name} flapping`),
  ];
  if (sev2.length) return { severity: "SEV-2", reasons: sev2 };
  const sev3 = [
    ...((s.errorRate ?? 0) >= THRESHOLDS.errorRate
      ? [`error rate ${((s.errorRate ?? 0) * 100).toFixed(1)}% at or above 1%`]
      : []),
    ...((s.p95Ms ?? 0) >= THRESHOLDS.p95Ms ? [`p95 ${Math.round(s.p95Ms ?? 0)} ms at or above 800 ms`] : []),
    ...s.breakers.filter((b) => b.state !== "CLOSED").map((b) => `breaker ${b.name} ${b.state}`),
  ];
  if (sev3.length) return { severity: "SEV-3", reasons: sev3 };
  return null;
}
