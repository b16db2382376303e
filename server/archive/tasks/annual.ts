/**
 * Annual editions (table annual_editions): `scheduleAnnual` creates a source's edition for a year
 * and its shard job; `refreshCoverage` recounts an edition from its jobs and snapshots, writes the
 * coverage reports (JSON and Markdown) under `<DATA_DIR>/archive/editions/<year>/<source>/`, and
 * sets status, search_ready and research_ready from them:
 * - search_ready: every shard job indexed;
 * - research_ready: search-ready, captured ≥ 95% of intended and failed ≤ 5%;
 * - needs_review: search-ready but captured < 80% of intended.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Store } from "../../db/types.js";
import { createJob } from "../jobs-store.js";
import { listSources } from "../sources-store.js";

export interface EditionRow {
  id: number;
  source_id: number;
  year: number;
  status: string;
  search_ready: number;
  research_ready: number;
  intended_url_count: number;
  captured_url_count: number;
  failed_url_count: number;
  excluded_url_count: number;
}

export async function scheduleAnnual(
  store: Store,
  dataDir: string,
  year: number,
  now: string,
): Promise<{ editions: number; jobs: number }> {
  let editions = 0;
  let jobs = 0;
  for (const source of listSources(store).filter((s) => s.enabled && s.base_url)) {
    let edition = store.get<EditionRow>("SELECT * FROM annual_editions WHERE source_id = ? AND year = ?", [
      source.id,
      year,
    ]);
    if (!edition) {
      await store.write((tx) =>
        tx.run(
          `INSERT INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count, captured_url_count, failed_url_count,
             excluded_url_count, created_at, updated_at) VALUES (?, ?, 'in_progress', 0, 0, 0, 0, 0, 0, ?, ?)`,
          [source.id, year, now, now],
        ),
      );
      edition = store.get<EditionRow>("SELECT * FROM annual_editions WHERE source_id = ? AND year = ?", [
        source.id,
        year,
      ])!;
      editions++;
    }
    const shardKey = `${source.code}:${year}:site`;
    if (store.get("SELECT 1 AS x FROM archive_jobs WHERE shard_key = ?", [shardKey])) continue;
    const isDemo = source.code === "demo";
    await createJob(
      store,
      dataDir,
      {
        sourceCode: source.code,
        name: `${source.code}-${year}-annual`,
        editionId: edition.id,
        shardKey,
        shardKind: "path-language",
        config: {
          seeds: [source.base_url!],
          zimit_passthrough_args: [],
          tool_options: {
            initial_workers: 2,
            min_workers: 1,
            enable_adaptive_workers: true,
            stall_timeout_minutes: 30,
          },
          scope: isDemo ? { allow_private: true, delay_ms: 0 } : { delay_ms: 500 },
        },
      },
      now,
    );
    jobs++;
  }
  return { editions, jobs };
}

export function editionDir(dataDir: string, year: number, code: string) {
  return path.join(dataDir, "archive", "editions", String(year), code);
}

export async function refreshCoverage(
  store: Store,
  dataDir: string,
  editionId: number,
  now: string,
): Promise<EditionRow> {
  const e = store.get<EditionRow & { code: string }>(
    "SELECT e.*, s.code FROM annual_editions e JOIN sources s ON s.id = e.source_id WHERE e.id = ?",
    [editionId],
  )!;
  const jobs = store.all<{
    id: number;
    status: string;
    pages_total: number | null;
    pages_failed: number | null;
    last_stats_json: string | null;
    capture_backend?: string;
  }>("SELECT id, status, pages_total, pages_failed, last_stats_json FROM archive_jobs WHERE edition_id = ?", [
    editionId,
  ]);
  const intended = jobs.reduce((n, j) => n + (j.pages_total ?? 0), 0);
  const failed = jobs.reduce((n, j) => n + (j.pages_failed ?? 0), 0);
  const excluded = jobs.reduce(
    (n, j) => n + ((JSON.parse(j.last_stats_json ?? "{}").pagesExcluded as number | undefined) ?? 0),
    0,
  );
  const captured =
    store.get<{ n: number }>(
      "SELECT COUNT(DISTINCT normalized_url_group) AS n FROM snapshots WHERE job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?) AND status_code BETWEEN 200 AND 299",
      [editionId],
    )?.n ?? 0;
  const backends = Object.fromEntries(
    store
      .all<{ b: string; n: number }>(
        "SELECT capture_backend AS b, COUNT(*) AS n FROM snapshots WHERE job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?) GROUP BY capture_backend",
        [editionId],
      )
      .map((r) => [r.b, r.n]),
  );
  const searchReady = jobs.length > 0 && jobs.every((j) => j.status === "indexed");
  const ratio = intended ? captured / intended : 0;
  const researchReady = searchReady && ratio >= 0.95 && failed <= 0.05 * Math.max(intended, 1);
  const status = !searchReady
    ? jobs.length
      ? "in_progress"
      : "planned"
    : researchReady
      ? "research_ready"
      : ratio < 0.8
        ? "needs_review"
        : "search_ready";
  const summary = {
    year: e.year,
    source: e.code,
    jobs: jobs.length,
    intended,
    captured,
    failed,
    excluded,
    coverage: Math.round(ratio * 1000) / 10,
    searchReady,
    researchReady,
    status,
  };
  const dir = editionDir(dataDir, e.year, e.code);
  mkdirSync(dir, { recursive: true });
  const jsonPath = path.join(dir, "coverage.json");
  const mdPath = path.join(dir, "coverage.md");
  writeFileSync(jsonPath, `${JSON.stringify({ ...summary, backends, generatedAt: now }, null, 2)}\n`);
  writeFileSync(
    mdPath,
    `# Coverage: ${e.code} ${e.year}\n\n| measure | value |\n|---|---|\n| shard jobs | ${jobs.length} |\n| intended URLs | ${intended} |\n| captured URLs | ${captured} |\n| failed URLs | ${failed} |\n| excluded URLs | ${excluded} |\n| coverage | ${summary.coverage}% |\n| status | ${status} |\n\nGenerated ${now}.\n`,
  );
  await store.write((tx) => {
    tx.run(
      `UPDATE annual_editions SET status = ?, search_ready = ?, research_ready = ?, intended_url_count = ?, captured_url_count = ?, failed_url_count = ?,
         excluded_url_count = ?, backend_counts = ?, coverage_summary = ?, coverage_report_json_path = ?, coverage_report_md_path = ?, updated_at = ? WHERE id = ?`,
      [
        status,
        searchReady ? 1 : 0,
        researchReady ? 1 : 0,
        intended,
        captured,
        failed,
        excluded,
        JSON.stringify(backends),
        JSON.stringify(summary),
        jsonPath,
        mdPath,
        now,
        editionId,
      ],
    );
    for (const j of jobs) {
      if (j.status !== "indexed") continue;
      const gap = (j.pages_failed ?? 0) > 0.05 * Math.max(j.pages_total ?? 0, 1);
      tx.run(
        "UPDATE archive_jobs SET acceptance_state = ?, coverage_report_path = ?, updated_at = ? WHERE id = ?",
        [gap ? "accepted_gap" : "accepted", jsonPath, now, j.id],
      );
    }
  });
  return store.get<EditionRow>("SELECT * FROM annual_editions WHERE id = ?", [editionId])!;
}
