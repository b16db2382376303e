/** Annual editions, their shard jobs, operator decisions and the yearly campaign claims. */
import type { JobConfig } from "../../../shared/archive/job-config.js";
import type { CoverageSummary } from "../editions/coverage-report.js";
import type { JobRow } from "./jobs.js";

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
  backend_counts: string | null;
  coverage_summary: string | null;
  target_ledger_path: string | null;
  capture_manifest_path: string | null;
  coverage_report_json_path: string | null;
  coverage_report_md_path: string | null;
  created_at: string;
  updated_at: string;
}

export type EditionWithSource = EditionRow & { source_code: string };

export interface CampaignRow {
  year: number;
  claimed_at: string;
  claimed_by: string;
  finished_at: string | null;
  summary: string | null;
}

export interface DecisionRow {
  id: number;
  edition_id: number;
  job_id: number;
  shard_key: string;
  action: "accept" | "requeue" | "exclude";
  from_state: string | null;
  to_state: string;
  reason: string;
  decided_by: string;
  decided_at: string;
}

export interface NewShardJob {
  name: string;
  shardKey: string;
  shardKind: string;
  config: JobConfig;
}

export interface ImportedJob {
  name: string;
  shardKey: string;
  /** Absolute folder already holding the WARC files. */
  outputDir: string;
  files: number;
  records: number;
  now: string;
}

export interface EditionSnapshot {
  id: number;
  job_id: number;
  url: string;
  normalized_url_group: string | null;
  status_code: number | null;
  content_hash: string | null;
  is_duplicate: number;
  capture_timestamp: string;
  capture_backend: string | null;
}

export interface EditionRecount {
  summary: CoverageSummary;
  backendCounts: Record<string, number>;
  manifestPath: string | null;
  reportJsonPath: string;
  reportMdPath: string;
  shards: { jobId: number; state: string; reason: string | null }[];
}

/** An operator's decision on a shard, recorded with its effect in one transaction. */
export interface ShardDecisionWrite {
  edition_id: number;
  /** The shard's current job (re-queued: the one the new job supersedes). */
  job: JobRow;
  action: DecisionRow["action"];
  from_state: string | null;
  to_state: string;
  reason: string;
  decided_by: string;
  decided_at: string;
}

/** An edition's year and source, for exports. */
export interface EditionExportHead {
  year: number;
  code: string;
  name: string;
  base_url: string | null;
}

export interface EditionsRepository {
  getEdition(id: number): Promise<EditionWithSource | undefined>;
  findEdition(sourceId: number, year: number): Promise<EditionWithSource | undefined>;
  /** Newest year first, then by source code. */
  listEditions(filter?: { sourceId?: number; year?: number }): Promise<EditionWithSource[]>;
  /** The edition of (source, year), created `planned` when missing. */
  ensureEdition(sourceId: number, year: number, now: string): Promise<EditionWithSource>;
  /** Records the ledger once; false when another planner set it first. */
  setEditionLedger(
    id: number,
    file: string,
    counts: { intended: number; excluded: number },
    now: string,
  ): Promise<boolean>;
  sourceIdsWithEditionsBefore(year: number): Promise<Set<number>>;
  /** A ledger and its path-language shard jobs. */
  isEditionPlanned(id: number): Promise<boolean>;
  /** planned → in_progress (no change otherwise). */
  markEditionStarted(id: number, now: string): Promise<void>;
  /** 2xx pages of the source's edition of `year`, with their language. */
  capturedPagesOfEdition(sourceId: number, year: number): Promise<{ url: string; language: string | null }[]>;
  getCampaign(year: number): Promise<CampaignRow | undefined>;
  /** true for the one caller whose claim of the year took effect. */
  claimCampaign(year: number, by: string, now: string): Promise<boolean>;
  finishCampaign(year: number, summary: string, now: string): Promise<void>;
  /** Every job of the edition, re-queued attempts included. */
  editionJobs(editionId: number): Promise<JobRow[]>;
  /** Creates the shard jobs together, only when the edition has none of these keys; returns how many. */
  createShardJobs(
    edition: { id: number; source_id: number },
    shards: readonly NewShardJob[],
    now: string,
  ): Promise<number>;
  /** A salvage import's job, `completed` from the start; returns its id. */
  insertImportedJob(edition: { id: number; source_id: number }, job: ImportedJob): Promise<number>;
  /** The decision row plus its effect (new job for a re-queue, else the acceptance); returns the new job id or null. */
  recordShardDecision(d: ShardDecisionWrite): Promise<number | null>;
  decisionsOf(editionId: number): Promise<DecisionRow[]>;
  snapshotsOfEdition(editionId: number): Promise<EditionSnapshot[]>;
  /** For each duplicate capture of the edition, the earliest capture of the page with the same body. */
  duplicateOrigins(editionId: number): Promise<Map<number, number | null>>;
  /** A refresh's figures and every shard's acceptance, in one transaction. */
  saveRecount(editionId: number, recount: EditionRecount, now: string): Promise<void>;
  /** Editions of a year with their source code, by code. */
  editionsOfYear(
    year: number,
  ): Promise<{ code: string; status: string; search_ready: number; captured_url_count: number }[]>;
  editionExportHead(id: number): Promise<EditionExportHead | undefined>;
}
