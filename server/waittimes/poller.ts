/**
 * Polls each configured provincial feed on its cadence through a circuit breaker (opossum).
 * Off unless a URL is configured: WAITTIMES_ALBERTA_AHS_URL, WAITTIMES_BC_PHSA_URL,
 * WAITTIMES_QUEBEC_MSSS_URL, WAITTIMES_ONTARIO_HEALTH_URL. Every attempt is an ingest run, a
 * failure included (timeout, network, http_status, circuit_open, format), so data quality sees it.
 */
import CircuitBreaker from "opossum";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { BreakerState } from "../../shared/ops/breaker.js";
import { type Clock, systemClock, type TimerHandle } from "../core/clock.js";
import { runOncePerSlot } from "../core/task-slots.js";
import { FeedStatus } from "./feed-status.js";
import { type IngestReport, ingestFeed, recordFailedRun } from "./ingest.js";
import { SOURCE_IDS } from "./parsers/index.js";
import type { WaittimesRepository } from "./repository.js";

export interface PollTarget {
  sourceId: string;
  url: string;
  intervalMs: number;
}

export interface PollerOptions {
  timeoutMs?: number;
  /** Opossum: open after this share of failures (once volumeThreshold calls were seen). */
  errorThresholdPercentage?: number;
  volumeThreshold?: number;
  resetTimeoutMs?: number;
  maxBytes?: number;
  /** Drives the cadence, the fetch timeout and the runs' times (tests move it by hand). */
  clock?: Clock;
  /** Where each failed poll and each recovery is logged (warn, info); none in the CLI's `--once`. */
  logger?: Logger;
  /** Where the per-source feed metrics are registered (the server's shared registry). */
  registry?: Registry;
  /** Each source's province, for the logs' and metrics' labels. */
  provinces?: Map<string, string>;
}

export const envName = (sourceId: string) => `WAITTIMES_${sourceId.toUpperCase().replace(/-/g, "_")}_URL`;

/** Sources with a URL in the environment, each polled at its cadence (or WAITTIMES_POLL_INTERVAL_SECONDS). */
/** `config` is the validated Config (or, in tests, the same variables as strings). */
export function configuredTargets(
  config: Readonly<Record<string, unknown>>,
  cadences: Map<string, number>,
): PollTarget[] {
  const override = Number(config.WAITTIMES_POLL_INTERVAL_SECONDS);
  return SOURCE_IDS.filter((id) => config[envName(id)]).map((id) => ({
    sourceId: id,
    url: String(config[envName(id)]),
    // A monthly publisher is still checked every 6 hours (and timers cannot exceed ~24.8 days).
    intervalMs:
      Math.min(
        MAX_INTERVAL_SECONDS,
        Number.isFinite(override) && override > 0 ? override : (cadences.get(id) ?? 3600),
      ) * 1000,
  }));
}

const MAX_INTERVAL_SECONDS = 6 * 3600;
/**
 * How often a process catches up with the polls the others recorded (for its health), and how
 * many polling intervals back it looks the first time (a longer run of failures counts from there).
 */
const CATCH_UP_MS = 10_000;
const FIRST_CATCH_UP_INTERVALS = 24;

class HttpStatusError extends Error {}

async function fetchFeed(url: string, timeoutMs: number, maxBytes: number, clock: Clock): Promise<string> {
  // Aborts as AbortSignal.timeout would (a TimeoutError), but on the poller's clock.
  const controller = new AbortController();
  const timer = clock.setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  try {
    const res = await fetch(url, { signal: controller.signal, redirect: "error" });
    if (!res.ok) throw new HttpStatusError(`HTTP ${res.status} from feed`);
    const text = await res.text();
    if (text.length > maxBytes) throw new HttpStatusError(`feed larger than ${maxBytes} bytes`);
    return text;
  } finally {
    clock.clearTimeout(timer);
  }
}

function categorize(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.code === "EOPENBREAKER") return "circuit_open";
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || e?.code === "ETIMEDOUT") return "timeout";
  if (err instanceof HttpStatusError) return "http_status";
  return "network";
}

