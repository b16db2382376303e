/**
 * The packed search index (in its worker thread) answers exactly like the FTS4 path: same mode,
 * total, ids in the same order, page counts and scores, quoted phrases included, over a generated
 * EN/FR corpus indexed by the real indexer (several FTS4 segments, merged ones included), and
 * after new snapshots arrive via the indexer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SearchParams, searchUncached } from "../../server/archive/search/search.js";
import {
  searchIndexReady,
  searchIndexStatus,
  searchWorkersOf,
  startSearchIndex,
} from "../../server/archive/search/search-index.js";
import { searchParams } from "../../server/archive/search/search-types.js";
import type { Store } from "../../server/db/types.js";
import { indexGeneratedJob } from "../helpers/archive/search-corpus.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

let ctx: Awaited<ReturnType<typeof openArchiveStore>>;
beforeAll(async () => {
  ctx = await openArchiveStore();
  // 1,000 captures in batches of 50: 20 FTS4 segments, so level-0 segments merge once.
  await indexGeneratedJob(ctx.store, ctx.dataDir, { count: 1000, first: 0, day: "2026-03-01T08:00:00.000Z" });
}, 180_000);
afterAll(() => ctx?.cleanup());

const base: SearchParams = searchParams("");

const queries: Partial<SearchParams>[] = [
  { q: "" },
  { q: "", view: "snapshots", page: 3 },
  { q: "", language: "fr", includeDuplicates: true, includeNon2xx: true },
  { q: "influenza" },
  { q: "influenza", view: "snapshots", pageSize: 100 },
  { q: "vaccination", page: 2 },
  { q: "santé" },
  { q: "sante publique", view: "snapshots" },
  { q: "grippe saisonnière", language: "fr" },
  { q: "hand washing", sort: "newest" },
  { q: "measles rougeole" },
  { q: "water", from: "2026-03-01", to: "2026-03-01", view: "snapshots" },
  { q: "eau", source: "demo", includeNon2xx: true, includeDuplicates: true, pageSize: 100 },
  { q: "eau", source: "nosuchsource" },
  { q: "print" },
  { q: "vacc" },
  { q: "vacc pets" },
  { q: "soap rabis" },
  { q: "measl vacinnation", view: "snapshots" },
  { q: "rouge", view: "snapshots" },
  { q: "vacinnation" },
  { q: "grippr saisonniere" },
  { q: "zzzqqq" },
  { q: "le la les" },
  { q: "p12" },
  { q: "influenza", page: 500 },
  { q: "measles OR rougeole" },
  { q: "influenza NOT vaccine", view: "snapshots" },
  { q: "title:influenza", sort: "newest" },
  { q: "url:print OR url:fr", includeDuplicates: true },
  { q: "snippet:water AND hands" },
  { q: "(grippe OR influenza) AND NOT vaccin", language: "fr" },
  { q: "NOT influenza", pageSize: 50 },
  { q: "NOT grippe", includeNon2xx: true, includeDuplicates: true, view: "snapshots", page: 9 },
  { q: '"hand washing"' },
  { q: '"respiratory infection" OR grippe' },
  { q: '"seasonal influenza"' },
  { q: '"influenza" OR "grippe"', view: "snapshots" },
  { q: 'title:"influenza"' },
  { q: 'title:"seasonal influenza"', view: "snapshots" },
  { q: '"flu viruses" NOT title:influenza', sort: "newest" },
  { q: "AND OR" },
  // Quoted phrases: answered from word positions, counted as FTS4 counts them.
  { q: '"soap and water"', view: "snapshots", pageSize: 100 },
  { q: '"wash your hands often"' },
  { q: '"infection respiratoire"', language: "fr" },
  { q: '"à l\'eau et au savon"', view: "snapshots" },
  { q: 'title:"salubrite des aliments"', view: "snapshots", pageSize: 100 },
  { q: 'snippet:"flu vaccine" OR title:"seasonal influenza"' },
  { q: 'url:"corpus example fr"', pageSize: 5, page: 3 },
  { q: '"water soap"' },
  { q: '"la la"' },
  { q: '"soap zzzqqq"' },
  { q: '"sudden fever" AND NOT "muscle aches"', sort: "newest" },
  // FTS4 itself refuses this one as malformed (a column before a quoted phrase): no longer a 500.
  { q: 'grippe OR title:"seasonal influenza"', view: "snapshots" },
];

type Outcome = Awaited<ReturnType<typeof searchUncached>>;
async function runAll(store: Store): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const q of queries) out.push(await searchUncached(store, { ...base, ...q }));
  return out;
}
const answeredBy = (list: Outcome[]) => new Set(list.map((o) => o.answeredBy));

async function waitReady(store: Store) {
  for (let i = 0; i < 600 && !searchIndexReady(store); i++) await new Promise((r) => setTimeout(r, 50));
  expect(searchIndexReady(store)).toBe(true);
}

function expectSame(mem: Outcome[], fts: Outcome[]) {
  mem.forEach((m, i) => {
    const f = fts[i];
    const label = JSON.stringify(queries[i]);
    expect({ label, mode: m.mode, total: m.total, marks: m.marks }).toEqual({
      label,
      mode: f.mode,
      total: f.total,
      marks: f.marks,
    });
    expect(
      m.hits.map((h) => [h.id, h.group, h.ts, h.pageSnapshotsCount]),
      label,
    ).toEqual(f.hits.map((h) => [h.id, h.group, h.ts, h.pageSnapshotsCount]));
    m.hits.forEach((h, k) => {
      expect(h.score, label).toBeCloseTo(f.hits[k].score, 9);
    });
  });
}

describe("in-memory search index", () => {
  it("returns what the FTS4 path returns, for every mode, filter and view", async () => {
    const fts = await runAll(ctx.store);
    expect(answeredBy(fts)).toEqual(new Set(["fts4"]));
    // The corpus exercises every relevance mode and real result lists.
    expect(new Set(fts.map((o) => o.mode))).toEqual(
      new Set(["newest", "relevance_fts", "relevance_fallback", "relevance_fuzzy", "boolean"]),
    );
    expect(fts[3].total).toBeGreaterThan(5);
    for (const q of [
      '"seasonal influenza"',
      '"soap and water"',
      '"à l\'eau et au savon"',
      'title:"salubrite des aliments"',
      'url:"corpus example fr"',
    ])
      expect(fts[queries.findIndex((x) => x.q === q)].total, q).toBeGreaterThan(5);
    const index = startSearchIndex(ctx.store, (err) => {
      throw err;
    });
    try {
      await waitReady(ctx.store);
      const mem = await runAll(ctx.store);
      expect(answeredBy(mem)).toEqual(new Set(["index"]));
      expectSame(mem, fts);
    } finally {
      index.stop();
    }
  }, 120_000);

  it("learns snapshots indexed after start-up, and still matches FTS4", async () => {
    const index = startSearchIndex(ctx.store, (err) => {
      throw err;
    });
    try {
      await waitReady(ctx.store);
      const before = (await searchUncached(ctx.store, { ...base, q: "", view: "snapshots" })).total;
      await indexGeneratedJob(ctx.store, ctx.dataDir, {
        count: 120,
        first: 5000,
        day: "2026-04-02T08:00:00.000Z",
      });
      // Fed by the indexer's hook, not rebuilt: ready at once.
      expect(searchIndexReady(ctx.store)).toBe(true);
      const mem = await runAll(ctx.store);
      expect(answeredBy(mem)).toEqual(new Set(["index"]));
      const all = await searchUncached(ctx.store, { ...base, q: "", view: "snapshots" });
      expect(all.total).toBeGreaterThan(before);
      const newest = await searchUncached(ctx.store, { ...base, q: "influenza", sort: "newest" });
      expect(newest.hits[0].ts.startsWith("2026-04-02")).toBe(true);
      const phrase = await searchUncached(ctx.store, { ...base, q: '"soap and water"', sort: "newest" });
      expect(phrase.answeredBy).toBe("index");
      expect(phrase.hits[0].ts.startsWith("2026-04-02")).toBe(true);
      index.stop();
      expectSame(mem, await runAll(ctx.store));
    } finally {
      index.stop();
    }
  }, 120_000);

  it("starts no worker for an empty archive, then one with its first snapshots", async () => {
    const empty = await openArchiveStore();
    const index = startSearchIndex(empty.store, (err) => {
      throw err;
    });
    try {
      expect(searchIndexStatus(empty.store)).toMatchObject({ state: "idle" });
      expect(searchWorkersOf(empty.store)).toEqual([]);
      await indexGeneratedJob(empty.store, empty.dataDir, {
        count: 20,
        first: 0,
        day: "2026-03-01T08:00:00.000Z",
      });
      expect(searchWorkersOf(empty.store)).toHaveLength(1);
      await waitReady(empty.store);
      const all = { view: "snapshots" as const, includeNon2xx: true, includeDuplicates: true };
      const out = await searchUncached(empty.store, { ...base, ...all, q: "" });
      expect({ by: out.answeredBy, total: out.total }).toEqual({ by: "index", total: 20 });
    } finally {
      index.stop();
      await empty.cleanup();
    }
  }, 60_000);

  it("shares the index with a replica that answers alongside the primary and catches up after feeds", async () => {
    const errors: string[] = [];
    const index = startSearchIndex(ctx.store, (err) => errors.push(String(err)), true, {
      replicas: 1,
      replicaMinDocs: 0,
      quietMs: 20,
    });
    const replicaAt = () => (searchIndexStatus(ctx.store).workers as { maxId: number | null }[])[1]?.maxId;
    const replicaAnswered = () =>
      (searchIndexStatus(ctx.store).workers as { answered: number }[])[1]?.answered;
    const untilReplicaAt = async (top: number) => {
      for (let i = 0; i < 400 && replicaAt() !== top; i++) await new Promise((r) => setTimeout(r, 25));
      expect(replicaAt()).toBe(top);
    };
    const top = () => (ctx.store.get<{ m: number }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0) as number;
    /** Every query at once, so both workers get some. */
    const concurrently = () => Promise.all(queries.map((q) => searchUncached(ctx.store, { ...base, ...q })));
    try {
      await waitReady(ctx.store);
      await untilReplicaAt(top());
      const shared = await concurrently();
      expect(answeredBy(shared)).toEqual(new Set(["index"]));
      expect(replicaAnswered()).toBeGreaterThan(0);

      await indexGeneratedJob(ctx.store, ctx.dataDir, {
        count: 40,
        first: 9000,
        day: "2026-04-05T08:00:00.000Z",
      });
      // The replica still reads the index before these: the primary answers alone, correctly.
      expect(replicaAt()).toBeLessThan(top());
      const before = replicaAnswered();
      const fed = await concurrently();
      expect(replicaAnswered()).toBe(before);
      await untilReplicaAt(top());
      const caughtUp = await concurrently();
      expect(replicaAnswered()).toBeGreaterThan(before);

      // A replica that dies is started again and handed the index.
      const [, replica] = searchWorkersOf(ctx.store);
      await replica.terminate();
      await untilReplicaAt(top());
      expect(searchWorkersOf(ctx.store)[1]).not.toBe(replica);
      expect(errors).toEqual(["Error: search worker exited with code 1"]);
      const restarted = await concurrently();

      index.stop();
      const fts = await runAll(ctx.store);
      for (const out of [fed, caughtUp, restarted]) expectSame(out, fts);
    } finally {
      index.stop();
    }
  }, 120_000);
});
