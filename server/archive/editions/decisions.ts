/**
 * An operator's decision on one shard of an edition, recorded with who, when and why
 * (`shard_decisions`), then the edition is recounted:
 * - accept: the shard is accepted as it is (its job must have finished);
 * - exclude: the shard is dropped from the edition (a queued job is then never run);
 * - requeue: a fresh job crawls the shard again; the old job's captures stay in the edition.
 */
import { conflict, notFound, validationError } from "../../core/errors.js";
import { LEGACY_SHARD_KIND } from "../index/indexer.js";
import type { ArchiveRepository, EditionWithSource, JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { FINAL_JOB_STATUSES } from "./manifest.js";
import { refreshEdition } from "./refresh.js";

export type ShardAction = "accept" | "requeue" | "exclude";

export interface ShardDecision {
  source: string;
  year: number;
  shardKey: string;
  action: ShardAction;
  reason: string;
  by: string;
}

export async function requireEdition(
  repo: ArchiveRepository,
  sourceCode: string,
  year: number,
): Promise<EditionWithSource> {
  const source = await repo.getSourceByCode(sourceCode);
  if (!source)
    throw validationError(`source "${sourceCode}" does not exist; use a source code such as demo or hc`);
  const edition = await repo.findEdition(source.id, year);
  if (!edition) throw notFound(`source ${sourceCode} has no edition for ${year}`);
  return edition;
}

async function requireShard(
  repo: ArchiveRepository,
  edition: EditionWithSource,
  key: string,
): Promise<JobRow> {
  const jobs = (await repo.editionJobs(edition.id)).filter((j) => !j.superseded_by);
  const job = jobs.find((j) => j.shard_key === key);
  if (!job) {
    const keys = jobs.map((j) => j.shard_key).filter(Boolean);
    throw notFound(
      `edition ${edition.source_code} ${edition.year} has no shard "${key}"; its shards: ${keys.join(", ") || "none"}`,
    );
  }
  return job;
}

const RUNNING = new Set(["running", "indexing"]);

export async function decideShard(
  db: StoreOrRepository,
  dataDir: string,
  d: ShardDecision,
  now: string,
): Promise<{ job: JobRow; newJobId: number | null; edition: EditionWithSource }> {
  const reason = d.reason.trim();
  if (!reason || reason.length > 500) throw validationError("--reason must say why, in 1 to 500 characters");
  const by = d.by.trim();
  if (!by || by.length > 100) throw validationError("--by must name who decides, in 1 to 100 characters");
  const repo = asArchiveRepository(db);
  const edition = await requireEdition(repo, d.source, d.year);
  const job = await requireShard(repo, edition, d.shardKey);
  const from = job.acceptance_state;
  if (d.action === "accept" && !FINAL_JOB_STATUSES.has(job.status))
    throw conflict(
      `shard ${d.shardKey} is still being archived (job ${job.id} is ${job.status}); accept it once it ends`,
    );
  if (d.action === "requeue" && job.shard_kind === LEGACY_SHARD_KIND)
    throw validationError(
      "an imported salvage job has nothing to crawl again; import the files again or exclude it",
    );
  if (d.action === "requeue" && !FINAL_JOB_STATUSES.has(job.status) && from !== "excluded")
    throw conflict(
      `shard ${d.shardKey} is already queued or being archived (job ${job.id} is ${job.status})`,
    );
  if (d.action !== "accept" && RUNNING.has(job.status))
    throw conflict(`job ${job.id} of shard ${d.shardKey} is ${job.status}; wait for it to end`);
  const to = d.action === "accept" ? "accepted" : d.action === "exclude" ? "excluded" : "pending";
  const newJobId = await repo.recordShardDecision({
    edition_id: edition.id,
    job,
    action: d.action,
    from_state: from,
    to_state: to,
    reason,
    decided_by: by,
    decided_at: now,
  });
  return { job, newJobId, edition: await refreshEdition(repo, dataDir, edition.id, now) };
}
