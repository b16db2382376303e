/**
 * The same writes through one archive backend: sources, jobs and their transitions, captures of
 * the demo site, an edition with shards and decisions, the yearly campaign, changes, usage and
 * claims. Tests run them through each backend and compare what both answered and hold.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { DEMO_VERSIONS, renderDemoSite } from "../../server/archive/crawl/demo-site/render.js";
import { detectLanguage, extractText } from "../../server/archive/index/extract-page.js";
import type { ArchiveRepository, NewSnapshot } from "../../server/archive/repository.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";

export const NOW = "2026-11-20T15:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
export const config = (() => {
  const parsed = parseJobConfig({ seeds: ["http://demo.example/"], scope: { allow_private: true } });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
})();

/** The demo site's pages, both versions, as captures of one job of the demo source. */
export function demoCaptures(jobId: number, root: string): NewSnapshot[] {
  const out: NewSnapshot[] = [];
  for (const version of [1, 2] as const) {
    for (const [page, file] of renderDemoSite(version)) {
      if (!file.type.startsWith("text/html") || page.startsWith("/private")) continue;
      const text = extractText(file.body);
      const url = `http://demo.example${page}`;
      out.push({
        job_id: jobId,
        source_id: 4,
        url,
        normalized_url_group: normalizeUrlGroup(url),
        capture_timestamp: `${DEMO_VERSIONS[version]}T10:00:00.000Z`,
        mime_type: "text/html",
        status_code: file.status ?? 200,
        title: text.title || null,
        snippet: text.text.slice(0, 200) || null,
        language: detectLanguage(text.lang, text.text),
        capture_backend: "test",
        capture_fidelity: "high",
        // Where the record would sit in its WARC: the backup's size check reads these.
        provenance_json: JSON.stringify({ warc_offset: out.length * 1000, warc_length: 700 + version }),
        warc_path: path.join(root, "jobs", String(jobId), `demo-v${version}.warc.gz`),
        warc_record_id: `<urn:demo:${version}:${page}>`,
        content_hash: createHash("sha256").update(text.text).digest("hex"),
        text: text.text,
      });
    }
  }
  return out;
}

