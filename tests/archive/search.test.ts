/** GET /api/search, /metrics and /api/usage over the demo captures (real crawl, real index). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const archive = createArchiveModule();
let server: TestServer;
const TOKEN = "s3cret-admin-token-for-tests";

beforeAll(async () => {
  server = await startTestServer({
    modules: [archive],
    demo: true,
    archiveDemo: true,
    env: { ARCHIVE_ADMIN_TOKEN: TOKEN },
  });
  await archive.demoReady();
}, 120_000);
afterAll(() => server?.close());

type Result = {
  id: number;
  title: string;
  originalUrl: string;
  language: string;
  snippet: string;
  pageSnapshotsCount: number;
  replayUrl: string;
  sourceCode: string;
  captureTimestamp: string;
};
const search = async (qs: string) => {
  const res = await fetch(`${server.baseUrl}/api/search?${qs}`);
  return {
    status: res.status,
    body: (await res.json()) as {
      results: Result[];
      total: number;
      mode: string;
      page: number;
      pageSize: number;
      message?: string;
    },
  };
};

describe("search modes", () => {
  it("newest when q is empty: every page, latest first", async () => {
    const { body } = await search("pageSize=5");
    expect(body.mode).toBe("newest");
    expect(body.total).toBeGreaterThanOrEqual(68);
    const ts = body.results.map((r) => r.captureTimestamp);
    expect([...ts].sort().reverse()).toEqual(ts);
  });

  it("relevance_fts ranks the topic page first, marks the terms, links to replay", async () => {
    const { body } = await search("q=influenza&language=en");
    expect(body.mode).toBe("relevance_fts");
    expect(body.results[0].originalUrl).toMatch(/\/en\/topics\/influenza\/$/);
    expect(body.results[0].pageSnapshotsCount).toBe(2);
    expect(body.results[0].snippet).toContain("<mark>");
    const replay = await fetch(body.results[0].replayUrl);
    expect(replay.status).toBe(200);
  });

  it("folds accents in French and English: sante finds santé", async () => {
    const { body } = await search("q=sante+mentale");
    expect(body.mode).toBe("relevance_fts");
    expect(body.results[0].originalUrl).toMatch(/\/fr\/topics\/mental-health\//);
    expect(body.results[0].snippet).toMatch(/<mark>[Ss]anté<\/mark>/);
  });

  it("falls back to token prefixes, then to typo-tolerant search", async () => {
    const prefix = await search("q=influen");
    expect(prefix.body.mode).toBe("relevance_fallback");
    expect(prefix.body.results.some((r) => r.originalUrl.includes("/influenza/"))).toBe(true);
    const fuzzy = await search("q=influenzza");
    expect(fuzzy.body.mode).toBe("relevance_fuzzy");
    expect(fuzzy.body.results.some((r) => r.originalUrl.includes("/influenza/"))).toBe(true);
    const none = await search("q=zzqxw");
    expect(none.body.total).toBe(0);
  });

  it("needs every word in each fallback: word beginnings of all of them, then near spellings of all of them", async () => {
    const onlyRabies = (results: Result[]) => [
      ...new Set(results.map((r) => new URL(r.originalUrl).pathname.split("/").slice(0, 4).join("/"))),
    ];
    // "vacc" begins words on many pages, "pets" is on the rabies page only.
    const prefixes = await search("q=vacc+pets");
    expect(prefixes.body.mode).toBe("relevance_fallback");
    expect(onlyRabies(prefixes.body.results)).toEqual(["/en/topics/rabies"]);
    // A typo in one word: its near spelling is needed too, not any page with "soap".
    const typo = await search("q=soap+rabis");
    expect(typo.body.mode).toBe("relevance_fuzzy");
    expect(onlyRabies(typo.body.results)).toEqual(["/en/topics/rabies"]);
  });

  it("boolean: OR, NOT, phrases and field terms", async () => {
    const or = await search(`q=${encodeURIComponent("rabies OR radon")}&language=en`);
    expect(or.body.mode).toBe("boolean");
    const urls = or.body.results.map((r) => r.originalUrl);
    expect(urls.some((u) => u.includes("/rabies/"))).toBe(true);
    expect(urls.some((u) => u.includes("/radon/"))).toBe(true);
    const not = await search(`q=${encodeURIComponent("tick NOT lyme")}`);
    expect(not.body.results.every((r) => !/lyme/i.test(r.title))).toBe(true);
    const phrase = await search(`q=${encodeURIComponent('"blacklegged tick"')}`);
    expect(phrase.body.total).toBeGreaterThan(0);
    // A quote left open (a phone's keyboard, a slip) runs to the end of the query.
    const unclosed = await search(`q=${encodeURIComponent('"blacklegged tick')}`);
    expect(unclosed.body.total).toBe(phrase.body.total);
    const afterWord = await search(`q=${encodeURIComponent('lyme "blacklegged tick')}`);
    expect(afterWord.body.total).toBeGreaterThan(0);
    expect(afterWord.body.total).toBeLessThanOrEqual(phrase.body.total);
    const title = await search(`q=${encodeURIComponent("title:rougeole")}&view=snapshots`);
    expect(title.body.results.length).toBeGreaterThan(0);
    expect(title.body.results.every((r) => /rougeole/i.test(r.title))).toBe(true);
  });

  it("url: exact page, then prefix", async () => {
    const base = (await (await fetch(`${server.baseUrl}/api/sources`)).json()).sources.find(
      (s: { code: string }) => s.code === "demo",
    ).baseUrl as string;
    const exact = await search(`q=${encodeURIComponent(`${base}en/topics/measles`)}&view=snapshots`);
    expect(exact.body.mode).toBe("url");
    expect(exact.body.total).toBe(2);
    const prefix = await search(`q=${encodeURIComponent(`${base}fr/topics/rab`)}`);
    expect(prefix.body.mode).toBe("url");
    expect(prefix.body.results.map((r) => r.originalUrl).sort()).toEqual([
      `${base}fr/topics/rabies/`,
      `${base}fr/topics/rabies/prevention.html`,
    ]);
  });
});

describe("views, filters and validation", () => {
  it("pages view groups captures; snapshots view lists each", async () => {
    const pages = await search("q=measles&language=en&view=pages");
    const snaps = await search("q=measles&language=en&view=snapshots");
    expect(snaps.body.total).toBeGreaterThan(pages.body.total);
    const groups = new Set(pages.body.results.map((r) => r.originalUrl));
    expect(groups.size).toBe(pages.body.results.length);
  });

  it("filters by language, source and dates; pages with page/pageSize", async () => {
    const fr = await search("q=vaccin&language=fr");
    expect(fr.body.results.every((r) => r.language === "fr")).toBe(true);
    expect((await search("q=vaccine&source=hc")).body.total).toBe(0);
    expect((await search("q=vaccine&source=demo")).body.total).toBeGreaterThan(0);
    expect((await search("q=vaccine&to=2000-01-01")).body.total).toBe(0);
    const p1 = await search("pageSize=3&page=1");
    const p2 = await search("pageSize=3&page=2");
    expect(p1.body.results).toHaveLength(3);
    expect(p2.body.results[0].id).not.toBe(p1.body.results[0].id);
    expect(p2.body).toMatchObject({ page: 2, pageSize: 3 });
  });

  it("reads from and to as days in the reader's time zone (tz), UTC without one", async () => {
    const { total } = (await search("view=snapshots")).body;
    const taken: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 100); page++)
      for (const r of (await search(`view=snapshots&pageSize=100&page=${page}`)).body.results)
        taken.push(Date.parse(r.captureTimestamp));
    expect(taken.length).toBeGreaterThan(0);
    // A zone whose date differs from UTC's for the demo captures, taken minutes ago: UTC+14 is a
    // day ahead from 10:00 UTC on, UTC−11 a day behind before 11:00 UTC.
    const utcHour = new Date(Math.max(...taken)).getUTCHours();
    const zone = utcHour >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const dayIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(ms);
    const utcDay = dayIn(Math.max(...taken), "UTC");
    const localDay = dayIn(Math.max(...taken), zone);
    expect(localDay).not.toBe(utcDay);
    const count = async (qs: string) => (await search(`view=snapshots&pageSize=100&${qs}`)).body.total;
    const onUtcDay = taken.filter((t) => dayIn(t, "UTC") === utcDay).length;
    const onLocalDay = taken.filter((t) => dayIn(t, zone) === localDay).length;
    expect(await count(`from=${utcDay}&to=${utcDay}`)).toBe(onUtcDay);
    expect(await count(`from=${utcDay}&to=${utcDay}&tz=UTC`)).toBe(onUtcDay);
    expect(await count(`from=${localDay}&to=${localDay}&tz=${zone}`)).toBe(onLocalDay);
    expect(await count(`from=${utcDay}&to=${utcDay}&tz=${zone}`)).toBe(
      taken.filter((t) => dayIn(t, zone) === utcDay).length,
    );
    const bad = await search("tz=Mars/Olympus_Mons");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('"tz"');
  });

  it("answers 400 naming the bad parameter", async () => {
    const cases: [string, string][] = [
      ["pageSize=101", "pageSize"],
      ["page=0", "page"],
      ["view=list", "view"],
      ["sort=oldest", "sort"],
      ["language=de", "language"],
      ["from=2025-13-45", "from"],
      // Not on the calendar, though Date.parse reads it as 2 March.
      ["to=2026-02-30", "to"],
      ["from=2026-02-01&to=2026-01-01", "from"],
      [`q=${"a".repeat(257)}`, "q"],
      ["includeNon2xx=maybe", "includeNon2xx"],
    ];
    for (const [qs, name] of cases) {
      const { status, body } = await search(qs);
      expect(status, qs).toBe(400);
      expect(body).toMatchObject({ success: false, error: "ValidationError" });
      expect(body.message, qs).toContain(`"${name}"`);
    }
  });
});

describe("metrics and usage", () => {
  it("protects /metrics: 401 without a token, 403 with a wrong one, 200 with either header", async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: "Bearer nope" } })).status,
    ).toBe(403);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { "X-Admin-Token": "nope" } })).status).toBe(
      403,
    );
    const ok = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).toMatch(/^archive_jobs_total\{status="indexed"\} 2$/m);
    expect(text).toMatch(/^archive_snapshots_total \d+$/m);
    expect(text).toMatch(/^archive_snapshots_total\{source="demo"\} \d+$/m);
    expect(text).toMatch(/^archive_search_mode_total\{mode="relevance_fts"\} [1-9]/m);
    expect(text).toMatch(/^archive_search_duration_seconds_bucket\{le="0.5"\} [1-9]/m);
    for (const name of [
      "archive_jobs_cleanup_status_total",
      "archive_jobs_pages_crawled_total",
      "archive_jobs_pages_failed_total",
      "archive_search_requests_total",
      "archive_search_errors_total",
      "archive_crawl_running_jobs",
      "archive_crawl_running_job_state_file_ok",
      "archive_crawl_running_job_state_parse_ok",
      "archive_indexing_pending_job_max_age_seconds",
    ]) {
      expect(text, name).toContain(`\n${name}`);
    }
    const other = await fetch(`${server.baseUrl}/metrics`, { headers: { "X-Admin-Token": TOKEN } });
    expect(other.status).toBe(200);
  });

  it("counts searches, snapshot views and replays per day, in aggregate", async () => {
    const before = (await (await fetch(`${server.baseUrl}/api/usage?days=1`)).json()).totals;
    await search("q=radon");
    await fetch(`${server.baseUrl}/api/snapshot/1`);
    const after = await (await fetch(`${server.baseUrl}/api/usage?days=1`)).json();
    expect(after.totals.searches).toBe(before.searches + 1);
    expect(after.totals.snapshotViews).toBe(before.snapshotViews + 1);
    expect(after.totals.replays).toBeGreaterThan(0);
    expect(after.days).toHaveLength(1);
    expect((await fetch(`${server.baseUrl}/api/usage?days=0`)).status).toBe(400);
  });
});

describe("metrics when no token is configured", () => {
  it("answers 503, never open", async () => {
    const bare = createArchiveModule();
    const s = await startTestServer({ modules: [bare], env: { ARCHIVE_ADMIN_TOKEN: "" } });
    try {
      const res = await fetch(`${s.baseUrl}/metrics`, { headers: { Authorization: "Bearer anything" } });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toContain("ARCHIVE_ADMIN_TOKEN");
    } finally {
      await s.close();
    }
  });
});

describe("exports", () => {
  const get = (p: string) => fetch(`${server.baseUrl}${p}`);
  it("publishes a manifest with formats, limits and a data dictionary", async () => {
    const m = await (await get("/api/exports")).json();
    expect(m.formats).toEqual(["jsonl", "csv"]);
    expect(m.datasets.snapshots.columns).toHaveProperty("content_hash");
    expect(m.datasets.snapshots.rows).toBeGreaterThanOrEqual(130);
  });

  it("streams every snapshot as JSON lines, each line parseable, with keyset paging", async () => {
    const total = (await (await get("/api/exports")).json()).datasets.snapshots.rows;
    const text = await (await get("/api/exports/snapshots")).text();
    const rows = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(total);
    expect(rows[0]).toMatchObject({ id: 1, source_code: "demo", mime_type: "text/html" });
    const page1 = (await (await get("/api/exports/snapshots?limit=10")).text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    const page2 = (await (await get(`/api/exports/snapshots?limit=10&afterId=${page1[9].id}`)).text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(page2[0].id).toBeGreaterThan(page1[9].id);
    expect([...page1, ...page2].map((r) => r.id)).toEqual(rows.slice(0, 20).map((r) => r.id));
  });

  it("streams CSV with a header, gzipped when asked, and changes too", async () => {
    const { gunzipSync } = await import("node:zlib");
    const res = await get("/api/exports/snapshots?format=csv&gzip=true&language=fr");
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const csv = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    const lines = csv.trimEnd().split("\n");
    expect(lines[0].split(",")).toContain("normalized_url_group");
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.slice(1).every((l) => l.includes(",fr,"))).toBe(true);
    const changes = (await (await get("/api/exports/changes?includeNoise=false")).text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(changes.some((c) => c.change_type === "removed")).toBe(true);
    expect(changes.every((c) => c.high_noise === 0)).toBe(true);
    expect((await get("/api/exports/snapshots?format=xml")).status).toBe(400);
    expect((await get("/api/exports/snapshots?afterId=-1")).status).toBe(400);
  });
  it("refuses an impossible date the way search and the change feed do", async () => {
    for (const path of ["/api/exports/snapshots", "/api/exports/changes", "/api/search", "/api/changes"]) {
      const res = await get(`${path}?from=2025-13-45`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({
        success: false,
        error: "ValidationError",
        message: 'Invalid query parameter "from": must be a real date.',
      });
    }
  });
});
