/**
 * What every provincial feed parser returns: observations still keyed by the feed's own hospital
 * reference (resolved to our hospitals later, in ingest.ts) and the rows it refused, each with
 * the line number in the file and the reason.
 */
export interface FeedObservation {
  line: number;
  /** The feed's codes and names for the hospital, most specific first. */
  hospitalRefs: string[];
  observedAt: number; // epoch milliseconds, UTC
  metricFamily: "TIME_TO_PROVIDER" | "TOTAL_LOS" | "STRETCHER_OCCUPANCY";
  value: number;
  unit: "minutes" | "percent";
  /** Quebec occupancy rows carry their raw counts. */
  occupancy?: { stretchersTotal: number; stretchersOccupied: number; patientsWaiting: number | null };
}

export interface RowError {
  line: number;
  reason: string;
}

export interface ParseResult {
  observations: FeedObservation[];
  errors: RowError[];
}

/** Thrown when the whole file is unreadable (not the expected format at all). */
export class FeedFormatError extends Error {}
