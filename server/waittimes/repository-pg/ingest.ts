/**
 * Storing a feed on PostgreSQL: the same read-decide-write as ../repository-sqljs/ingest.ts, in
 * one transaction. Two processes storing the same source at once queue on an advisory lock, so
 * neither can miss the other's run when it checks for a file already imported.
 */
import type pg from "pg";
import { AggregateBatch, calendarZoneOfSource } from "../aggregates.js";
import { ingestRefusal, ingestReport, refusedReport, refusedRun } from "../ingest-gate.js";
import type {
  IngestBatch,
  IngestReport,
  MeasurementRecord,
  OccupancyRecord,
  RunOutcome,
} from "../repository.js";
import {
  flushAggregates,
  insertDuplicates,
  insertMeasurements,
  insertOccupancy,
  insertRowErrors,
  insertRun,
  seriesKey,
} from "./rows.js";

export async function storeIngest(client: pg.ClientBase, batch: IngestBatch): Promise<IngestReport> {
  const { sourceId, kind, sha, now, errors } = batch;
  await client.query("SELECT pg_advisory_xact_lock(hashtext('waittimes-ingest'), hashtext($1))", [sourceId]);
  const previous =
    kind === "import"
      ? (
          await client.query<{ id: number }>(
            "SELECT id FROM ingest_runs WHERE source_id = $1 AND file_sha256 = $2 AND outcome IN ('success','partial') LIMIT 1",
            [sourceId, sha],
          )
        ).rows[0]
      : undefined;
  const lastPoll =
    kind === "poll"
      ? (
          await client.query<{ id: number; file_sha256: string | null }>(
            "SELECT id, file_sha256 FROM ingest_runs WHERE source_id = $1 AND kind = 'poll' AND outcome <> 'failed' ORDER BY id DESC LIMIT 1",
            [sourceId],
          )
        ).rows[0]
      : undefined;
  const refusal = ingestRefusal({
    sha,
    strict: batch.strict,
    errors,
    previousImportId: previous?.id,
    lastPoll: lastPoll && { id: lastPoll.id, sha: lastPoll.file_sha256 },
  });
  if (refusal) {
    const runId = await insertRun(client, refusedRun(batch, refusal));
    if (refusal.outcome === "rejected") {
      await insertRowErrors(client, runId, errors);
      await client.query("UPDATE ingest_runs SET rows_rejected = $1 WHERE id = $2", [
        refusal.rejected,
        runId,
      ]);
    }
    return refusedReport(batch, runId, refusal);
  }
  const run = { sourceId, kind, fileName: batch.fileName, sha, startedAt: now, finishedAt: now };
  const runId = await insertRun(client, { ...run, outcome: "success" });
  const stored = await insertMeasurements(
    client,
    batch.observations.map((o) => o.measurement),
    runId,
  );
  // The first delivery of each observation counts; any later one (in the store or in this feed) is a duplicate.
  const aggregates = new AggregateBatch(now, calendarZoneOfSource(sourceId));
  const acceptedLines = new Set<number>();
  const duplicates: MeasurementRecord[] = [];
  const occupancy: OccupancyRecord[] = [];
  for (const { line, measurement: m, occupancy: o } of batch.observations) {
    const key = seriesKey(m.hid, m.metric, m.t);
    if (!stored.delete(key)) {
      duplicates.push(m);
      continue;
    }
    acceptedLines.add(line);
    aggregates.add({ hid: m.hid, metric: m.metric, observedAt: m.t, value: m.value });
    if (o) occupancy.push(o);
  }
  await insertDuplicates(client, duplicates, runId);
  await insertOccupancy(client, occupancy, runId);
  await flushAggregates(client, aggregates);
  await insertRowErrors(client, runId, errors);
  const outcome: RunOutcome = errors.length > 0 ? "partial" : "success";
  const rejected = new Set(errors.map((e) => e.line)).size;
  await client.query(
    "UPDATE ingest_runs SET outcome = $1, rows_accepted = $2, rows_rejected = $3, rows_duplicate = $4, occupancy_rows = $5 WHERE id = $6",
    [outcome, acceptedLines.size, rejected, duplicates.length, occupancy.length, runId],
  );
  return ingestReport(batch, runId, outcome, {
    accepted: acceptedLines.size,
    rejected,
    duplicates: duplicates.length,
    occupancyRows: occupancy.length,
    errors,
  });
}
