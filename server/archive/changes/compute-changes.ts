/**
 * `archive compute-changes`: for each indexed job not yet compared (table change_runs), compares
 * every capture with the previous distinct capture of the same URL group from an earlier job of
 * the same source, and records new pages, updates and pages missing from the later crawl
 * (table snapshot_changes). Incremental and idempotent: a job is compared once, in one
 * transaction with its change_runs row. Page texts are read back from the WARCs.
 */
import { parseJobConfig } from "../../../shared/archive/job-config.js";
import { extractText, type PageText } from "../index/extract-page.js";
import { captureText } from "../replay/capture-text.js";
import { readRecordAt } from "../replay/warc-reader.js";
import type { NewChange, SnapshotRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { type ChangeFacts, changeSummary } from "./change-summary.js";
import { diffPages } from "./page-diff.js";

export async function pageTextOf(s: Pick<SnapshotRow, "warc_path" | "provenance_json">): Promise<PageText> {
  const prov = JSON.parse(s.provenance_json ?? "{}") as { warc_offset: number; warc_length: number };
  const rec = await readRecordAt(s.warc_path, prov.warc_offset, prov.warc_length);
  return extractText(captureText(rec.body, rec.headers.get("content-type")));
}

/**
 * Whether a page missing from job `later` but captured by job `earlier` can be said to be gone
 * from its site: only when both crawled the whole of the same ground, the same seeds and scope,
 * to the end. A shard of an annual edition fetches a slice of the site, a crawl with a narrower
 * scope leaves parts out on purpose, and a capped one stops before it reaches every page: each
 * misses pages the site still has, which the change feed would announce as removed.
 */
async function coverSameGround(
  store: ReturnType<typeof asArchiveRepository>,
  later: number,
  earlier: number,
): Promise<boolean> {
  const [a, b] = await Promise.all([store.getJob(later), store.getJob(earlier)]);
  if (!a || !b) return false;
  const ground = (job: NonNullable<typeof a>) => {
    if (job.shard_key !== null || job.crawler_stage === "capped") return null;
    let stored: unknown;
    try {
      stored = JSON.parse(job.config ?? "null");
    } catch {
      return null;
    }
    const parsed = parseJobConfig(stored);
    if (!parsed.ok || parsed.config.scope?.follow_links === false) return null;
    const { seeds, scope } = parsed.config;
    const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();
    return JSON.stringify([sorted(seeds), sorted(scope?.include), sorted(scope?.exclude)]);
  };
  const groundA = ground(a);
  return groundA !== null && groundA === ground(b);
}

const noEdit = { addedLines: 0, removedLines: 0, changedSections: [], highNoise: false };
const NEW_PAGE: ChangeFacts = { type: "new_page", ...noEdit };
const GONE: ChangeFacts = { type: "removed", ...noEdit };

export async function computeChanges(
  db: StoreOrRepository,
  now: () => string,
): Promise<{ jobs: number; changes: number }> {
  const store = asArchiveRepository(db);
  const pending = await store.jobsAwaitingChanges();
  let total = 0;
  for (const job of pending) {
    const rows: NewChange[] = [];
    const snaps = await store.okSnapshotsOfJob(job.id);
    const first = snaps[0]?.capture_timestamp ?? job.finished_at ?? now();
    // A page that now answers 4xx/5xx counts as removed. The previous job of the same source that has captures, if any: the baseline of this crawl.
    const prevJob = await store.previousJobOf(job.source_id, job.id, first);
    const seen = new Set<string>();
    for (const s of snaps) {
      const group = s.normalized_url_group ?? s.url;
      if (seen.has(group)) continue;
      seen.add(group);
      const prev = await store.previousCapture(group, s.source_id, job.id, s.capture_timestamp);
      const base = {
        job_id: job.id,
        source_id: s.source_id,
        snapshot_id: s.id,
        group,
        url: s.url,
        captured_at: s.capture_timestamp,
      };
      if (!prev) {
        if (prevJob === undefined) continue; // first crawl of the source: everything is new, nothing to report
        rows.push({
          ...base,
          previous_snapshot_id: null,
          type: "new_page",
          summary: changeSummary(NEW_PAGE, "en"),
          added: 0,
          removed: 0,
          sections: null,
          ratio: 1,
          noise: 0,
          significance: "major",
          significanceFacts: null,
        });
        continue;
      }
      if (prev.content_hash === s.content_hash) continue;
      const d = diffPages(await pageTextOf(prev), await pageTextOf(s));
      rows.push({
        ...base,
        previous_snapshot_id: prev.id,
        type: "updated",
        summary: d.summary,
        added: d.addedLines,
        removed: d.removedLines,
        sections: JSON.stringify(d.changedSections),
        ratio: d.changeRatio,
        noise: d.highNoise ? 1 : 0,
        significance: d.significance,
        significanceFacts: JSON.stringify(d.significanceFacts),
      });
    }
    if (prevJob !== undefined && snaps.length && (await coverSameGround(store, job.id, prevJob))) {
      const gone = await store.pagesGoneSince(prevJob, job.id);
      for (const g of gone) {
        rows.push({
          job_id: job.id,
          source_id: g.source_id,
          snapshot_id: null,
          previous_snapshot_id: g.id,
          group: g.normalized_url_group ?? g.url,
          url: g.url,
          type: "removed",
          summary: changeSummary(GONE, "en"),
          added: 0,
          removed: 0,
          sections: null,
          ratio: 1,
          noise: 0,
          significance: "major",
          significanceFacts: null,
          captured_at: first,
        });
      }
    }
    await store.recordChanges(job.id, rows, now());
    total += rows.length;
  }
  return { jobs: pending.length, changes: total };
}
