import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertSnapshot } from "../../server/archive/index/snapshots-store.js";
import { JOB_STATUSES, type JobTrigger, TRANSITIONS } from "../../server/archive/jobs/job-transitions.js";
import { createJob, getJob, transitionJob } from "../../server/archive/jobs/jobs-store.js";
import { ApiError } from "../../server/core/errors.js";
import type { Store } from "../../server/db/types.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

const NOW = "2026-02-01T10:00:00.000Z";
const TRIGGERS: JobTrigger[] = [
  "start",
  "crawl_succeeded",
  "crawl_failed",
  "retry",
  "index_start",
  "index_succeeded",
  "index_failed",
  "reindex",
];
const config = { seeds: ["http://127.0.0.1:1/"], zimit_passthrough_args: [], tool_options: {}, scope: {} };

let env: Awaited<ReturnType<typeof openArchiveStore>>;
let store: Store;
beforeEach(async () => {
  env = await openArchiveStore();
  store = env.store;
});
afterEach(() => env.cleanup());

/** Puts a job into `status` directly (test set-up), bypassing the machine. */
async function jobIn(status: string, retryCount = 0) {
  const job = await createJob(store, env.dataDir, { sourceCode: "demo", name: `job-${status}`, config }, NOW);
  await store.write((tx) =>
    tx.run("UPDATE archive_jobs SET status = ?, retry_count = ? WHERE id = ?", [status, retryCount, job.id]),
  );
  return getJob(store, job.id)!;
}

describe("job lifecycle", () => {
  it("creating a job queues it with its folder, state file and defaults", async () => {
    const job = await createJob(store, env.dataDir, { sourceCode: "phac", name: "phac-2026", config }, NOW);
    expect(job).toMatchObject({
      status: "queued",
      queued_at: NOW,
      retry_count: 0,
      warc_file_count: 0,
      indexed_page_count: 0,
      cleanup_status: "none",
      acceptance_state: "pending",
    });
    expect(job.output_dir).toBe(`${env.dataDir}/archive/jobs/${job.id}`);
    expect(job.state_file_path).toBe(`${job.output_dir}/.archive_state.json`);
  });

  it("allows every transition of the spec's table and sets its timestamps", async () => {
    for (const [from, trigger, to] of TRANSITIONS) {
      const job = await jobIn(from);
      const after = await transitionJob(store, job.id, trigger, NOW, 3);
      expect(after.status, `${from} --${trigger}-->`).toBe(to);
      if (trigger === "start") expect(after.started_at).toBe(NOW);
      if (trigger === "crawl_failed" || trigger === "crawl_succeeded") expect(after.finished_at).toBe(NOW);
      if (trigger === "retry") expect(after.retry_count).toBe(1);
    }
  });

  it("refuses every illegal transition with 409 and writes nothing", async () => {
    let refused = 0;
    for (const from of JOB_STATUSES) {
      for (const trigger of TRIGGERS) {
        if (TRANSITIONS.some(([f, t]) => f === from && t === trigger)) continue;
        const job = await jobIn(from);
        const err = await transitionJob(store, job.id, trigger, "2030-01-01T00:00:00.000Z", 3, {
          pages_crawled: 99,
        }).catch((e) => e);
        expect(err, `${from} --${trigger}-->`).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(409);
        expect((err as ApiError).message).toContain(from);
        expect(getJob(store, job.id)).toEqual(job);
        refused++;
      }
    }
    expect(refused).toBe(JOB_STATUSES.length * TRIGGERS.length - TRANSITIONS.length);
  });

  it("failed → retryable only while retry_count is below the maximum", async () => {
    const job = await jobIn("failed", 2);
    expect((await transitionJob(store, job.id, "retry", NOW, 3)).status).toBe("retryable");
    const spent = await jobIn("failed", 3);
    const err = await transitionJob(store, spent.id, "retry", NOW, 3).catch((e) => e);
    expect(err).toMatchObject({ type: "Conflict" });
    expect(getJob(store, spent.id)!.status).toBe("failed");
  });

  it("an unknown job is a 404", async () => {
    await expect(transitionJob(store, 999, "start", NOW, 3)).rejects.toMatchObject({ type: "NotFound" });
  });
});

