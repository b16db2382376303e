/**
 * Turns a parsed feed into stored measurements: parse, resolve each observation to a hospital of
 * the source, then hand the batch to the repository, which stores it in ONE transaction (see
 * `storeIngest`). `strict` refuses the whole file when any row is bad. Re-importing a file that
 * was already imported (same source, same SHA-256) adds nothing.
 */
import { createHash } from "node:crypto";
import { loadRegistry, matchFeedHospital } from "./hospital-registry.js";
import { PARSERS } from "./parsers/index.js";
import { FeedFormatError, type FeedObservation, type RowError } from "./parsers/types.js";
import type { IngestBatch, IngestReport, RunKind, WaittimesRepository } from "./repository.js";

export type { IngestReport, RunKind, RunOutcome } from "./repository.js";

export interface IngestOptions {
  sourceId: string;
  kind: RunKind;
  text: string;
  fileName?: string;
  strict?: boolean;
  /** Injected clock (ms) so tests and replays are deterministic. */
  now?: number;
}

/** Records a run that produced no data (network failure, open circuit, unreadable file). */
export async function recordFailedRun(
  repo: WaittimesRepository,
  sourceId: string,
  kind: RunKind,
  category: string,
  message: string,
  startedAt: number,
  fileName?: string,
) {
  return repo.recordRun({
    sourceId,
    kind,
    fileName,
    startedAt: Math.floor(startedAt / 1000),
    finishedAt: Math.floor(Date.now() / 1000),
    outcome: "failed",
    errorCategory: category,
    message,
  });
}

export async function ingestFeed(repo: WaittimesRepository, opts: IngestOptions): Promise<IngestReport> {
  const parser = PARSERS[opts.sourceId];
  if (!parser)
    throw new Error(`unknown source "${opts.sourceId}"; known sources: ${Object.keys(PARSERS).join(", ")}`);
  const nowMs = opts.now ?? Date.now();
  const now = Math.floor(nowMs / 1000);
  const sha = createHash("sha256").update(opts.text).digest("hex");

  let parsed: { observations: FeedObservation[]; errors: RowError[] };
  try {
    parsed = parser(opts.text, nowMs);
  } catch (err) {
    if (!(err instanceof FeedFormatError)) throw err;
    const runId = await recordFailedRun(
      repo,
      opts.sourceId,
      opts.kind,
      "format",
      err.message,
      nowMs,
      opts.fileName,
    );
    return {
      runId,
      sourceId: opts.sourceId,
      outcome: "failed",
      accepted: 0,
      rejected: 0,
      duplicates: 0,
      occupancyRows: 0,
      errors: [],
      errorCategory: "format",
      message: err.message,
    };
  }

  const registry = await loadRegistry(repo);
  const errors = [...parsed.errors];
  const observations: IngestBatch["observations"] = [];
  for (const obs of parsed.observations) {
    const h = matchFeedHospital(registry, opts.sourceId, obs.hospitalRefs);
    if (!h) {
      errors.push({
        line: obs.line,
        reason: `unknown hospital "${obs.hospitalRefs.join('" / "')}" for source ${opts.sourceId}`,
      });
      continue;
    }
    const t = Math.floor(obs.observedAt / 1000);
    const o = obs.occupancy;
    observations.push({
      line: obs.line,
      measurement: {
        hid: h.hid,
        metric: obs.metricFamily,
        t,
        value: obs.value,
        unit: obs.unit,
        received: now,
      },
      occupancy: o
        ? {
            hid: h.hid,
            t,
            pct: obs.value,
            total: o.stretchersTotal,
            occupied: o.stretchersOccupied,
            waiting: o.patientsWaiting,
          }
        : null,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return repo.storeIngest({
    sourceId: opts.sourceId,
    kind: opts.kind,
    fileName: opts.fileName,
    sha,
    now,
    strict: opts.strict ?? false,
    observations,
    errors,
  });
}
