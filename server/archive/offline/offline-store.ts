/**
 * What an offline edition (WACZ or ZIM) is made of, read through the repository: the annual edition
 * or single job being exported, its indexed crawl jobs (jobs an operator excluded are left out),
 * the pages captured with a 2xx answer, and the `final_zim_path` written once a ZIM is built.
 */
import { conflict, notFound } from "../../core/errors.js";
import type { ArchiveRepository, ExportJob, ExportPage } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";

export type { ExportJob, ExportPage } from "../repository.js";

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

export async function editionTarget(from: StoreOrRepository, id: number): Promise<ExportTarget> {
  const db = asArchiveRepository(from);
  const e = await db.editionExportHead(id);
  if (!e) throw notFound(`annual edition ${id} does not exist`);
  const jobs = await db.exportableJobsOfEdition(id);
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

export async function jobTarget(from: StoreOrRepository, id: number): Promise<ExportTarget> {
  const j = await asArchiveRepository(from).jobExportHead(id);
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
/** The 2xx pages of the target's jobs, by id, read `batch` at a time. */
export async function* pagesOf(
  db: ArchiveRepository,
  jobs: readonly ExportJob[],
  batch = 1000,
): AsyncGenerator<ExportPage> {
  const ids = jobs.map((j) => j.id);
  let after = 0;
  for (;;) {
    const rows = await db.exportPages(ids, after, batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

export async function recordZimPath(
  db: StoreOrRepository,
  jobs: readonly ExportJob[],
  file: string,
  now: string,
) {
  await asArchiveRepository(db).recordZimPath(
    jobs.map((j) => j.id),
    file,
    now,
  );
}
