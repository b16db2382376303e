/**
 * What an operator sees of each polled feed: a warning per failed poll (its source, province and
 * reason, never the URL's query string), one line when a failing feed answers again, Prometheus
 * gauges and counters per source, and the module's health ("degraded" once a feed has failed for
 * longer than its polling interval, the stale sources named in the admin details).
 *
 * With several app processes on one database (WORKERS=N) one process polls each slot
 * (core/task-slots.ts) and records the poll as an ingest run; the others learn its outcome from
 * those runs (`catchUp`, which the poller calls on a timer, before the admin details and at each
 * collection of the gauges), so every process reports the same state: health does not turn
 * degraded in one process and ok in the next, and the gauges, aggregated across processes
 * (core/cluster-metrics.ts), are taken at their greatest, never summed (two processes' timestamps
 * once added up to the year 2083). Log lines and counters stay with the process that polled.
 */
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import type { RunRow } from "./repository.js";

export interface FeedState {
  sourceId: string;
  province: string;
  intervalMs: number;
  /** Epoch ms of the last poll that brought the feed in (success, partial or unchanged). */
  lastSuccessAt: number | null;
  /** Epoch ms of the first failure of the current run of failures; null while the feed answers. */
  failingSince: number | null;
  consecutiveFailures: number;
  lastError: { category: string; reason: string; at: number } | null;
  rowsRefused: number;
}

/** A poll's result as the poller sees it. */
export interface PollResult {
  outcome: string;
  errorCategory?: string | null;
  message?: string | null;
  rejected?: number;
  errors?: { line: number; reason: string }[];
}

const METRIC_PREFIX = "waittimes_feed_";

/** What brings each registry's feed states up to date with the database before a collection. */
const refreshers = new WeakMap<Registry, Set<() => Promise<void>>>();
async function refreshAll(registry: Registry): Promise<void> {
  await Promise.all([...(refreshers.get(registry) ?? [])].map((refresh) => refresh()));
}

/** The families, once per registry (a server's modules share one; tests start several servers). */
function families(registry: Registry) {
  const get = <T>(name: string, make: () => T): T =>
    (registry.getSingleMetric(`${METRIC_PREFIX}${name}`) as T | undefined) ?? make();
  const labelNames = ["source", "province"] as const;
  return {
    lastSuccess: get(
      "last_success_timestamp_seconds",
      () =>
        new Gauge({
          name: `${METRIC_PREFIX}last_success_timestamp_seconds`,
          help: "When a poll last brought the wait-time feed in (Unix time); 0 before the first",
          labelNames,
          registers: [registry],
          // Every process reads the same runs: the newest, never a sum of timestamps.
          aggregator: "max",
          collect: () => refreshAll(registry),
        }),
    ),
    failures: get(
      "consecutive_failures",
      () =>
        new Gauge({
          name: `${METRIC_PREFIX}consecutive_failures`,
          help: "Polls of the wait-time feed that failed in a row (0 once one succeeds)",
          labelNames,
          registers: [registry],
          // Every process has caught up with the same runs at the collection (so all agree); the
          // greatest keeps a process that cannot reach the database (its own failures) in view.
          aggregator: "max",
          collect: () => refreshAll(registry),
        }),
    ),
    refused: get(
      "rows_refused_total",
      () =>
        new Counter({
          name: `${METRIC_PREFIX}rows_refused_total`,
          help: "Rows of the wait-time feed refused by validation (unknown hospital, bad value, conflict)",
          labelNames,
          registers: [registry],
        }),
    ),
    polls: get(
      "polls_total",
      () =>
        new Counter({
          name: `${METRIC_PREFIX}polls_total`,
          help: "Polls of the wait-time feed by outcome",
          labelNames: [...labelNames, "outcome"],
          registers: [registry],
        }),
    ),
  };
}

export class FeedStatus {
  private readonly states = new Map<string, FeedState>();
  private readonly metrics: ReturnType<typeof families> | null;
  /** The newest ingest run of each source this process has taken into its state. */
  private readonly seenRunId = new Map<string, number>();
  private readonly refresh: (() => Promise<void>) | null;

  /**
   * `refresh`, when given, brings the states up to date with the database (it calls `catchUp`);
   * the gauges call it at each collection until `close()`.
   */
  constructor(
    targets: { sourceId: string; intervalMs: number; province: string }[],
    private readonly logger: Logger | null = null,
    private readonly registry: Registry | null = null,
    refresh: (() => Promise<void>) | null = null,
  ) {
    this.metrics = registry ? families(registry) : null;
    this.refresh = refresh;
    if (registry && refresh) {
      const set = refreshers.get(registry) ?? new Set();
      set.add(refresh);
      refreshers.set(registry, set);
    }
    for (const t of targets) {
      this.states.set(t.sourceId, {
        sourceId: t.sourceId,
        province: t.province,
        intervalMs: t.intervalMs,
        lastSuccessAt: null,
        failingSince: null,
        consecutiveFailures: 0,
        lastError: null,
        rowsRefused: 0,
      });
      const labels = { source: t.sourceId, province: t.province };
      this.metrics?.lastSuccess.set(labels, 0);
      this.metrics?.failures.set(labels, 0);
      this.metrics?.refused.inc(labels, 0);
    }
  }

