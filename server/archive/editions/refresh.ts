/**
 * Recounts an edition from its ledger and its jobs' evidence: writes the capture manifest and the
 * coverage reports, judges every shard (acceptance.ts) and stores the edition's counts, status
 * and flags with every shard's state in one transaction. Run after each job of the edition ends,
 * after an operator decision or an import, and daily by coverage-guardrails.
 *
 * Counts: intended = ledger URLs of shards not excluded; excluded = the ledger's exclusions plus
 * the URLs of excluded shards; captured and failed = manifest outcomes of the intended URLs.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { LEGACY_SHARD_KIND } from "../index/indexer.js";
import type { DecisionRow, EditionWithSource, JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { editionVerdict, type Judgement, judgeExtraJob, judgeShard } from "./acceptance.js";
import { type CoverageSummary, writeCoverageReports } from "./coverage-report.js";
import { editionDir, type LedgerLine, readJsonLines, writeJsonLines } from "./ledger.js";
import { buildManifest, MANIFEST_FILE, type ManifestLine } from "./manifest.js";

const isCovered = (l: ManifestLine) => l.outcome === "captured" || l.outcome === "duplicate";

export async function refreshEdition(
  db: StoreOrRepository,
  dataDir: string,
  editionId: number,
  now: string,
): Promise<EditionWithSource> {
  const repo = asArchiveRepository(db);
  const edition = await repo.getEdition(editionId);
  if (!edition) throw new Error(`edition ${editionId} does not exist`);
  const dir = editionDir(dataDir, edition.year, edition.source_code);
  const ledgerPath = edition.target_ledger_path;
  const ledger = ledgerPath && existsSync(ledgerPath) ? readJsonLines<LedgerLine>(ledgerPath) : null;
  const current = (await repo.editionJobs(editionId)).filter((j) => !j.superseded_by);
  const lastDecision = new Map<number, DecisionRow>();
  for (const d of await repo.decisionsOf(editionId)) lastDecision.set(d.job_id, d);

  const ledgerKeys = new Set((ledger ?? []).map((l) => l.shard_key).filter(Boolean));
  const shardJobs = new Map<string, JobRow>();
  const extras: JobRow[] = [];
  for (const j of current) {
    if (j.shard_kind !== LEGACY_SHARD_KIND && j.shard_key && ledgerKeys.has(j.shard_key))
      shardJobs.set(j.shard_key, j);
    else extras.push(j);
  }
  const manifestPath = path.join(dir, MANIFEST_FILE);
  const previous = new Map<string, ManifestLine>();
  if (existsSync(manifestPath))
    for (const l of readJsonLines<ManifestLine>(manifestPath)) previous.set(l.url, l);
  const snapshots = await repo.snapshotsOfEdition(editionId);
  const origins = await repo.duplicateOrigins(editionId);
  const manifest = ledger
    ? buildManifest({
        ledger,
        shardJobs,
        snapshots,
        firstSameContent: (_group, _hash, not) => origins.get(not) ?? null,
        previous,
      })
    : [];
  const linesOf = new Map<string, ManifestLine[]>();
  for (const l of manifest) {
    if (!l.shard_key) continue;
    const list = linesOf.get(l.shard_key);
    if (list) list.push(l);
    else linesOf.set(l.shard_key, [l]);
  }

  const judged: { job: JobRow; judgement: Judgement }[] = [
    ...[...shardJobs].map(([key, job]) => ({
      job,
      judgement: judgeShard(job, linesOf.get(key) ?? [], lastDecision.get(job.id)),
    })),
    ...extras.map((job) => ({ job, judgement: judgeExtraJob(job, lastDecision.get(job.id)) })),
  ];
  const excludedShards = new Map<string, string>();
  for (const { job, judgement } of judged)
    if (judgement.state === "excluded" && job.shard_key && shardJobs.has(job.shard_key))
      excludedShards.set(job.shard_key, judgement.reason ?? "shard excluded");
  // What an excluded shard did not capture is out of scope with it; what it did capture stays.
  for (const [i, l] of manifest.entries()) {
    const why = l.shard_key ? excludedShards.get(l.shard_key) : undefined;
    if (why && !isCovered(l))
      manifest[i] = { ...l, outcome: "out_of_scope", rule: "shard-excluded", reason: why };
  }
  if (ledger) writeJsonLines(manifestPath, manifest);

  const kept = manifest.filter((l) => l.shard_key && !excludedShards.has(l.shard_key));
  const intended = kept.length;
  const counts = {
    intended,
    captured: kept.filter(isCovered).length,
    failed: kept.filter((l) => l.outcome === "failed").length,
    excluded: (ledger?.length ?? 0) - intended,
  };
  const backendCounts: Record<string, number> = {};
  for (const s of snapshots) {
    const b = s.capture_backend ?? "unknown";
    backendCounts[b] = (backendCounts[b] ?? 0) + 1;
  }
  const verdict = editionVerdict(ledger !== null, judged);
  const shardStates: Record<string, number> = {};
  for (const { judgement } of judged) shardStates[judgement.state] = (shardStates[judgement.state] ?? 0) + 1;
  const summary: CoverageSummary = {
    year: edition.year,
    source: edition.source_code,
    status: verdict.status,
    searchReady: verdict.searchReady,
    researchReady: verdict.researchReady,
    ...counts,
    coverage: Math.floor((counts.captured / Math.max(intended, 1)) * 1000) / 10,
    shards: shardStates,
  };
  const reports = writeCoverageReports(
    dir,
    summary,
    backendCounts,
    judged.map(({ job, judgement }) => ({
      jobId: job.id,
      shardKey: job.shard_key,
      shardKind: job.shard_kind,
      state: judgement.state,
      reason: judgement.reason,
    })),
    now,
  );
  await repo.saveRecount(
    editionId,
    {
      summary,
      backendCounts,
      manifestPath: ledger ? manifestPath : null,
      reportJsonPath: reports.json,
      reportMdPath: reports.md,
      shards: judged.map(({ job, judgement }) => ({
        jobId: job.id,
        state: judgement.state,
        reason: judgement.reason,
      })),
    },
    now,
  );
  return (await repo.getEdition(editionId))!;
}
