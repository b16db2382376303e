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

/** How a refused row's reason starts when the feed contradicted itself (data quality counts them). */
export const CONFLICT_REASON = "conflicting values in one feed";

/**
 * The same hospital, figure and time given twice with different values in one feed: a
 * contradiction, not a re-delivery. Neither value is kept (no rule could say which is right): each
 * row is refused with a reason naming both values and lines. Rows that repeat the same value stay
 * harmless duplicates.
 */
function refuseContradictions(
  observations: IngestBatch["observations"],
  hospitalName: (hid: number) => string,
): { kept: IngestBatch["observations"]; errors: RowError[]; conflicts: number } {
  const groups = new Map<string, IngestBatch["observations"]>();
  for (const o of observations) {
    const m = o.measurement;
    const key = `${m.hid}|${m.metric}|${m.t}`;
    const g = groups.get(key);
    if (g) g.push(o);
    else groups.set(key, [o]);
  }
  const refused = new Set<IngestBatch["observations"][number]>();
  const errors: RowError[] = [];
  let conflicts = 0;
  for (const g of groups.values()) {
    const values = [...new Set(g.map((o) => o.measurement.value))];
    if (values.length < 2) continue;
    conflicts++;
    const m = g[0].measurement;
    const lines = g.map((o) => o.line).join(", ");
    const when = new Date(m.t * 1000).toISOString().replace(".000Z", "Z");
    for (const o of g) {
      refused.add(o);
      errors.push({
        line: o.line,
        reason: `${CONFLICT_REASON}: ${hospitalName(m.hid)} at ${when} is given as ${values
          .map((v) => `${v} ${m.unit}`)
          .join(" and ")} (lines ${lines}); neither value is kept`,
      });
    }
  }
  return { kept: observations.filter((o) => !refused.has(o)), errors, conflicts };
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
      conflicts: 0,
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
  const contradictions = refuseContradictions(
    observations,
    (hid) => registry.byHid.get(hid)?.name ?? `hospital ${hid}`,
  );
  errors.push(...contradictions.errors);
  errors.sort((a, b) => a.line - b.line);
  const report = await repo.storeIngest({
    sourceId: opts.sourceId,
    kind: opts.kind,
    fileName: opts.fileName,
    sha,
    now,
    strict: opts.strict ?? false,
    observations: contradictions.kept,
    errors,
  });
  // A refused file (strict, already imported, unchanged) stored none of them either.
  return {
    ...report,
    conflicts:
      report.outcome === "success" || report.outcome === "partial" || report.outcome === "rejected"
        ? contradictions.conflicts
        : 0,
  };
}