describe("String(n) limits", () => {
  it("refuses an over-long job name or shard kind with a message naming the field", async () => {
    await expect(
      createJob(store, env.dataDir, { sourceCode: "demo", name: "x".repeat(201), config }, NOW),
    ).rejects.toThrow(/name is 201 characters long; at most 200/);
    await expect(
      createJob(
        store,
        env.dataDir,
        { sourceCode: "demo", name: "ok", shardKind: "k".repeat(51), config },
        NOW,
      ),
    ).rejects.toThrow(/shard_kind/);
    await expect(
      createJob(store, env.dataDir, { sourceCode: "nope", name: "ok", config }, NOW),
    ).rejects.toThrow(/source "nope"/);
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM archive_jobs")!.n).toBe(0);
  });

  it("refuses an over-long snapshot title and the schema refuses what slips past", async () => {
    const job = await createJob(store, env.dataDir, { sourceCode: "demo", name: "j", config }, NOW);
    const snap = {
      job_id: job.id,
      source_id: job.source_id,
      url: "http://x/",
      normalized_url_group: "http://x/",
      capture_timestamp: NOW,
      mime_type: "text/html",
      status_code: 200,
      title: "t".repeat(501),
      snippet: null,
      language: "en",
      capture_backend: "node_warc",
      capture_fidelity: "high" as const,
      provenance_json: "{}",
      warc_path: "/w.warc.gz",
      warc_record_id: "<r>",
      content_hash: "h",
      text: "body",
    };
    await expect(store.write((tx) => insertSnapshot(tx, snap, NOW))).rejects.toThrow(
      /title is 501 characters/,
    );
    await expect(
      store.write((tx) =>
        tx.run("INSERT INTO sources (code, name, created_at, updated_at) VALUES (?, 'n', ?, ?)", [
          "c".repeat(51),
          NOW,
          NOW,
        ]),
      ),
    ).rejects.toThrow(/CHECK/);
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")!.n).toBe(0);
  });

  it("writes a snapshot and its FTS row together, marks an identical later body a duplicate", async () => {
    const job = await createJob(store, env.dataDir, { sourceCode: "demo", name: "j", config }, NOW);
    const base = {
      job_id: job.id,
      source_id: job.source_id,
      url: "http://x/a",
      normalized_url_group: "http://x/a",
      mime_type: "text/html",
      status_code: 200,
      title: "Santé publique",
      snippet: null,
      language: "fr",
      capture_backend: "node_warc",
      capture_fidelity: "high" as const,
      provenance_json: "{}",
      warc_path: "/w.warc.gz",
      warc_record_id: "<r1>",
      content_hash: "abc",
      text: "vaccination contre la grippe",
    };
    const [a, b] = await store.write((tx) => [
      insertSnapshot(tx, { ...base, capture_timestamp: "2025-01-01T00:00:00.000Z" }, NOW),
      insertSnapshot(
        tx,
        { ...base, capture_timestamp: "2026-01-01T00:00:00.000Z", warc_record_id: "<r2>" },
        NOW,
      ),
    ]);
    const rows = store.all<{ id: number; is_duplicate: number }>(
      "SELECT id, is_duplicate FROM snapshots ORDER BY id",
    );
    expect(rows).toEqual([
      { id: a, is_duplicate: 0 },
      { id: b, is_duplicate: 1 },
    ]);
    const hits = store.all<{ docid: number }>(
      "SELECT docid FROM snapshots_fts WHERE snapshots_fts MATCH 'sante grippe' ORDER BY docid",
    );
    expect(hits.map((h) => h.docid)).toEqual([a, b]);
  });
});

describe("search result cache", () => {
  it("serves a new capture as soon as it is indexed", async () => {
    const { runSearch } = await import("../../server/archive/search/search.js");
    const job = await createJob(store, env.dataDir, { sourceCode: "demo", name: "j", config }, NOW);
    const snap = (n: number) => ({
      job_id: job.id,
      source_id: job.source_id,
      url: `http://x/p${n}`,
      normalized_url_group: `http://x/p${n}`,
      capture_timestamp: NOW,
      mime_type: "text/html",
      status_code: 200,
      title: `Radon ${n}`,
      snippet: "radon testing",
      language: "en",
      capture_backend: "node_warc",
      capture_fidelity: "high" as const,
      provenance_json: "{}",
      warc_path: "/w.warc.gz",
      warc_record_id: `<r${n}>`,
      content_hash: `h${n}`,
      text: "radon testing at home",
    });
    const params = {
      q: "radon",
      view: "pages" as const,
      sort: "relevance" as const,
      page: 1,
      pageSize: 20,
      includeNon2xx: false,
      includeDuplicates: false,
    };
    await store.write((tx) => insertSnapshot(tx, snap(1), NOW));
    expect((await runSearch(store, params)).total).toBe(1);
    expect((await runSearch(store, params)).total).toBe(1);
    await store.write((tx) => insertSnapshot(tx, snap(2), NOW));
    expect((await runSearch(store, params)).total).toBe(2);
  });
});