/** The same writes through one backend, returning what the write methods answered. */
export async function writeEverything(repo: ArchiveRepository, root: string) {
  const answers: unknown[] = [];
  await repo.ensureSources(
    [
      {
        code: "extra",
        name: "Extra",
        base_url: null,
        description: null,
        name_fr: null,
        description_fr: null,
      },
    ],
    NOW,
  );
  await repo.setSourceBaseUrl("extra", "https://extra.example/", at(1));
  const crawl1 = await repo.createJob({ sourceCode: "demo", name: "crawl-1", config }, at(2));
  const crawl2 = await repo.createJob({ sourceCode: "demo", name: "crawl-2", config }, at(3));
  answers.push(crawl1, crawl2);
  answers.push(await repo.claimNextJob("worker-1", at(4)));
  answers.push(
    await repo.transitionJob(crawl1.id, "crawl_succeeded", at(5), 3, {
      pages_crawled: 40,
      warc_file_count: 1,
    }),
  );
  await repo.updateJobProgress(crawl2.id, { pages_total: 90, crawler_stage: "crawling" }, at(6));
  const captures = demoCaptures(crawl1.id, root);
  answers.push(await repo.recordCaptures(crawl1.id, captures.slice(0, 60), at(7)));
  answers.push(await repo.recordCaptures(crawl1.id, captures.slice(60), at(8)));
  await repo.transitionJob(crawl1.id, "index_start", at(9), 3);
  answers.push(await repo.transitionJob(crawl1.id, "index_succeeded", at(9), 3));
  await repo.markJobCleaned(crawl1.id, at(10));
  const edition = await repo.ensureEdition(4, 2026, at(11));
  answers.push(edition, await repo.ensureEdition(4, 2026, at(12)));
  answers.push(
    await repo.setEditionLedger(edition.id, "/ledger.json", { intended: 10, excluded: 1 }, at(13)),
  );
  answers.push(await repo.setEditionLedger(edition.id, "/other.json", { intended: 1, excluded: 0 }, at(13)));
  const shards = ["en", "fr"].map((k) => ({
    name: `shard-${k}`,
    shardKey: k,
    shardKind: "path-language",
    config,
  }));
  answers.push(
    await repo.createShardJobs(edition, shards, at(14)),
    await repo.createShardJobs(edition, shards, at(15)),
  );
  await repo.markEditionStarted(edition.id, at(16));
  const shardJobs = await repo.editionJobs(edition.id);
  const imported = await repo.insertImportedJob(edition, {
    name: "salvage",
    shardKey: "legacy",
    outputDir: path.join(root, "imports", "a"),
    files: 2,
    records: 7,
    now: at(17),
  });
  answers.push(imported);
  const decision = {
    edition_id: edition.id,
    from_state: "pending",
    reason: "checked by hand",
    decided_by: "ops",
    decided_at: at(18),
  };
  answers.push(
    await repo.recordShardDecision({
      ...decision,
      job: shardJobs[0],
      action: "requeue",
      to_state: "pending",
    }),
  );
  answers.push(
    await repo.recordShardDecision({
      ...decision,
      job: shardJobs[1],
      action: "accept",
      to_state: "accepted",
    }),
  );
  answers.push(
    await repo.claimCampaign(2026, "process-a", at(19)),
    await repo.claimCampaign(2026, "process-b", at(19)),
  );
  await repo.finishCampaign(2026, "done", at(20));
  const editionCaptures = demoCaptures(shardJobs[1].id, root)
    .slice(0, 12)
    .map((c) => ({ ...c, capture_timestamp: at(21) }));
  answers.push(await repo.recordCaptures(shardJobs[1].id, editionCaptures, at(21)));
  await repo.saveRecount(
    edition.id,
    {
      summary: {
        status: "search_ready",
        searchReady: true,
        researchReady: false,
        intended: 10,
        captured: 12,
        failed: 0,
        excluded: 1,
      } as never,
      backendCounts: { test: 12 },
      manifestPath: null,
      reportJsonPath: "/report.json",
      reportMdPath: "/report.md",
      shards: [{ jobId: shardJobs[1].id, state: "accepted", reason: "rule" }],
    },
    at(22),
  );
  const first = await repo.snapshotsOfJob(crawl1.id);
  const change = (i: number, type: "new_page" | "updated" | "removed") => ({
    job_id: crawl1.id,
    source_id: 4,
    snapshot_id: first[i].id,
    previous_snapshot_id: i ? first[i - 1].id : null,
    group: first[i].normalized_url_group ?? first[i].url,
    url: first[i].url,
    type,
    summary: `${type} ${i}`,
    added: i,
    removed: 1,
    sections: JSON.stringify(["Prevention"]),
    ratio: i / 10,
    noise: i % 2,
    significance: (["noise", "minor", "moderate", "major"] as const)[i % 4],
    significanceFacts: i % 2 ? null : JSON.stringify({ shareChanged: i / 10, wordsChanged: i }),
    captured_at: first[i].capture_timestamp,
  });
  await repo.recordChanges(
    crawl1.id,
    [change(1, "new_page"), change(2, "updated"), change(3, "removed")],
    at(23),
  );
  await repo.recordChanges(crawl1.id, [change(4, "updated")], at(24));
  await repo.addUsage([
    { day: "2026-11-20", metric: "searches", count: 3 },
    { day: "2026-11-20", metric: "replays", count: 1 },
  ]);
  await repo.addUsage([{ day: "2026-11-20", metric: "searches", count: 2 }]);
  await repo.recordZimPath([crawl1.id], "/exports/demo.zim", at(25));
  answers.push(await repo.claimScheduledRun("annual-search-verify", "2026-11-20T15"));
  answers.push(await repo.claimScheduledRun("annual-search-verify", "2026-11-20T15"));
  return answers;
}
