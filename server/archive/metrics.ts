/**
 * Prometheus metrics of spec 001 §2 in the archive's own prom-client registry. Gauges are read
 * from the database and the running jobs' state files at scrape time; search counters and the
 * duration histogram are per process (reset on restart, as the spec says).
 */
import { existsSync, readFileSync } from "node:fs";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Reader } from "../db/types.js";
import type { SearchMode } from "./search/query-parse.js";

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

export function createArchiveMetrics(db: Reader): ArchiveMetrics {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        collect(this);
      },
    });
  const bySource = (sql: string) => db.all<{ code: string | null; n: number }>(sql);

  gauge("archive_jobs_total", "Jobs per status", ["status"], (g) => {
    for (const r of db.all<{ status: string; n: number }>(
      "SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status",
    ))
      g.set({ status: r.status }, r.n);
  });
  gauge("archive_jobs_cleanup_status_total", "Jobs per cleanup status", ["cleanup_status"], (g) => {
    for (const v of ["none", "temp_cleaned"]) g.set({ cleanup_status: v }, 0);
    for (const r of db.all<{ c: string; n: number }>(
      "SELECT cleanup_status AS c, COUNT(*) AS n FROM archive_jobs GROUP BY cleanup_status",
    ))
      g.set({ cleanup_status: r.c }, r.n);
  });
  gauge("archive_snapshots_total", "Snapshots, overall and per source", ["source"], (g) => {
    g.set(db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0);
    for (const r of bySource(
      "SELECT so.code, COUNT(s.id) AS n FROM sources so LEFT JOIN snapshots s ON s.source_id = so.id GROUP BY so.id",
    ))
      g.set({ source: r.code ?? "" }, r.n);
  });
  for (const [name, column] of [
    ["archive_jobs_pages_crawled_total", "pages_crawled"],
    ["archive_jobs_pages_failed_total", "pages_failed"],
  ] as const) {
    gauge(name, `Sum of jobs' ${column}, overall and per source`, ["source"], (g) => {
      g.set(db.get<{ n: number }>(`SELECT COALESCE(SUM(${column}), 0) AS n FROM archive_jobs`)?.n ?? 0);
      for (const r of bySource(
        `SELECT so.code, COALESCE(SUM(j.${column}), 0) AS n FROM sources so LEFT JOIN archive_jobs j ON j.source_id = so.id GROUP BY so.id`,
      ))
        g.set({ source: r.code ?? "" }, r.n);
    });
  }

  const running = () => {
    const jobs = db.all<{ code: string | null; state_file_path: string | null; config: string | null }>(
      "SELECT so.code, j.state_file_path, j.config FROM archive_jobs j LEFT JOIN sources so ON so.id = j.source_id WHERE j.status = 'running'",
    );
    return jobs.map((j) => {
      const stall =
        (JSON.parse(j.config ?? "{}").tool_options?.stall_timeout_minutes as number | undefined) ?? 30;
      return { source: j.code ?? "", state: readState(j.state_file_path, stall) };
    });
  };
  gauge("archive_crawl_running_jobs", "Jobs currently running", [], (g) => g.set(running().length));
  gauge("archive_crawl_running_job_state_file_ok", "1 when every running job's state file exists", [], (g) =>
    g.set(running().every((r) => r.state !== "missing") ? 1 : 0),
  );
  gauge("archive_crawl_running_job_state_parse_ok", "1 when every running job's state file parses", [], (g) =>
    g.set(running().every((r) => r.state !== "unparsable") ? 1 : 0),
  );
  const perRunning = (name: string, help: string, pick: (s: RunningState) => number) =>
    gauge(name, help, ["source"], (g) => {
      for (const r of running()) if (typeof r.state === "object") g.set({ source: r.source }, pick(r.state));
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
    (g) => {
      const oldest = db.get<{ t: string | null }>(
        "SELECT MIN(finished_at) AS t FROM archive_jobs WHERE status = 'completed'",
      )?.t;
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
