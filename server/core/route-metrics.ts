/**
 * Per-route latency and status recorder. Every request passes through it (see http/observe.ts);
 * the archive's `/metrics`, the directory's observability page and the service-level checks read
 * it. Samples live in one-minute buckets for 24 hours, so windows of 5 min, 1 h and 24 h are cheap
 * to compute and memory stays bounded (routes are templates such as "/api/snapshot/:id", never raw URLs).
 * For charts of the last 5 minutes, each route also keeps 10-second buckets for just over 5 minutes
 * (at most FINE_KEEP buckets of FINE_SAMPLES durations each), so that memory stays bounded too.
 * A window reads whole buckets, the oldest being the one holding its start: the last 5 minutes
 * (from the 10-second buckets) hold 5 min to 5 min 10 s of requests, the last hour 60 to 61 min,
 * and its rate divides by the time those buckets cover. Reading only the buckets after its start
 * held 4 to 5 minutes for "5 minutes", and a minute's window only the current minute, however
 * little of it had passed, while the rate still divided by the whole window.
 */
import { Registry } from "prom-client";
import { MethodRouteMap } from "./method-route-map.js";

const BUCKET_MS = 60_000;
/** A day and the minute holding its start, which a 24-hour window reads. */
const KEEP_BUCKETS = 24 * 60 + 1;
const MAX_SAMPLES_PER_BUCKET = 2048;
const FINE_MS = 10_000;
const FINE_KEEP = 31;
const FINE_SAMPLES = 256;
/** Durations kept per chart step (a uniform sample beyond that), so a 24-hour chart stays cheap. */
const STEP_SAMPLES = 4096;

/** Requests started in one minute (minute buckets) or one 10-second tick (fine buckets). */
interface Bucket {
  /** The minute's or the tick's number since the epoch (time ÷ the bucket's length). */
  at: number;
  count: number;
  errors: number; // status >= 500
  clientErrors: number; // 400..499
  timeouts: number;
  /** Reservoir of durations (ms) for percentiles; exact up to the bucket kind's sample cap. */
  samples: number[];
}

/**
 * Counts a request in the bucket `at` of `buckets` (made when new), dropping buckets older than
 * `keep`, and keeps its duration in the bucket's reservoir of `maxSamples`.
 */
function addTo(
  buckets: Bucket[],
  at: number,
  keep: number,
  maxSamples: number,
  status: number,
  durationMs: number,
  timedOut: boolean,
): void {
  let bucket = buckets[buckets.length - 1];
  if (!bucket || bucket.at !== at) {
    bucket = { at, count: 0, errors: 0, clientErrors: 0, timeouts: 0, samples: [] };
    buckets.push(bucket);
    while (buckets.length > 0 && buckets[0].at <= at - keep) buckets.shift();
  }
  bucket.count++;
  if (status >= 500) bucket.errors++;
  else if (status >= 400) bucket.clientErrors++;
  if (timedOut) bucket.timeouts++;
  if (bucket.samples.length < maxSamples) bucket.samples.push(durationMs);
  else {
    const slot = Math.floor(Math.random() * bucket.count);
    if (slot < maxSamples) bucket.samples[slot] = durationMs;
  }
}

export interface RouteWindowStats {
  route: string;
  method: string;
  count: number;
  ratePerMinute: number;
  errorRate: number;
  clientErrorRate: number;
  timeoutRate: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** One step of a chart series: requests and 5xx answers started in [at, at + step), and their p95. */
export interface TimelinePoint {
  at: number;
  count: number;
  errors: number;
  p95: number | null;
}

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  // Nearest-rank definition: the smallest value with at least p% of samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** One method and route's buckets, both resolutions. */
interface Series {
  method: string;
  route: string;
  buckets: Bucket[];
  fine: Bucket[];
}

const newSeries = (method: string, route: string): Series => ({ method, route, buckets: [], fine: [] });

export class RouteMetrics {
  /** Every request records: its series is found by method, then route (method-route-map.ts). */
  private readonly recorded = new MethodRouteMap<Series>();
  /**
   * Prometheus families a module keeps for this server beside the archive's own (the directory's
   * alert deliveries); the archive's `/metrics` writes them too.
   */
  readonly prometheus = new Registry();
  constructor(private readonly now: () => number = Date.now) {}

  record(method: string, route: string, status: number, durationMs: number, timedOut = false): void {
    const { buckets, fine } = this.recorded.getOrAdd(method, route, newSeries);
    const now = this.now();
    addTo(
      buckets,
      Math.floor(now / BUCKET_MS),
      KEEP_BUCKETS,
      MAX_SAMPLES_PER_BUCKET,
      status,
      durationMs,
      timedOut,
    );
    addTo(fine, Math.floor(now / FINE_MS), FINE_KEEP, FINE_SAMPLES, status, durationMs, timedOut);
  }

