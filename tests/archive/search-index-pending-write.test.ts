/**
 * A search index that starts while a write is on its way to disk: the transaction's snapshot
 * rows are already visible, but FTS4 holds their words until COMMIT. The index must not take
 * those snapshots as built (their words would be missing, and the indexer's feed that follows the
 * commit would be taken as already covered): it starts from committed data only.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertSnapshot } from "../../server/archive/index/snapshots-store.js";
import { searchUncached } from "../../server/archive/search/search.js";
import {
  feedSearchIndex,
  searchIndexReady,
  startSearchIndex,
} from "../../server/archive/search/search-index.js";
import { indexGeneratedJob } from "../helpers/archive/search-corpus.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

let ctx: Awaited<ReturnType<typeof openArchiveStore>>;
beforeAll(async () => {
  ctx = await openArchiveStore();
  await indexGeneratedJob(ctx.store, ctx.dataDir, { count: 20, first: 0, day: "2026-03-01T08:00:00.000Z" });
}, 60_000);
afterAll(() => ctx?.cleanup());

it("starts from committed snapshots only, and learns the pending one from the indexer's feed", async () => {
  const { store } = ctx;
  const job = store.get<{ job_id: number; source_id: number }>(
    "SELECT job_id, source_id FROM snapshots LIMIT 1",
  );
  if (!job) throw new Error("no snapshot");
  const text = "a quokka crossed the xylophonic meadow";
  const row = {
    ...job,
    url: "http://corpus.example/en/quokka.html",
    normalized_url_group: "http://corpus.example/en/quokka.html",
    capture_timestamp: "2026-03-02T08:00:00.000Z",
    mime_type: "text/html",
    status_code: 200,
    title: "Quokka",
    snippet: text,
    language: "en",
    capture_backend: "test",
    capture_fidelity: "high" as const,
    provenance_json: "{}",
    warc_path: "none.warc.gz",
    warc_record_id: "<urn:uuid:quokka>",
    content_hash: "quokka",
    text,
  };
  let id = 0;
  const written = store.write((tx) => {
    id = insertSnapshot(tx, row, "2026-03-02T08:00:00.000Z");
  });
  // The transaction opens on the write queue's next turn; its journal write is still under way.
  for (let i = 0; i < 20 && !id; i++) await Promise.resolve();
  expect(id).toBeGreaterThan(0);
  const index = startSearchIndex(store, (err) => {
    throw err;
  });
  try {
    await written;
    // What the indexer does once the write is durable.
    feedSearchIndex(store, [{ id, title: row.title, url: row.url, text }]);
    for (let i = 0; i < 600 && !searchIndexReady(store); i++) await new Promise((r) => setTimeout(r, 50));
    expect(searchIndexReady(store)).toBe(true);
    const out = await searchUncached(store, {
      q: "xylophonic",
      view: "snapshots",
      sort: "relevance",
      page: 1,
      pageSize: 10,
      includeNon2xx: false,
      includeDuplicates: false,
    });
    expect({ by: out.answeredBy, mode: out.mode, ids: out.hits.map((h) => h.id) }).toEqual({
      by: "index",
      mode: "relevance_fts",
      ids: [id],
    });
  } finally {
    index.stop();
  }
}, 60_000);
