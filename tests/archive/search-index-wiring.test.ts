/**
 * The archive module builds its in-memory search index after start-up, reports it in
 * /api/health?details=1, and GET /api/search then answers exactly as the FTS4 path did over the
 * same database (computed before the server started, with no index).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { type SearchParams, searchUncached } from "../../server/archive/search/search.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { openArchiveStore } from "./helpers.js";
import { indexGeneratedJob } from "./search-corpus.js";

const base: SearchParams = {
  q: "",
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize: 10,
  includeNon2xx: false,
  includeDuplicates: false,
};
const queries = ["influenza", "grippe saisonniere", "vacc", "vacinnation", "measles OR rougeole", ""];

let server: TestServer;
let expected: { mode: string; total: number; ids: number[] }[];
const archive = createArchiveModule();

beforeAll(async () => {
  const seed = await openArchiveStore();
  await indexGeneratedJob(seed.store, seed.dataDir, {
    count: 200,
    first: 0,
    day: "2026-05-01T08:00:00.000Z",
  });
  expected = [];
  for (const q of queries) {
    const out = await searchUncached(seed.store, { ...base, q });
    expected.push({ mode: out.mode, total: out.total, ids: out.hits.map((h) => h.id) });
  }
  await seed.store.close();
  server = await startTestServer({ dataDir: seed.dataDir, modules: [archive] });
}, 180_000);
afterAll(() => server?.close());

describe("search index in the running server", () => {
  it("is built after start-up, reported by health, and answers like FTS4", async () => {
    let index: { state: string; documents: number } | undefined;
    for (let i = 0; i < 200; i++) {
      const health = await (await fetch(`${server.baseUrl}/api/health?details=1`)).json();
      index = JSON.stringify(health).includes('"searchIndex"')
        ? JSON.parse(JSON.stringify(health).match(/"searchIndex":(\{[^}]*\})/)?.[1] ?? "{}")
        : undefined;
      if (index?.state === "ready") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(index).toMatchObject({ state: "ready", documents: 200 });
    for (const [i, q] of queries.entries()) {
      const res = await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(q)}&pageSize=10`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { mode: string; total: number; results: { id: number }[] };
      expect({ q, mode: body.mode, total: body.total, ids: body.results.map((r) => r.id) }).toEqual({
        q,
        ...expected[i],
      });
    }
  }, 60_000);
});
