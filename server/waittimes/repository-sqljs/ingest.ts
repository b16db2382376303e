/** Storing a feed on sql.js: the whole read-decide-write is one transaction. */
import type { Tx } from "../../db/types.js";
import { AggregateBatch, calendarZoneOfSource } from "../aggregates.js";
import { ingestRefusal, ingestReport, refusedReport, refusedRun } from "../ingest-gate.js";
import type { IngestBatch, IngestReport, RunOutcome } from "../repository.js";
import {
  flushAggregates,
  insertDuplicate,
  insertMeasurement,
  insertOccupancy,
  insertRowErrors,
  insertRun,
} from "./rows.js";

export function storeIngest(tx: Tx, batch: IngestBatch): IngestReport {
  const { sourceId, kind, sha, now, errors } = batch;
  const previous =
    kind === "import"
      ? tx.get<{ id: number }>(
          "SELECT id FROM ingest_runs WHERE source_id = ? AND file_sha256 = ? AND outcome IN ('success','partial') LIMIT 1",
          [sourceId, sha],
        )
      : undefined;
  const lastPoll =
    kind === "poll"
      ? tx.get<{ id: number; file_sha256: string | null }>(
          "SELECT id, file_sha256 FROM ingest_runs WHERE source_id = ? AND kind = 'poll' AND outcome <> 'failed' ORDER BY id DESC LIMIT 1",
          [sourceId],
        )
      : undefined;
  const refusal = ingestRefusal({
    sha,
    strict: batch.strict,
    errors,
    previousImportId: previous?.id,
    lastPoll: lastPoll && { id: lastPoll.id, sha: lastPoll.file_sha256 },
  });
  if (refusal) {
    const runId = insertRun(tx, refusedRun(batch, refusal));
    if (refusal.outcome === "rejected") {
      insertRowErrors(tx, runId, errors);
      tx.run("UPDATE ingest_runs SET rows_rejected = ? WHERE id = ?", [refusal.rejected, runId]);
    }
    return refusedReport(batch, runId, refusal);
  }
  const run = { sourceId, kind, fileName: batch.fileName, sha, startedAt: now, finishedAt: now };
  const runId = insertRun(tx, { ...run, outcome: "success" });
  const aggregates = new AggregateBatch(now, calendarZoneOfSource(sourceId));
  const acceptedLines = new Set<number>();
  let duplicates = 0;
  let occupancyRows = 0;
  for (const { line, measurement: m, occupancy } of batch.observations) {
    if (!insertMeasurement(tx, m, runId)) {
      duplicates++;
      insertDuplicate(tx, m, runId);
      continue;
    }
    acceptedLines.add(line);
    aggregates.add({ hid: m.hid, metric: m.metric, observedAt: m.t, value: m.value });
    if (occupancy) {
      occupancyRows++;
      insertOccupancy(tx, [occupancy], runId);
    }
  }
  flushAggregates(tx, aggregates);
  insertRowErrors(tx, runId, errors);
  const outcome: RunOutcome = errors.length > 0 ? "partial" : "success";
  const rejected = new Set(errors.map((e) => e.line)).size;
  tx.run(
    "UPDATE ingest_runs SET outcome = ?, rows_accepted = ?, rows_rejected = ?, rows_duplicate = ?, occupancy_rows = ? WHERE id = ?",
    [outcome, acceptedLines.size, rejected, duplicates, occupancyRows, runId],
  );
  return ingestReport(batch, runId, outcome, {
    accepted: acceptedLines.size,
    rejected,
    duplicates,
    occupancyRows,
    errors,
  });
}
