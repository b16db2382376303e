/**
 * How the operator view words the threshold checks and the reasons for an implied severity, in
 * English and French. Figures are written each language's way (French: decimal comma, a space
 * before %); breaker names are identifiers and stay as they are.
 */
import type { BreakerState } from "../../../shared/ops/breaker.js";
import type { Lang } from "../../core/http/response-lang.js";

export interface SeverityWords {
  percent(share: number, digits: number): string;
  ms(value: number): string;
  check: { errorRate: string; p95: string; breakers: string; database: string };
  target: { errorRate: string; p95: string; breakers: string; database: string };
  noTraffic: string;
  allClosed: string;
  databaseOk: string;
  databaseDown: string;
  databaseWritesRefused: string;
  /** An error rate over too few requests to judge: the share, the requests, the floor. */
  tooFewRequests(share: string, requests: number, floor: number): string;
  breakerState: Record<BreakerState, string>;
  breaker(name: string, what: string): string;
  stuckOpen: string;
  flapping: string;
  above(measure: string, limit: string): string;
  atLeast(measure: string, limit: string): string;
  errorRate(value: string): string;
  p95(value: string): string;
}

const fixed = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const FR_DECIMALS = [0, 1, 2].map((d) => fixed("fr-CA", d));
const NBSP = "\u00a0";

export const SEVERITY_WORDS: Record<Lang, SeverityWords> = {
  en: {
    percent: (share, digits) => `${(share * 100).toFixed(digits)}%`,
    ms: (value) => `${Math.round(value)} ms`,
    check: {
      errorRate: "error rate",
      p95: "p95 latency",
      breakers: "circuit breakers",
      database: "database",
    },
    target: { errorRate: "< 1%", p95: "< 800 ms", breakers: "all CLOSED", database: "answers" },
    noTraffic: "no traffic",
    allClosed: "all CLOSED",
    databaseOk: "ok",
    databaseDown: "unavailable",
    databaseWritesRefused: "writes refused",
    tooFewRequests: (share, requests, floor) =>
      `${share} of ${requests} ${requests === 1 ? "request" : "requests"} (too few to judge: fewer than ${floor})`,
    breakerState: { CLOSED: "CLOSED", OPEN: "OPEN", HALF_OPEN: "HALF_OPEN" },
    breaker: (name, what) => `breaker ${name} ${what}`,
    stuckOpen: "stuck open",
    flapping: "flapping",
    above: (measure, limit) => `${measure} above ${limit}`,
    atLeast: (measure, limit) => `${measure} at or above ${limit}`,
    errorRate: (value) => `error rate ${value}`,
    p95: (value) => `p95 ${value}`,
  },
  fr: {
    percent: (share, digits) => `${FR_DECIMALS[digits].format(share * 100)}${NBSP}%`,
    ms: (value) => `${FR_DECIMALS[0].format(Math.round(value))}${NBSP}ms`,
    check: {
      errorRate: "taux d’erreur",
      p95: "latence p95",
      breakers: "disjoncteurs",
      database: "base de données",
    },
    target: {
      errorRate: `<${NBSP}1${NBSP}%`,
      p95: `<${NBSP}800${NBSP}ms`,
      breakers: "tous FERMÉS",
      database: "répond",
    },
    noTraffic: "aucun trafic",
    allClosed: "tous FERMÉS",
    databaseOk: "correcte",
    databaseDown: "indisponible",
    databaseWritesRefused: "écritures refusées",
    tooFewRequests: (share, requests, floor) =>
      `${share} sur ${requests}${NBSP}${requests === 1 ? "requête" : "requêtes"} (trop peu pour en juger${NBSP}: moins de ${floor})`,
    breakerState: { CLOSED: "FERMÉ", OPEN: "OUVERT", HALF_OPEN: "SEMI-OUVERT" },
    breaker: (name, what) => `disjoncteur ${name} ${what}`,
    stuckOpen: "bloqué en position ouverte",
    flapping: "instable (ouvertures répétées)",
    above: (measure, limit) => `${measure}, au-dessus de ${limit}`,
    atLeast: (measure, limit) => `${measure}, égal ou supérieur au seuil de ${limit}`,
    errorRate: (value) => `taux d’erreur de ${value}`,
    p95: (value) => `latence p95 de ${value}`,
  },
};