export class Poller {
  private readonly breakers = new Map<string, CircuitBreaker<[string], string>>();
  private readonly timers: TimerHandle[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly clock: Clock;
  /** Each source's last outcomes, for the logs, the metrics and the module's health. */
  readonly status: FeedStatus;
  private catchingUp: Promise<void> | null = null;
  /** Sources this process is polling now: their run is noted by `pollOnce`, not caught up. */
  private readonly polling = new Set<string>();

  constructor(
    private readonly repo: WaittimesRepository,
    private readonly targets: PollTarget[],
    readonly opts: PollerOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.status = new FeedStatus(
      targets.map((t) => ({
        sourceId: t.sourceId,
        intervalMs: t.intervalMs,
        province: opts.provinces?.get(t.sourceId) ?? "unknown",
      })),
      opts.logger ?? null,
      opts.registry ?? null,
      () => this.catchUp(),
    );
    const timeoutMs = opts.timeoutMs ?? 15_000;
    for (const t of targets) {
      const breaker = new CircuitBreaker(
        (url: string) => fetchFeed(url, timeoutMs, opts.maxBytes ?? 20 * 1024 * 1024, this.clock),
        {
          timeout: false, // the fetch has its own abort timeout, which we can classify
          errorThresholdPercentage: opts.errorThresholdPercentage ?? 50,
          volumeThreshold: opts.volumeThreshold ?? 3,
          resetTimeout: opts.resetTimeoutMs ?? 5 * 60_000,
        },
      );
      this.breakers.set(t.sourceId, breaker);
    }
  }

  /**
   * Brings `status` up to date with the polls recorded in the database, whichever process made
   * them (one process polls each slot); concurrent calls share one round of reads.
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        for (const t of this.targets) {
          if (this.polling.has(t.sourceId)) continue;
          // Runs keep Unix seconds.
          const from = Math.floor((this.clock.now() - FIRST_CATCH_UP_INTERVALS * t.intervalMs) / 1000);
          const runs = await this.repo.runsSince(t.sourceId, from);
          this.status.catchUp(
            t.sourceId,
            runs.sort((a, b) => a.id - b.id),
          );
        }
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  breakerState(sourceId: string): Lowercase<BreakerState> {
    const b = this.breakers.get(sourceId)!;
    return b.opened ? "open" : b.halfOpen ? "half_open" : "closed";
  }

  /**
   * One attempt for one source; always resolves with what happened (recorded as an ingest run,
   * logged when it failed and noted in `status`).
   */
  async pollOnce(
    target: PollTarget,
  ): Promise<IngestReport | { outcome: "failed"; errorCategory: string; message: string; runId: number }> {
    let result: Awaited<ReturnType<Poller["attempt"]>>;
    this.polling.add(target.sourceId);
    try {
      result = await this.attempt(target);
    } catch (err) {
      this.polling.delete(target.sourceId);
      // Storing the run itself failed (the database out of reach): still a failed poll to report.
      this.status.record(
        target.sourceId,
        { outcome: "failed", errorCategory: "storage", message: String((err as Error).message ?? err) },
        this.clock.now(),
      );
      throw err;
    }
    this.polling.delete(target.sourceId);
    this.status.record(target.sourceId, result, this.clock.now(), result.runId);
    return result;
  }

  private async attempt(
    target: PollTarget,
  ): Promise<IngestReport | { outcome: "failed"; errorCategory: string; message: string; runId: number }> {
    const started = this.clock.now();
    const breaker = this.breakers.get(target.sourceId)!;
    let text: string;
    try {
      text = await breaker.fire(target.url);
    } catch (err) {
      const category = categorize(err);
      const message =
        category === "circuit_open"
          ? "circuit open after repeated failures; waiting before retrying"
          : String((err as Error).message ?? err);
      const runId = await recordFailedRun(this.repo, target.sourceId, "poll", category, message, started);
      return { outcome: "failed", errorCategory: category, message, runId };
    }
    const report = await ingestFeed(this.repo, {
      sourceId: target.sourceId,
      kind: "poll",
      text,
      fileName: target.url,
    });
    return report;
  }

  async pollAllOnce() {
    return Promise.all(this.targets.map((t) => this.pollOnce(t)));
  }

  start() {
    for (const t of this.targets) {
      // Several processes on one database each keep this timer; the one that claims a tick's slot polls.
      const tick = () => {
        const p = runOncePerSlot(
          this.repo,
          `poll:${t.sourceId}`,
          t.intervalMs,
          () => this.pollOnce(t),
          this.clock.now(),
        )
          // pollOnce has noted a failed poll; a slot that could not be claimed is logged here.
          .catch((err) =>
            this.opts.logger?.warn({ err, source: t.sourceId }, "wait-time feed poll could not run"),
          )
          .finally(() => this.inFlight.delete(p));
        this.inFlight.add(p);
      };
      tick();
      this.timers.push(this.clock.setInterval(tick, t.intervalMs));
    }
    // The polls other processes make reach this one's health within CATCH_UP_MS.
    const catchUp = () => {
      const p = this.catchUp()
        .catch((err) => this.opts.logger?.warn({ err }, "wait-time feed states could not be read"))
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    };
    this.timers.push(this.clock.setInterval(catchUp, CATCH_UP_MS));
  }

  async stop() {
    for (const timer of this.timers) this.clock.clearInterval(timer);
    this.timers.length = 0;
    this.status.close();
    await Promise.allSettled([...this.inFlight]);
    for (const b of this.breakers.values()) b.shutdown();
  }
}
