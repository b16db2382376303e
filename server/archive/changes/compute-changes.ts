/**
 * `archive compute-changes`: for each indexed job not yet compared (table change_runs), compares
 * every capture with the previous distinct capture of the same URL group from an earlier job of
 * the same source, and records new pages, updates and pages missing from the later crawl
 * (table snapshot_changes). Incremental and idempotent: a job is compared once, in one
 * transaction with its change_runs row. Page texts are read back from the WARCs.
 */
import type { Store } from "../../db/types.js";
import { extractText, type PageText } from "../extract-page.js";
import type { SnapshotRow } from "../snapshots-store.js";
import { readRecordAt } from "../warc-reader.js";
import { type ChangeFacts, changeSummary } from "./change-summary.js";
import { diffPages } from "./page-diff.js";

export async function pageTextOf(s: Pick<SnapshotRow, "warc_path" | "provenance_json">): Promise<PageText> {
  const prov = JSON.parse(s.provenance_json ?? "{}") as { warc_offset: number; warc_length: number };
  const rec = await readRecordAt(s.warc_path, prov.warc_offset, prov.warc_length);
  return extractText(new TextDecoder().decode(rec.body));
}

interface Row {
  job_id: number;
  source_id: number | null;
  snapshot_id: number | null;
  previous_snapshot_id: number | null;
  group: string;
  url: string;
  type: "new_page" | "updated" | "removed";
  summary: string;
  added: number;
  removed: number;
  sections: string | null;
  ratio: number;
  noise: number;
  captured_at: string;
}

const OK = "status_code BETWEEN 200 AND 299";
const noEdit = { addedLines: 0, removedLines: 0, changedSections: [], highNoise: false };
const NEW_PAGE: ChangeFacts = { type: "new_page", ...noEdit };
const GONE: ChangeFacts = { type: "removed", ...noEdit };

export async function computeChanges(
  store: Store,
  now: () => string,
): Promise<{ jobs: number; changes: number }> {
  const pending = store.all<{ id: number; source_id: number | null; finished_at: string | null }>(
    `SELECT id, source_id, finished_at FROM archive_jobs WHERE status = 'indexed' AND id NOT IN (SELECT job_id FROM change_runs) ORDER BY finished_at, id`,
  );
  let total = 0;
  for (const job of pending) {
    const rows: Row[] = [];
    const snaps = store.all<SnapshotRow>(
      `SELECT * FROM snapshots WHERE job_id = ? AND ${OK} ORDER BY capture_timestamp, id`,
      [job.id],
    );
    const first = snaps[0]?.capture_timestamp ?? job.finished_at ?? now();
    // A page that now answers 4xx/5xx counts as removed. The previous job of the same source that has captures, if any: the baseline of this crawl.
    const prevJob = store.get<{ job_id: number }>(
      `SELECT job_id FROM snapshots WHERE source_id IS ? AND job_id != ? AND capture_timestamp < ? GROUP BY job_id ORDER BY MAX(capture_timestamp) DESC LIMIT 1`,
      [job.source_id, job.id, first],
    )?.job_id;
    const seen = new Set<string>();
    for (const s of snaps) {
      const group = s.normalized_url_group ?? s.url;
      if (seen.has(group)) continue;
      seen.add(group);
      const prev = store.get<SnapshotRow>(
        `SELECT * FROM snapshots WHERE normalized_url_group = ? AND source_id IS ? AND job_id != ? AND capture_timestamp < ? AND ${OK} ORDER BY capture_timestamp DESC, id DESC LIMIT 1`,
        [group, s.source_id, job.id, s.capture_timestamp],
      );
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
      });
    }
    if (prevJob !== undefined && snaps.length) {
      const gone = store.all<SnapshotRow>(
        `SELECT * FROM snapshots WHERE job_id = ? AND ${OK} AND COALESCE(normalized_url_group, url) NOT IN (SELECT COALESCE(normalized_url_group, url) FROM snapshots WHERE job_id = ? AND ${OK}) GROUP BY COALESCE(normalized_url_group, url)`,
        [prevJob, job.id],
      );
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
          captured_at: first,
        });
      }
    }
    await store.write((tx) => {
      const t = now();
      for (const r of rows) {
        tx.run(
          `INSERT OR IGNORE INTO snapshot_changes (job_id, source_id, snapshot_id, previous_snapshot_id, normalized_url_group, url, change_type, summary,
             added_lines, removed_lines, changed_sections, change_ratio, high_noise, captured_at, computed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            r.job_id,
            r.source_id,
            r.snapshot_id,
            r.previous_snapshot_id,
            r.group,
            r.url,
            r.type,
            r.summary,
            r.added,
            r.removed,
            r.sections,
            r.ratio,
            r.noise,
            r.captured_at,
            t,
          ],
        );
      }
      tx.run("INSERT OR IGNORE INTO change_runs (job_id, computed_at, change_count) VALUES (?, ?, ?)", [
        job.id,
        t,
        rows.length,
      ]);
    });
    total += rows.length;
  }
  return { jobs: pending.length, changes: total };
}
