/**
 * Whether a feed is stored at all, decided inside the repository's ingest transaction from what
 * it finds there: a poll identical to the last one, a file already imported, or (strict) a file
 * with a bad row is recorded as a run and nothing else.
 */
import type { IngestBatch, IngestReport, RowError, RunOutcome, RunRecord } from "./repository.js";

export interface IngestRefusal {
  outcome: Extract<RunOutcome, "unchanged" | "already_imported" | "rejected">;
  /** Kept on the run. */
  runMessage: string;
  /** Said to whoever imported or polled. */
  reportMessage: string;
  errorCategory: string | null;
  /** Refused rows (strict only). */
  rejected: number;
}

export function ingestRefusal(found: {
  sha: string;
  strict: boolean;
  errors: RowError[];
  /** The successful import of the same file, when the feed is an import. */
  previousImportId?: number;
  /** The last non-failed poll of the source, when the feed is a poll. */
  lastPoll?: { id: number; sha: string | null };
}): IngestRefusal | null {
  if (found.lastPoll && found.lastPoll.sha === found.sha) {
    return {
      outcome: "unchanged",
      runMessage: `feed identical to run ${found.lastPoll.id}`,
      reportMessage: "The feed has not changed since the last poll.",
      errorCategory: null,
      rejected: 0,
    };
  }
  if (found.previousImportId !== undefined) {
    return {
      outcome: "already_imported",
      runMessage: `same file as run ${found.previousImportId}`,
      reportMessage: `This file was already imported (run ${found.previousImportId}); nothing was added.`,
      errorCategory: null,
      rejected: 0,
    };
  }
  if (found.strict && found.errors.length > 0) {
    const badLines = new Set(found.errors.map((e) => e.line)).size;
    return {
      outcome: "rejected",
      runMessage: `${badLines} bad row(s); strict mode imports nothing`,
      reportMessage: "strict mode: nothing imported",
      errorCategory: "validation",
      rejected: badLines,
    };
  }
  return null;
}

/** The report of a stored or refused feed; counts not given are zero. */
export function ingestReport(
  batch: Pick<IngestBatch, "sourceId">,
  runId: number,
  outcome: RunOutcome,
  fields: Partial<Omit<IngestReport, "sourceId" | "runId" | "outcome">> = {},
): IngestReport {
  return {
    sourceId: batch.sourceId,
    runId,
    outcome,
    accepted: 0,
    rejected: 0,
    duplicates: 0,
    conflicts: 0,
    occupancyRows: 0,
    errors: [],
    errorCategory: null,
    message: null,
    ...fields,
  };
}

/** What a refused feed reports: a rejected one lists its bad rows, the others only say why. */
export function refusedReport(batch: IngestBatch, runId: number, refusal: IngestRefusal): IngestReport {
  if (refusal.outcome !== "rejected")
    return ingestReport(batch, runId, refusal.outcome, { message: refusal.reportMessage });
  return ingestReport(batch, runId, refusal.outcome, {
    rejected: refusal.rejected,
    errors: batch.errors,
    errorCategory: refusal.errorCategory,
    message: refusal.reportMessage,
  });
}

/** The run row recorded for a refused feed. */
export function refusedRun(batch: IngestBatch, refusal: IngestRefusal): RunRecord {
  const { sourceId, kind, fileName, sha, now } = batch;
  return {
    sourceId,
    kind,
    fileName,
    sha,
    startedAt: now,
    finishedAt: now,
    outcome: refusal.outcome,
    errorCategory: refusal.errorCategory,
    message: refusal.runMessage,
  };
}
