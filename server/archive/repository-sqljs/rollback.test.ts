/**
 * Each write method of the sql.js archive repository is one transaction: when it fails half-way,
 * nothing it had written stays, in memory or on disk (the store is reopened to check).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStore } from "../../db/store.js";
import type { Store } from "../../db/types.js";
import { BUILT_IN_SOURCES } from "../crawl/sources-store.js";
import { archiveModule } from "../index.js";
import type { ArchiveRepository, NewSnapshot } from "../repository.js";
import { createSqljsArchiveRepository } from "./index.js";

const NOW = "2026-03-01T08:00:00.000Z";
const config = { seeds: ["https://example.org/"], zimit_passthrough_args: [], tool_options: {}, scope: {} };
let dir: string;
let store: Store;
let repo: ArchiveRepository;

const open = () => createStore({ dataDir: dir, name: "archive", migrations: archiveModule.migrations });
const state = (s: Store) => ({
  jobs: s.all(
    "SELECT id, status, indexed_page_count, superseded_by, acceptance_state FROM archive_jobs ORDER BY id",
  ),
  snapshots: s.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")!.n,
  fts: s.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots_fts_docsize")!.n,
  decisions: s.get<{ n: number }>("SELECT COUNT(*) AS n FROM shard_decisions")!.n,
});
const capture = (url: string, title: string): NewSnapshot => ({
  job_id: 1,
  source_id: 1,
  url,
  normalized_url_group: url,
  capture_timestamp: NOW,
  mime_type: "text/html",
  status_code: 200,
  title,
  snippet: null,
  language: "en",
  capture_backend: "test",
  capture_fidelity: "high",
  provenance_json: "{}",
  warc_path: path.join(dir, "archive", "jobs", "1", "a.warc.gz"),
  warc_record_id: `<urn:uuid:${url}>`,
  content_hash: url,
  text: "hand washing",
});

/** Checks the state now and after reopening the store from its files. */
async function expectUnchanged(before: ReturnType<typeof state>) {
  expect(state(store)).toEqual(before);
  await store.close();
  store = await open();
  expect(state(store)).toEqual(before);
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "archive-rollback-"));
  store = await open();
  repo = createSqljsArchiveRepository(store, path.join(dir, "archive"));
  await repo.ensureSources(BUILT_IN_SOURCES, NOW);
  await repo.createJob({ sourceCode: "demo", name: "first", config }, NOW);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sql.js archive repository: a write that fails half-way leaves nothing", () => {
  it("recordCaptures: no snapshot, no full-text row, the job's page count as it was", async () => {
    await repo.recordCaptures(1, [capture("https://example.org/a", "A")], NOW);
    const before = state(store);
    // The first capture is written before the second is refused for its over-long title.
    const batch = [capture("https://example.org/b", "B"), capture("https://example.org/c", "x".repeat(501))];
    await expect(repo.recordCaptures(1, batch, NOW)).rejects.toMatchObject({ type: "ValidationError" });
    await expectUnchanged(before);
  });

  it("createShardJobs: none of the edition's jobs when one of them is refused", async () => {
    const edition = await repo.ensureEdition(4, 2026, NOW);
    const before = state(store);
    const shards = [
      { name: "demo-2026-en", shardKey: "en", shardKind: "path-language", config },
      { name: " ", shardKey: "fr", shardKind: "path-language", config },
    ];
    await expect(repo.createShardJobs(edition, shards, NOW)).rejects.toMatchObject({
      type: "ValidationError",
    });
    await expectUnchanged(before);
  });

  it("recordShardDecision: a re-queue whose decision is refused leaves no new job and no superseded mark", async () => {
    const edition = await repo.ensureEdition(4, 2026, NOW);
    await repo.createShardJobs(
      edition,
      [{ name: "demo-2026-en", shardKey: "en", shardKind: "path-language", config }],
      NOW,
    );
    const job = (await repo.editionJobs(edition.id))[0];
    const before = state(store);
    // The new job and the superseded mark come first; the decision row breaks its CHECK (reason too long).
    const decision = {
      edition_id: edition.id,
      job,
      action: "requeue" as const,
      from_state: "pending",
      to_state: "pending",
      reason: "r".repeat(501),
      decided_by: "tester",
      decided_at: NOW,
    };
    await expect(repo.recordShardDecision(decision)).rejects.toThrow();
    await expectUnchanged(before);
  });
});
