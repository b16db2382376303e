/**
 * Archive jobs, as the domain code and the tests create and move them: each call goes through the
 * module's repository (one transaction each). A job's files live in its folder under the WARC
 * root (`<root>/jobs/<id>/`): WARCs, the capture log and `.archive_state.json`. Every status
 * change checks spec §3 first and writes nothing when the change is not allowed.
 */
import { notFound } from "../../core/errors.js";
import type { Store } from "../../db/types.js";
import type { JobClaim, JobPatch, JobRow, NewJob } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { getJobRow } from "../repository-sqljs/jobs.js";
import { jobOut } from "../repository-sqljs/paths.js";
import type { JobTrigger } from "./job-transitions.js";
import { defaultWarcRoot, jobDirUnder } from "./warc-paths.js";

export type { JobClaim, JobPatch, JobRow, NewJob } from "../repository.js";
export { holdsClaim } from "../repository-sqljs/jobs.js";

/** A job's folder under the default WARC root of `dataDir`. */
export const jobDirFor = (dataDir: string, id: number) => jobDirUnder(defaultWarcRoot(dataDir), id);

/** `dataDir` is kept for callers that pass it; the folder comes from the repository's WARC root. */
export async function createJob(
  db: StoreOrRepository,
  _dataDir: string,
  job: NewJob,
  now: string,
): Promise<JobRow> {
  return asArchiveRepository(db).createJob(job, now);
}

/** A synchronous sql.js read kept for the tests that check a row in passing. */
export function getJob(store: Store, id: number): JobRow | undefined {
  const repo = asArchiveRepository(store);
  return jobOut(repo.warcRoot, getJobRow(store, id));
}

export async function requireJob(db: StoreOrRepository, id: number): Promise<JobRow> {
  const job = await asArchiveRepository(db).getJob(id);
  if (!job) throw notFound(`archive job ${id} does not exist`);
  return job;
}

export function transitionJob(
  db: StoreOrRepository,
  id: number,
  trigger: JobTrigger,
  now: string,
  maxRetries: number,
  patch: JobPatch = {},
  /** The crawl's claim: the change is made only while the job is still running under it. */
  claim?: JobClaim,
): Promise<JobRow> {
  return asArchiveRepository(db).transitionJob(id, trigger, now, maxRetries, patch, claim);
}

export function updateJobProgress(
  db: StoreOrRepository,
  id: number,
  patch: JobPatch,
  now: string,
  claim?: JobClaim,
): Promise<void> {
  return asArchiveRepository(db).updateJobProgress(id, patch, now, claim);
}