  /** The gauges stop asking this status to refresh (the poller has stopped). */
  close(): void {
    if (this.registry && this.refresh) refreshers.get(this.registry)?.delete(this.refresh);
  }

  /** The id of the newest run of `sourceId` already in this process's state (0: none). */
  seenRun(sourceId: string): number {
    return this.seenRunId.get(sourceId) ?? 0;
  }

  /**
   * Takes in the polls of `sourceId` another process recorded (ingest runs of kind "poll", oldest
   * first): the state and gauges follow them, quietly (the polling process logged and counted).
   */
  catchUp(sourceId: string, runs: RunRow[]): void {
    const s = this.states.get(sourceId);
    if (!s) return;
    for (const run of runs) {
      if (run.kind !== "poll" || run.id <= this.seenRun(sourceId)) continue;
      this.seenRunId.set(sourceId, run.id);
      const failed = run.outcome === "failed" || run.outcome === "rejected";
      const at = run.finished_at * 1000; // runs keep Unix seconds
      if (failed) {
        this.noteFailure(s, run.error_category ?? "unknown", run.error_message ?? "no reason given", at);
      } else {
        this.noteSuccess(s, at);
        s.rowsRefused += run.rows_rejected;
      }
    }
  }

  private noteFailure(s: FeedState, category: string, reason: string, at: number): void {
    s.consecutiveFailures++;
    s.failingSince ??= at;
    s.lastError = { category, reason, at };
    this.metrics?.failures.set({ source: s.sourceId, province: s.province }, s.consecutiveFailures);
  }

  private noteSuccess(s: FeedState, at: number): void {
    const labels = { source: s.sourceId, province: s.province };
    s.consecutiveFailures = 0;
    s.failingSince = null;
    s.lastSuccessAt = at;
    this.metrics?.failures.set(labels, 0);
    this.metrics?.lastSuccess.set(labels, Math.floor(at / 1000));
  }

  /**
   * Notes one poll's result; `at` is when it ended (epoch ms), `runId` the ingest run that
   * recorded it (none when storing it failed).
   */
  record(sourceId: string, result: PollResult, at: number, runId?: number): void {
    const s = this.states.get(sourceId);
    if (!s) return;
    if (runId !== undefined && runId > this.seenRun(sourceId)) this.seenRunId.set(sourceId, runId);
    const labels = { source: s.sourceId, province: s.province };
    this.metrics?.polls.inc({ ...labels, outcome: result.outcome });
    const failed = result.outcome === "failed" || result.outcome === "rejected";
    if (failed) {
      const category = result.errorCategory ?? "unknown";
      const reason = result.message ?? "no reason given";
      this.noteFailure(s, category, reason, at);
      this.logger?.warn(
        {
          source: s.sourceId,
          province: s.province,
          category,
          reason,
          consecutiveFailures: s.consecutiveFailures,
        },
        "wait-time feed poll failed",
      );
      return;
    }
    if (s.consecutiveFailures > 0) {
      this.logger?.info(
        {
          source: s.sourceId,
          province: s.province,
          failedPolls: s.consecutiveFailures,
          downSeconds: s.failingSince === null ? 0 : Math.round((at - s.failingSince) / 1000),
        },
        "wait-time feed recovered",
      );
    }
    this.noteSuccess(s, at);
    const refused = result.rejected ?? 0;
    if (refused > 0) {
      s.rowsRefused += refused;
      this.metrics?.refused.inc(labels, refused);
      this.logger?.warn(
        {
          source: s.sourceId,
          province: s.province,
          refused,
          reasons: (result.errors ?? []).slice(0, 3).map((e) => `line ${e.line}: ${e.reason}`),
        },
        "wait-time feed rows refused (see `chc waittimes refused`)",
      );
    }
  }

  /** Sources failing for longer than their polling interval, as of `now` (epoch ms). */
  stale(now: number): FeedState[] {
    return [...this.states.values()].filter(
      (s) => s.failingSince !== null && now - s.failingSince >= s.intervalMs,
    );
  }

  snapshot(now: number) {
    const stale = new Set(this.stale(now).map((s) => s.sourceId));
    return Object.fromEntries(
      [...this.states.values()].map((s) => [
        s.sourceId,
        {
          province: s.province,
          state: stale.has(s.sourceId) ? "stale" : s.consecutiveFailures > 0 ? "failing" : "ok",
          interval_seconds: Math.round(s.intervalMs / 1000),
          last_success_at: s.lastSuccessAt === null ? null : new Date(s.lastSuccessAt).toISOString(),
          failing_since: s.failingSince === null ? null : new Date(s.failingSince).toISOString(),
          consecutive_failures: s.consecutiveFailures,
          last_error: s.lastError && {
            category: s.lastError.category,
            reason: s.lastError.reason,
            at: new Date(s.lastError.at).toISOString(),
          },
          rows_refused: s.rowsRefused,
        },
      ]),
    );
  }
}