  /**
   * Stats per route over the last `windowMs` (e.g. 5 * 60_000): the 10-second buckets when they
   * reach back that far, else the minute buckets, from the one holding the window's start.
   */
  window(windowMs: number): RouteWindowStats[] {
    const now = this.now();
    const fine = windowMs <= (FINE_KEEP - 1) * FINE_MS;
    const unit = fine ? FINE_MS : BUCKET_MS;
    const keep = fine ? FINE_KEEP : KEEP_BUCKETS;
    const current = Math.floor(now / unit);
    const first = Math.max(Math.floor((now - windowMs) / unit), current - keep + 1);
    // The rate is per minute of the time the buckets read cover (at least one unit).
    const minutes = Math.max(now - first * unit, unit) / BUCKET_MS;
    const out: RouteWindowStats[] = [];
    for (const series of this.recorded.values()) {
      let count = 0;
      let errors = 0;
      let clientErrors = 0;
      let timeouts = 0;
      const samples: number[] = [];
      for (const b of fine ? series.fine : series.buckets) {
        if (b.at < first) continue;
        count += b.count;
        errors += b.errors;
        clientErrors += b.clientErrors;
        timeouts += b.timeouts;
        for (const s of b.samples) samples.push(s);
      }
      if (count === 0) continue;
      samples.sort((a, b) => a - b);
      out.push({
        route: series.route,
        method: series.method,
        count,
        ratePerMinute: count / minutes,
        errorRate: errors / count,
        clientErrorRate: clientErrors / count,
        timeoutRate: timeouts / count,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        p99: percentile(samples, 99),
      });
    }
    return out.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  }

  /** Per-minute series for one route over the last `windowMs`, for charts. */
  series(
    method: string,
    route: string,
    windowMs: number,
  ): { minute: number; count: number; errors: number; p95: number | null; p99: number | null }[] {
    const buckets = this.recorded.get(method, route)?.buckets ?? [];
    const fromMinute = Math.floor((this.now() - windowMs) / BUCKET_MS) + 1;
    return buckets
      .filter((b) => b.at >= fromMinute)
      .map((b) => {
        const sorted = [...b.samples].sort((x, y) => x - y);
        return {
          minute: b.at * BUCKET_MS,
          count: b.count,
          errors: b.errors,
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
        };
      });
  }

  /**
   * All routes that `include` accepts, summed into consecutive steps of `stepMs` over the last
   * `windowMs` (empty steps included, oldest first), for charts. Steps under a minute read the
   * 10-second buckets (so only windows up to 5 minutes); longer steps merge the minute buckets.
   * `timed` narrows the routes whose durations make the p95 (a route slow on purpose, left out).
   */
  timeline(
    windowMs: number,
    stepMs: number,
    include: (method: string, route: string) => boolean = () => true,
    timed: (method: string, route: string) => boolean = () => true,
  ): TimelinePoint[] {
    const unit = stepMs < BUCKET_MS ? FINE_MS : BUCKET_MS;
    if (stepMs % unit !== 0) throw new RangeError(`step ${stepMs} ms is not a multiple of ${unit} ms`);
    if (unit === FINE_MS && windowMs > (FINE_KEEP - 1) * FINE_MS)
      throw new RangeError(`steps under a minute are kept for ${(FINE_KEEP - 1) * FINE_MS} ms only`);
    const now = this.now();
    const lastStep = Math.floor(now / stepMs);
    const steps = Math.max(1, Math.round(windowMs / stepMs));
    const firstStep = lastStep - steps + 1;
    const acc = Array.from({ length: steps }, () => ({
      count: 0,
      errors: 0,
      seen: 0,
      samples: [] as number[],
    }));
    const add = (startMs: number, count: number, errors: number, samples: number[]) => {
      const i = Math.floor(startMs / stepMs) - firstStep;
      if (i < 0 || i >= steps) return;
      const a = acc[i];
      a.count += count;
      a.errors += errors;
      for (const x of samples) {
        a.seen++;
        if (a.samples.length < STEP_SAMPLES) a.samples.push(x);
        else {
          const slot = Math.floor(Math.random() * a.seen);
          if (slot < STEP_SAMPLES) a.samples[slot] = x;
        }
      }
    };
    for (const series of this.recorded.values()) {
      if (!include(series.method, series.route)) continue;
      const withDurations = timed(series.method, series.route);
      for (const b of unit === FINE_MS ? series.fine : series.buckets)
        add(b.at * unit, b.count, b.errors, withDurations ? b.samples : []);
    }
    return acc.map((a, i) => ({
      at: (firstStep + i) * stepMs,
      count: a.count,
      errors: a.errors,
      p95: percentile(
        a.samples.sort((x, y) => x - y),
        95,
      ),
    }));
  }
}
