/**
 * The spec's SEV table and healthy-service thresholds, as data, and the severity the current state
 * implies: SEV-1 database unavailable or a breaker stuck open; SEV-2 the database refusing writes,
 * p95 above 2000 ms, error rate above 10 % or a breaker flapping; SEV-3 a threshold missed short of that (error rate ≥ 1 %, one
 * slow endpoint, a breaker open). The error rate is judged from MIN_REQUESTS_FOR_ERROR_RATE requests
 * in its window. The words are in severity-words.ts.
 */
import type { BreakerHealth } from "../../../shared/ops/breaker.js";
import { SEVERITIES, type Severity } from "../../../shared/ops/incident.js";
import type { Lang } from "../../core/http/response-lang.js";
import { SEVERITY_WORDS } from "./severity-words.js";

export { SEVERITIES, type Severity };

const MIN = 60_000;
export const SEV_TABLE: Record<
  Severity,
  {
    acknowledgeMs: number;
    mitigateMs: number | null;
    restoreMs: number;
    updateEveryMs: number;
    externalCommunication: string;
    /** Time from the start after which external communication is due (SEV-3: only when user-facing); null: never. */
    externalCommunicationAfterMs: number | null;
  }
> = {
  "SEV-1": {
    acknowledgeMs: 5 * MIN,
    mitigateMs: 15 * MIN,
    restoreMs: 60 * MIN,
    updateEveryMs: 15 * MIN,
    externalCommunication: "always",
    externalCommunicationAfterMs: 0,
  },
  "SEV-2": {
    acknowledgeMs: 15 * MIN,
    mitigateMs: 30 * MIN,
    restoreMs: 4 * 60 * MIN,
    updateEveryMs: 30 * MIN,
    externalCommunication: "when it lasts over 2 hours",
    externalCommunicationAfterMs: 2 * 60 * MIN,
  },
  "SEV-3": {
    acknowledgeMs: 60 * MIN,
    mitigateMs: 4 * 60 * MIN,
    restoreMs: 24 * 60 * MIN,
    updateEveryMs: 60 * MIN,
    externalCommunication: "when user-facing and it outlasts its restore target (24 hours)",
    externalCommunicationAfterMs: 24 * 60 * MIN,
  },
  "SEV-4": {
    acknowledgeMs: 4 * 60 * MIN,
    mitigateMs: null,
    restoreMs: 7 * 24 * 60 * MIN,
    updateEveryMs: 24 * 60 * MIN,
    externalCommunication: "never",
    externalCommunicationAfterMs: null,
  },
};
export const REVIEW_WITHIN_MS = 48 * 60 * MIN;

export const THRESHOLDS = { errorRate: 0.01, p95Ms: 800, breaker: "CLOSED" } as const;
/**
 * The requests the error rate needs in its 5-minute window before it is judged: below this one
 * failure is a large share of almost nothing (1 of 2 requests read as "error rate 50%").
 */
export const MIN_REQUESTS_FOR_ERROR_RATE = 20;

export interface ServiceState {
  databaseOk: boolean;
  /** false while the database refuses writes (a full disk, a damaged journal): reads still answer. */
  databaseWritable: boolean;
  /** Share of 5xx answers over the last 5 minutes (0..1), null without traffic. */
  errorRate: number | null;
  /** Requests over the last 5 minutes, the error rate's denominator. */
  requests: number;
  /** The slowest route's p95 over the last 5 minutes, ms. */
  p95Ms: number | null;
  breakers: BreakerHealth[];
}

export interface ThresholdCheck {
  name: string;
  target: string;
  value: string;
  pass: boolean;
}

/** The error rate when there were enough requests to judge it, else null. */
const judgedErrorRate = (s: ServiceState) =>
  s.errorRate !== null && s.requests >= MIN_REQUESTS_FOR_ERROR_RATE ? s.errorRate : null;

/** Whether the state's error rate rests on enough requests to say anything (not a quiet night). */
export const errorRateJudged = (s: ServiceState) => judgedErrorRate(s) !== null;

export function thresholdChecks(s: ServiceState, lang: Lang = "en"): ThresholdCheck[] {
  const w = SEVERITY_WORDS[lang];
  const open = s.breakers.filter((b) => b.state !== "CLOSED");
  const errorRate = judgedErrorRate(s);
  return [
    {
      name: w.check.errorRate,
      target: w.target.errorRate,
      value:
        s.errorRate === null
          ? w.noTraffic
          : errorRate === null
            ? w.tooFewRequests(w.percent(s.errorRate, 2), s.requests, MIN_REQUESTS_FOR_ERROR_RATE)
            : w.percent(errorRate, 2),
      pass: (errorRate ?? 0) < THRESHOLDS.errorRate,
    },
    {
      name: w.check.p95,
      target: w.target.p95,
      value: s.p95Ms === null ? w.noTraffic : w.ms(s.p95Ms),
      pass: (s.p95Ms ?? 0) < THRESHOLDS.p95Ms,
    },
    {
      name: w.check.breakers,
      target: w.target.breakers,
      value: open.length ? open.map((b) => `${b.name} ${w.breakerState[b.state]}`).join(", ") : w.allClosed,
      pass: open.length === 0,
    },
    {
      name: w.check.database,
      target: w.target.database,
      value: !s.databaseOk ? w.databaseDown : !s.databaseWritable ? w.databaseWritesRefused : w.databaseOk,
      pass: s.databaseOk && s.databaseWritable,
    },
  ];
}

/**
 * The severity the state implies and why (in English unless asked otherwise: the English reasons
 * go into incident titles and alerts), or null when every threshold passes.
 */
export function impliedSeverity(
  s: ServiceState,
  lang: Lang = "en",
): { severity: Severity; reasons: string[] } | null {
  const w = SEVERITY_WORDS[lang];
  const judged = judgedErrorRate(s) ?? 0;
  const errorRate = (digits: number) => w.errorRate(w.percent(judged, digits));
  const p95 = () => w.p95(w.ms(s.p95Ms ?? 0));
  const sev1 = [
    ...(s.databaseOk ? [] : [`${w.check.database} ${w.databaseDown}`]),
    ...s.breakers.filter((b) => b.stuckOpen).map((b) => w.breaker(b.name, w.stuckOpen)),
  ];
  if (sev1.length) return { severity: "SEV-1", reasons: sev1 };
  const sev2 = [
    // Reads still answer, but partners cannot save their services.
    ...(s.databaseOk && !s.databaseWritable ? [`${w.check.database} ${w.databaseWritesRefused}`] : []),
    ...((s.p95Ms ?? 0) > 2000 ? [w.above(p95(), w.ms(2000))] : []),
    ...(judged > 0.1 ? [w.above(errorRate(1), w.percent(0.1, 0))] : []),
    ...s.breakers.filter((b) => b.flapping).map((b) => w.breaker(b.name, w.flapping)),
  ];
  if (sev2.length) return { severity: "SEV-2", reasons: sev2 };
  const sev3 = [
    ...(judged >= THRESHOLDS.errorRate ? [w.atLeast(errorRate(1), w.percent(THRESHOLDS.errorRate, 0))] : []),
    ...((s.p95Ms ?? 0) >= THRESHOLDS.p95Ms ? [w.atLeast(p95(), w.ms(THRESHOLDS.p95Ms))] : []),
    ...s.breakers.filter((b) => b.state !== "CLOSED").map((b) => w.breaker(b.name, w.breakerState[b.state])),
  ];
  if (sev3.length) return { severity: "SEV-3", reasons: sev3 };
  return null;
}
