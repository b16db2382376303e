/**
 * What an operator sees of each polled feed: a warning per failed poll (its source, province and
 * reason, never the URL's query string), one line when a failing feed answers again, Prometheus
 * gauges and counters per source, and the module's health ("degraded" once a feed has failed for
 * longer than its polling interval, the stale sources named in the admin details).
 */
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";

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

  constructor(
    targets: { sourceId: string; intervalMs: number; province: string }[],
    private readonly logger: Logger | null = null,
    registry: Registry | null = null,
  ) {
    this.metrics = registry ? families(registry) : null;
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

  /** Notes one poll's result; `at` is when it ended (epoch ms). */
  record(sourceId: string, result: PollResult, at: number): void {
    const s = this.states.get(sourceId);
    if (!s) return;
    const labels = { source: s.sourceId, province: s.province };
    this.metrics?.polls.inc({ ...labels, outcome: result.outcome });
    const failed = result.outcome === "failed" || result.outcome === "rejected";
    if (failed) {
      const category = result.errorCategory ?? "unknown";
      const reason = result.message ?? "no reason given";
      s.consecutiveFailures++;
      s.failingSince ??= at;
      s.lastError = { category, reason, at };
      this.metrics?.failures.set(labels, s.consecutiveFailures);
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
    s.consecutiveFailures = 0;
    s.failingSince = null;
    s.lastSuccessAt = at;
    this.metrics?.failures.set(labels, 0);
    this.metrics?.lastSuccess.set(labels, Math.floor(at / 1000));
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
