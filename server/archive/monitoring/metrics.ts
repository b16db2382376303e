/**
 * Prometheus metrics of spec 001 §2 in the archive's own prom-client registry. Gauges are read
 * from the database and the running jobs' state files at scrape time; search counters and the
 * duration histogram are per process (reset on restart, as the spec says), as is the count of log
 * lines the process dropped.
 *
 * The five figures read from the database keep the `_total` names spec 001 §2 publishes (dashboards
 * depend on them) but go down when jobs change state or are cleaned up, so they are not counters;
 * promtool rejects `_total` on a gauge, so they are exposed as `untyped`, which Prometheus stores
 * like a gauge.
 */
import { existsSync, readFileSync } from "node:fs";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { logOutputStatus } from "../../core/logger.js";
import type { ArchiveFigures, ArchiveRepository } from "../repository.js";
import type { SearchMode } from "../search/query-parse.js";

/** A gauge that prom-client writes as `# TYPE name untyped` (see the header). */
class UntypedGauge extends Gauge {
  constructor(config: ConstructorParameters<typeof Gauge>[0]) {
    super(config);
    (this as unknown as { type: string }).type = "untyped";
  }
}

export interface ArchiveMetrics {
  registry: Registry;
  observeSearch(mode: SearchMode | null, seconds: number, failed: boolean): void;
}

interface RunningState {
  stalled: boolean;
  ratePpm: number;
  progressAge: number;
}

function readState(file: string | null, stallMinutes: number): RunningState | "missing" | "unparsable" {
  if (!file || !existsSync(file)) return "missing";
  try {
    const s = JSON.parse(readFileSync(file, "utf8")) as {
      stats: { pagesCrawled: number; startedAt: string; lastProgressAt: string };
    };
    const age = (Date.now() - Date.parse(s.stats.lastProgressAt)) / 1000;
    const minutes = Math.max((Date.now() - Date.parse(s.stats.startedAt)) / 60_000, 1 / 60);
    return { stalled: age > stallMinutes * 60, ratePpm: s.stats.pagesCrawled / minutes, progressAge: age };
  } catch {
    return "unparsable";
  }
}

export function createArchiveMetrics(repo: ArchiveRepository): ArchiveMetrics {
  const registry = new Registry();
  // One read of the figures per data version, shared by every gauge of a scrape.
  let cached: { version: number; figures: Promise<ArchiveFigures> } | null = null;
  const figures = async () => {
    const version = await repo.dataVersion();
    if (cached?.version !== version) cached = { version, figures: repo.archiveFigures() };
    return cached.figures;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    collect: (g: Gauge, f: ArchiveFigures) => void,
  ) =>
    new (name.endsWith("_total") ? UntypedGauge : Gauge)({
      name,
      help,
      labelNames,
      registers: [registry],
      // Every app process reads the same figures: with WORKERS=N, /metrics gives them once.
      aggregator: "first",
      async collect() {
        const f = await figures();
        this.reset();
        collect(this, f);
      },
    });
  const perSource = (g: Gauge, rows: { code: string | null; n: number }[]) => {
    for (const r of rows) g.set({ source: r.code ?? "" }, r.n);
  };

  gauge("archive_jobs_total", "Jobs per status", ["status"], (g, f) => {
    for (const r of f.jobsByStatus) g.set({ status: r.status }, r.n);
  });
  gauge("archive_jobs_cleanup_status_total", "Jobs per cleanup status", ["cleanup_status"], (g, f) => {
    for (const v of ["none", "temp_cleaned"]) g.set({ cleanup_status: v }, 0);
    for (const r of f.jobsByCleanup) g.set({ cleanup_status: r.c }, r.n);
  });
  gauge("archive_snapshots_total", "Snapshots, overall and per source", ["source"], (g, f) => {
    g.set(f.snapshots);
    perSource(g, f.snapshotsBySource);
  });
  gauge(
    "archive_jobs_pages_crawled_total",
    "Sum of jobs' pages_crawled, overall and per source",
    ["source"],
    (g, f) => {
      g.set(f.pagesCrawled);
      perSource(g, f.pagesCrawledBySource);
    },
  );
  gauge(
    "archive_jobs_pages_failed_total",
    "Sum of jobs' pages_failed, overall and per source",
    ["source"],
    (g, f) => {
      g.set(f.pagesFailed);
      perSource(g, f.pagesFailedBySource);
    },
  );

  // The running jobs' state files are read at each scrape (they change without a write).
  const running = (f: ArchiveFigures) =>
    f.running.map((j) => {
      const stall =
        (JSON.parse(j.config ?? "{}").tool_options?.stall_timeout_minutes as number | undefined) ?? 30;
      return { source: j.code ?? "", state: readState(j.state_file_path, stall) };
    });
  gauge("archive_crawl_running_jobs", "Jobs currently running", [], (g, f) => g.set(f.running.length));
  gauge(
    "archive_crawl_running_job_state_file_ok",
    "1 when every running job's state file exists",
    [],
    (g, f) => g.set(running(f).every((r) => r.state !== "missing") ? 1 : 0),
  );
  gauge(
    "archive_crawl_running_job_state_parse_ok",
    "1 when every running job's state file parses",
    [],
    (g, f) => g.set(running(f).every((r) => r.state !== "unparsable") ? 1 : 0),
  );
  const perRunning = (name: string, help: string, pick: (s: RunningState) => number) =>
    gauge(name, help, ["source"], (g, f) => {
      for (const r of running(f)) if (typeof r.state === "object") g.set({ source: r.source }, pick(r.state));
    });
  perRunning(
    "archive_crawl_running_job_stalled",
    "1 when a running crawl made no progress within its stall timeout",
    (s) => (s.stalled ? 1 : 0),
  );
  perRunning(
    "archive_crawl_running_job_crawl_rate_ppm",
    "Pages per minute of a running crawl",
    (s) => Math.round(s.ratePpm * 100) / 100,
  );
  perRunning(
    "archive_crawl_running_job_last_progress_age_seconds",
    "Seconds since a running crawl last made progress",
    (s) => Math.round(s.progressAge),
  );
  gauge(
    "archive_indexing_pending_job_max_age_seconds",
    "Age of the oldest crawled job waiting to be indexed",
    [],
    (g, f) => {
      const oldest = f.oldestCompletedAt;
      g.set(oldest ? Math.max(0, Math.round((Date.now() - Date.parse(oldest)) / 1000)) : 0);
    },
  );

  const requests = new Counter({
    name: "archive_search_requests_total",
    help: "Search requests",
    registers: [registry],
  });
  const errors = new Counter({
    name: "archive_search_errors_total",
    help: "Search requests that failed",
    registers: [registry],
  });
  const duration = new Histogram({
    name: "archive_search_duration_seconds",
    help: "Search duration",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const modes = new Counter({
    name: "archive_search_mode_total",
    help: "Searches per mode",
    labelNames: ["mode"],
    registers: [registry],
  });
  for (const m of ["relevance_fts", "relevance_fallback", "relevance_fuzzy", "boolean", "url", "newest"])
    modes.inc({ mode: m }, 0);
  // The process's own log, not the archive's: /metrics is the one Prometheus endpoint there is.
  new Counter({
    name: "chc_log_lines_dropped_total",
    help: "Log lines dropped because standard output refused them (a full disk) or fell behind",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(logOutputStatus().droppedLines);
    },
  });

  return {
    registry,
    observeSearch(mode, seconds, failed) {
      requests.inc();
      duration.observe(seconds);
      if (failed) errors.inc();
      if (mode) modes.inc({ mode });
    },
  };
}
