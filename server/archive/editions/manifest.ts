/**
 * The capture manifest of an edition, `capture-manifest.jsonl`: one line per ledger URL with what
 * became of it, from the evidence the jobs left:
 * - captured: an archived response below 400 (the snapshot, or for a non-HTML file the replay
 *   index entry), from the shard's own job or, failing that, any other job of the edition
 *   (an earlier attempt, a legacy salvage import);
 * - duplicate: captured, with the same body as an earlier capture of the page (`duplicate_of`);
 * - failed: the site answered 400 or more, the fetch failed, or the crawl ended before the URL
 *   (`permanent` for 404, 410 and 451: the page is gone);
 * - out_of_scope: left out by the ledger's rules, by robots.txt at crawl time, or with its shard;
 * - pending: its shard job has not finished.
 * A URL the shard job fetched carries the tries it took (`attempts`): it is failed only once the
 * job's retry budget (config scope.url_attempts) is spent.
 * A job's capture log is removed by the weekly clean-up; a failure read from it before then is
 * kept from the previous manifest.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import type { CaptureLine } from "../crawl/capture-log.js";
import { CAPTURE_LOG } from "../crawl/crawler.js";
import { type CdxEntry, REPLAY_INDEX } from "../index/indexer.js";
import type { JobRow } from "../jobs/jobs-store.js";
import type { EditionSnapshot } from "../repository.js";
import type { LedgerLine } from "./ledger.js";

export type Outcome = "captured" | "duplicate" | "failed" | "out_of_scope" | "pending";

export interface ManifestLine {
  url: string;
  shard_key: string | null;
  outcome: Outcome;
  job_id?: number;
  snapshot_id?: number | null;
  status?: number;
  digest?: string | null;
  captured_at?: string;
  duplicate_of?: number | null;
  permanent?: boolean;
  rule?: string;
  reason?: string;
  /** Tries the shard job made of the URL within its retry budget (absent when it was not fetched). */
  attempts?: number;
}

export const MANIFEST_FILE = "capture-manifest.jsonl";
/** Statuses that say the page is gone, not that the fetch went wrong. */
export const GONE_STATUSES = new Set([404, 410, 451]);
export const FINAL_JOB_STATUSES = new Set(["indexed", "failed", "index_failed"]);

/** Lines of a JSON-lines file written by another process or cut short: a torn tail is ignored. */
function readLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  const out: T[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      break;
    }
  }
  return out;
}

interface JobEvidence {
  log: Map<string, CaptureLine>;
  cdx: Map<string, CdxEntry>;
}

/** What a finished job's capture log and replay index say, by URL (the last word wins). */
function evidenceOf(job: JobRow): JobEvidence {
  const log = new Map<string, CaptureLine>();
  for (const l of readLines<CaptureLine>(path.join(job.output_dir, CAPTURE_LOG))) log.set(l.u, l);
  const cdx = new Map<string, CdxEntry>();
  for (const c of readLines<CdxEntry>(path.join(job.output_dir, REPLAY_INDEX))) cdx.set(c.url, c);
  return { log, cdx };
}

export interface ManifestInput {
  ledger: LedgerLine[];
  /** The current (not superseded) job of each shard key. */
  shardJobs: Map<string, JobRow>;
  snapshots: EditionSnapshot[];
  firstSameContent(group: string, hash: string, not: number): number | null;
  previous: Map<string, ManifestLine>;
}

export function buildManifest(input: ManifestInput): ManifestLine[] {
  const byGroup = new Map<string, EditionSnapshot[]>();
  for (const s of input.snapshots) {
    if (!s.normalized_url_group || (s.status_code ?? 0) >= 400) continue;
    const list = byGroup.get(s.normalized_url_group) ?? [];
    list.push(s);
    byGroup.set(s.normalized_url_group, list);
  }
  const evidence = new Map<number, JobEvidence>();
  for (const job of input.shardJobs.values())
    if (FINAL_JOB_STATUSES.has(job.status)) evidence.set(job.id, evidenceOf(job));

  return input.ledger.map((l): ManifestLine => {
    if (!l.included)
      return { url: l.url, shard_key: null, outcome: "out_of_scope", rule: l.rule, reason: l.reason };
    const job = l.shard_key ? input.shardJobs.get(l.shard_key) : undefined;
    const ev = job ? evidence.get(job.id) : undefined;
    const tries = ev?.log.get(l.url)?.a;
    const base = { url: l.url, shard_key: l.shard_key, ...(tries ? { attempts: tries } : {}) };
    const group = normalizeUrlGroup(l.url) ?? l.url;
    const captures = byGroup.get(group) ?? [];
    // The shard's own capture first, else the latest capture by any other job of the edition.
    const snap =
      captures.filter((s) => s.job_id === job?.id).at(-1) ??
      [...captures].sort((a, b) => (a.capture_timestamp < b.capture_timestamp ? -1 : 1)).at(-1);
    if (snap) {
      const duplicate = snap.is_duplicate === 1 && snap.content_hash;
      return {
        ...base,
        outcome: duplicate ? "duplicate" : "captured",
        job_id: snap.job_id,
        snapshot_id: snap.id,
        status: snap.status_code ?? undefined,
        digest: snap.content_hash,
        captured_at: snap.capture_timestamp,
        ...(duplicate ? { duplicate_of: input.firstSameContent(group, snap.content_hash!, snap.id) } : {}),
      };
    }
    if (!job) return { ...base, outcome: "pending", reason: "no job holds this shard yet" };
    if (!ev) return { ...base, outcome: "pending", job_id: job.id };
    const record = ev.cdx.get(l.url);
    if (record && record.status < 400)
      return {
        ...base,
        outcome: "captured",
        job_id: job.id,
        snapshot_id: null,
        status: record.status,
        captured_at: record.ts,
      };
    const logged = ev.log.get(l.url);
    if (logged?.k === "excluded")
      return {
        ...base,
        outcome: "out_of_scope",
        job_id: job.id,
        rule: "robots.txt",
        reason: `excluded at crawl time: ${logged.e}`,
      };
    if (logged?.k === "error")
      return {
        ...base,
        outcome: "failed",
        job_id: job.id,
        permanent: false,
        reason: `the fetch failed: ${logged.e}`,
      };
    const status = logged?.s ?? record?.status;
    if (status !== undefined && status >= 400)
      return {
        ...base,
        outcome: "failed",
        job_id: job.id,
        status,
        permanent: GONE_STATUSES.has(status),
        reason: `the site answered HTTP ${status}`,
      };
    const before = input.previous.get(l.url);
    if (before && before.job_id === job.id && before.outcome !== "pending") return before;
    return {
      ...base,
      outcome: "failed",
      job_id: job.id,
      permanent: false,
      reason: `not fetched: the crawl ended (${job.status}) before reaching it`,
    };
  });
}
