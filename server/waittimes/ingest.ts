/**
 * Turns a parsed feed into stored measurements in ONE transaction: resolve each observation to a
 * hospital of the source, insert new ones (an observation already stored is a duplicate and is
 * logged as such), keep aggregates and latest values in step, and record the run with its
 * refused rows. `strict` refuses the whole file when any row is bad. Re-importing a file that
 * was already imported (same source, same SHA-256) adds nothing.
 */
import { createHash } from "node:crypto";
import type { Store, Tx } from "../db/types.js";
import { AggregateBatch } from "./aggregates.js";
import { bumpDataVersion } from "./data-version.js";
import { loadRegistry, matchFeedHospital } from "./hospital-registry.js";
import { PARSERS } from "./parsers/index.js";
import { FeedFormatError, type FeedObservation, type RowError } from "./parsers/types.js";

export type RunKind = "import" | "poll";
export type RunOutcome = "success" | "partial" | "rejected" | "failed" | "already_imported" | "unchanged";

export interface IngestReport {
  runId: number;
  sourceId: string;
  outcome: RunOutcome;
  accepted: number;
  rejected: number;
  duplicates: number;
  occupancyRows: number;
  errors: RowError[];
  errorCategory: string | null;
  message: string | null;
}

export interface IngestOptions {
  sourceId: string;
  kind: RunKind;
  text: string;
  fileName?: string;
  strict?: boolean;
  /** Injected clock (ms) so tests and replays are deterministic. */
  now?: number;
}

export function recordRun(
  tx: Tx,
  run: {
    sourceId: string;
    kind: string;
    fileName?: string | null;
    sha?: string | null;
    startedAt: number;
    finishedAt: number;
    outcome: string;
    errorCategory?: string | null;
    message?: string | null;
    demo?: boolean;
  },
): number {
  return tx.run(
    `INSERT INTO ingest_runs (source_id, kind, file_name, file_sha256, started_at, finished_at, outcome, error_category, error_message, demo)
     VALUES (?,?,?,?,?,?,?,?,?,?)`,
    [
      run.sourceId,
      run.kind,
      run.fileName ?? null,
      run.sha ?? null,
      run.startedAt,
      run.finishedAt,
      run.outcome,
      run.errorCategory ?? null,
      run.message ?? null,
      run.demo ? 1 : 0,
    ],
  ).lastInsertRowid;
}

/** Records a run that produced no data (network failure, open circuit, unreadable file). */
export async function recordFailedRun(
  store: Store,
  sourceId: string,
  kind: RunKind,
  category: string,
  message: string,
  startedAt: number,
  fileName?: string,
) {
  const now = Math.floor(Date.now() / 1000);
  const runId = await store.write((tx) =>
    recordRun(tx, {
      sourceId,
      kind,
      fileName,
      startedAt: Math.floor(startedAt / 1000),
      finishedAt: now,
      outcome: "failed",
      errorCategory: category,
      message,
    }),
  );
  bumpDataVersion(store);
  return runId;
}

