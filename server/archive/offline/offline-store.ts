/**
 * What an offline edition (WACZ or ZIM) is made of, read from archive.sqlite: the annual edition
 * or single job being exported, its indexed crawl jobs (jobs an operator excluded are left out),
 * the pages captured with a 2xx answer, and the `final_zim_path` written once a ZIM is built.
 */
import { conflict, notFound } from "../../core/errors.js";
import type { Reader, Store } from "../../db/types.js";
import { checkLengths } from "../limits.js";

export interface ExportJob {
  id: number;
  name: string;
  output_dir: string;
}

/** An edition or a single crawl job, as a package: its title, its jobs and where replay starts. */
export interface ExportTarget {
  kind: "edition" | "job";
  id: number;
  sourceCode: string;
  sourceName: string;
  /** Edition year, or the year the job finished. */
  year: number;
  /** Short file-safe name: `<source>-<year>` or `job-<id>`. */
  slug: string;
  title: string;
  description: string;
  baseUrl: string | null;
  jobs: ExportJob[];
}

export interface ExportPage {
  id: number;
  url: string;
  capture_timestamp: string;
  title: string | null;
  language: string | null;
}

const USABLE_JOBS = `status = 'indexed' AND COALESCE(acceptance_state, '') != 'excluded'`;

export function editionTarget(db: Reader, id: number): ExportTarget {
  const e = db.get<{ year: number; code: string; name: string; base_url: string | null }>(
    `SELECT e.year, s.code, s.name, s.base_url FROM annual_editions e JOIN sources s ON s.id = e.source_id WHERE e.id = ?`,
    [id],
  );
  if (!e) throw notFound(`annual edition ${id} does not exist`);
  const jobs = db.all<ExportJob>(
    `SELECT id, name, output_dir FROM archive_jobs WHERE edition_id = ? AND ${USABLE_JOBS} ORDER BY id`,
    [id],
  );
  if (!jobs.length)
    throw conflict(
      `annual edition ${id} has no indexed crawl yet; it can be exported once one of its crawl jobs is indexed`,
    );
  return {
    kind: "edition",
    id,
    sourceCode: e.code,
    sourceName: e.name,
    year: e.year,
    slug: `${e.code}-${e.year}`,
    title: `${e.name}, ${e.year} edition`,
    description: `Pages of ${e.name} captured for the ${e.year} annual edition of the community health web archive, from ${jobs.length} crawl job(s).`,
    baseUrl: e.base_url,
    jobs,
  };
}

export function jobTarget(db: Reader, id: number): ExportTarget {
  const j = db.get<
    ExportJob & {
      status: string;
      code: string | null;
      src: string | null;
      finished_at: string | null;
      base_url: string | null;
    }
  >(
    `SELECT j.id, j.name, j.output_dir, j.status, j.finished_at, s.code, s.name AS src, s.base_url
       FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id WHERE j.id = ?`,
    [id],
  );
  if (!j) throw notFound(`archive job ${id} does not exist`);
  if (j.status !== "indexed")
    throw conflict(`archive job ${id} is ${j.status}; only an indexed job can be exported`);
  const year = new Date(j.finished_at ?? Date.now()).getUTCFullYear();
  return {
    kind: "job",
    id,
    sourceCode: j.code ?? "unknown",
    sourceName: j.src ?? "an unknown source",
    year,
    slug: `job-${id}`,
    title: `${j.src ?? "Web archive"}: crawl ${j.name}`,
    description: `Pages of ${j.src ?? "the source"} captured by crawl job ${id} (${j.name}) of the community health web archive.`,
    baseUrl: j.base_url,
    jobs: [{ id: j.id, name: j.name, output_dir: j.output_dir }],
  };
}

/** The target's pages answered 2xx, oldest id first, read in keyset batches (never all at once). */
export function* pagesOf(db: Reader, jobs: readonly ExportJob[], batch = 1000): Generator<ExportPage> {
  const ids = jobs.map((j) => j.id);
  const marks = ids.map(() => "?").join(", ");
  let after = 0;
  for (;;) {
    const rows = db.all<ExportPage>(
      `SELECT id, url, capture_timestamp, title, language FROM snapshots
        WHERE job_id IN (${marks}) AND status_code BETWEEN 200 AND 299 AND id > ? ORDER BY id LIMIT ?`,
      [...ids, after, batch],
    );
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

/** Records the ZIM built for the target on each of its jobs (the spec keeps final_zim_path per job). */
export async function recordZimPath(store: Store, jobs: readonly ExportJob[], file: string, now: string) {
  checkLengths("archive_jobs", { final_zim_path: file });
  await store.write((tx) => {
    for (const j of jobs)
      tx.run("UPDATE archive_jobs SET final_zim_path = ?, updated_at = ? WHERE id = ?", [file, now, j.id]);
  });
}