export async function ingestFeed(store: Store, opts: IngestOptions): Promise<IngestReport> {
  const parser = PARSERS[opts.sourceId];
  if (!parser)
    throw new Error(`unknown source "${opts.sourceId}"; known sources: ${Object.keys(PARSERS).join(", ")}`);
  const nowMs = opts.now ?? Date.now();
  const now = Math.floor(nowMs / 1000);
  const sha = createHash("sha256").update(opts.text).digest("hex");
  const base = {
    runId: 0,
    sourceId: opts.sourceId,
    accepted: 0,
    rejected: 0,
    duplicates: 0,
    occupancyRows: 0,
    errors: [] as RowError[],
    errorCategory: null,
    message: null,
  };

  let parsed: { observations: FeedObservation[]; errors: RowError[] };
  try {
    parsed = parser(opts.text, nowMs);
  } catch (err) {
    if (!(err instanceof FeedFormatError)) throw err;
    const runId = await recordFailedRun(
      store,
      opts.sourceId,
      opts.kind,
      "format",
      err.message,
      nowMs,
      opts.fileName,
    );
    return { ...base, runId, outcome: "failed", errorCategory: "format", message: err.message };
  }

  const registry = loadRegistry(store);
  const errors = [...parsed.errors];
  const resolved: { obs: FeedObservation; hid: number }[] = [];
  for (const obs of parsed.observations) {
    const h = matchFeedHospital(registry, opts.sourceId, obs.hospitalRefs);
    if (h) resolved.push({ obs, hid: h.hid });
    else
      errors.push({
        line: obs.line,
        reason: `unknown hospital "${obs.hospitalRefs.join('" / "')}" for source ${opts.sourceId}`,
      });
  }
  // One row can yield two observations (Quebec); a row counts once whichever way it went.
  const badLines = new Set(errors.map((e) => e.line));
  errors.sort((a, b) => a.line - b.line);

  const report = await store.write((tx): IngestReport => {
    const previous =
      opts.kind === "import"
        ? tx.get<{ id: number }>(
            "SELECT id FROM ingest_runs WHERE source_id = ? AND file_sha256 = ? AND outcome IN ('success','partial') LIMIT 1",
            [opts.sourceId, sha],
          )
        : undefined;
    const common = {
      sourceId: opts.sourceId,
      kind: opts.kind,
      fileName: opts.fileName,
      sha,
      startedAt: now,
      finishedAt: now,
    };
    // A polled feed that has not changed since the last poll brings nothing new: say so, store nothing.
    const lastPoll =
      opts.kind === "poll"
        ? tx.get<{ id: number; file_sha256: string | null }>(
            "SELECT id, file_sha256 FROM ingest_runs WHERE source_id = ? AND kind = 'poll' AND outcome <> 'failed' ORDER BY id DESC LIMIT 1",
            [opts.sourceId],
          )
        : undefined;
    if (lastPoll && lastPoll.file_sha256 === sha) {
      const runId = recordRun(tx, {
        ...common,
        outcome: "unchanged",
        message: `feed identical to run ${lastPoll.id}`,
      });
      return {
        ...base,
        runId,
        outcome: "unchanged" as const,
        message: "The feed has not changed since the last poll.",
      };
    }
    if (previous) {
      const runId = recordRun(tx, {
        ...common,
        outcome: "already_imported",
        message: `same file as run ${previous.id}`,
      });
      return {
        ...base,
        runId,
        outcome: "already_imported" as const,
        message: `This file was already imported (run ${previous.id}); nothing was added.`,
      };
    }
    if (opts.strict && errors.length > 0) {
      const runId = recordRun(tx, {
        ...common,
        outcome: "rejected",
        errorCategory: "validation",
        message: `${badLines.size} bad row(s); strict mode imports nothing`,
      });
      insertRowErrors(tx, runId, errors);
      tx.run("UPDATE ingest_runs SET rows_rejected = ? WHERE id = ?", [badLines.size, runId]);
      return {
        ...base,
        runId,
        outcome: "rejected" as const,
        rejected: badLines.size,
        errors,
        errorCategory: "validation",
        message: "strict mode: nothing imported",
      };
    }
    const runId = recordRun(tx, { ...common, outcome: "success" });
    const batch = new AggregateBatch(now);
    const acceptedLines = new Set<number>();
    let duplicates = 0;
    let occupancyRows = 0;
    for (const { obs, hid } of resolved) {
      const t = Math.floor(obs.observedAt / 1000);
      const inserted = tx.run(
        "INSERT OR IGNORE INTO measurements (hid, metric_family, observed_at, value, unit, received_at, run_id) VALUES (?,?,?,?,?,?,?)",
        [hid, obs.metricFamily, t, obs.value, obs.unit, now, runId],
      ).changes;
      if (inserted === 0) {
        duplicates++;
        tx.run(
          "INSERT INTO measurement_duplicates (hid, metric_family, observed_at, value, received_at, run_id) VALUES (?,?,?,?,?,?)",
          [hid, obs.metricFamily, t, obs.value, now, runId],
        );
        continue;
      }
      acceptedLines.add(obs.line);
      batch.add({ hid, metric: obs.metricFamily, observedAt: t, value: obs.value });
      if (obs.occupancy) {
        occupancyRows++;
        tx.run(
          "INSERT OR IGNORE INTO occupancy_observations (hid, observed_at, occupancy_pct, stretchers_total, stretchers_occupied, patients_waiting, run_id) VALUES (?,?,?,?,?,?,?)",
          [
            hid,
            t,
            obs.value,
            obs.occupancy.stretchersTotal,
            obs.occupancy.stretchersOccupied,
            obs.occupancy.patientsWaiting,
            runId,
          ],
        );
      }
    }
    batch.flush(tx);
    insertRowErrors(tx, runId, errors);
    const outcome: RunOutcome = errors.length > 0 ? "partial" : "success";
    tx.run(
      "UPDATE ingest_runs SET outcome = ?, rows_accepted = ?, rows_rejected = ?, rows_duplicate = ?, occupancy_rows = ? WHERE id = ?",
      [outcome, acceptedLines.size, badLines.size, duplicates, occupancyRows, runId],
    );
    return {
      ...base,
      runId,
      outcome,
      accepted: acceptedLines.size,
      rejected: badLines.size,
      duplicates,
      occupancyRows,
      errors,
    };
  });
  bumpDataVersion(store);
  return report;
}

function insertRowErrors(tx: Tx, runId: number, errors: RowError[]) {
  for (const e of errors)
    tx.run("INSERT INTO ingest_row_errors (run_id, line, reason) VALUES (?,?,?)", [runId, e.line, e.reason]);
}
