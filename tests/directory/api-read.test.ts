/**
 * The directory's read API on the real server with the default services, once over real sql.js
 * files and once over a real PostgreSQL (the same answers from both).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { BACKENDS, pgBackend } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";
import { QUALITY_CASES } from "./search-quality.cases.js";

const backends = pgBackend();
afterAll(() => backends.close());

let server: TestServer;
describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    server = await startDemoDirectory(await backends.databaseUrl(backend));
  });
  afterAll(() => server.close());

  it(`keeps the module's data on ${backend}`, () => {
    expect(server.contexts.get("directory")!.database.kind).toBe(backend);
  });

  const url = (p: string) => `${server.baseUrl}${p}`;
  const search = (body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) =>
    fetch(url("/api/v1/search/services"), {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  describe("GET /api/v1/health", () => {
    it("reports healthy with a timestamp and version, without checks for the public", async () => {
      const res = await fetch(url("/api/v1/health"));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe("healthy");
      expect(Date.parse(body.timestamp)).not.toBeNaN();
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.checks).toBeUndefined();
    });
  });

  describe("GET /api/v1/services", () => {
    it("lists the 171 default services (196 seed records, 25 duplicates merged), paged", async () => {
      const res = await fetch(url("/api/v1/services?limit=10"));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.meta).toMatchObject({ total: 171, limit: 10, offset: 0, nextCursor: "10" });
      expect(body.data).toHaveLength(10);
      expect(body.data[0]).toHaveProperty("name.fr");
      const page2 = await (await fetch(url("/api/v1/services?limit=10&page=2"))).json();
      expect(page2.meta.offset).toBe(10);
      expect(page2.data[0].id).not.toBe(body.data[0].id);
      const last = await (await fetch(url("/api/v1/services?limit=10&offset=170"))).json();
      expect(last.data).toHaveLength(1);
      expect(last.meta.nextCursor).toBeNull();
    });
    it("filters by category and ranks with q", async () => {
      const food = await (await fetch(url("/api/v1/services?category=food&limit=100"))).json();
      expect(food.meta.total).toBe(14);
      expect(food.data.every((s: { category: string }) => s.category === "food")).toBe(true);
      const q = await (
        await fetch(url(`/api/v1/services?q=${encodeURIComponent("banque alimentaire")}&limit=3`))
      ).json();
      expect(q.data[0].category).toBe("food");
    });
    it("returns only changes since a time for sync", async () => {
      const all = await (await fetch(url("/api/v1/services?limit=1"))).json();
      const later = new Date(Date.parse(all.meta.serverTime) + 60_000).toISOString();
      const none = await (
        await fetch(url(`/api/v1/services?updated_since=${encodeURIComponent(later)}`))
      ).json();
      expect(none.meta.total).toBe(0);
      const everything = await (
        await fetch(url("/api/v1/services?updated_since=2000-01-01T00:00:00Z&limit=500"))
      ).json();
      // Every live service and the tombstone of each merged-away duplicate.
      expect(everything.meta.total).toBe(171 + 25);
    });
    it("answers 304 to a client that already holds the page", async () => {
      const first = await fetch(url("/api/v1/services?limit=5"));
      const tag = first.headers.get("etag");
      expect(tag).toBeTruthy();
      const again = await fetch(url("/api/v1/services?limit=5"), {
        headers: { "If-None-Match": tag as string },
      });
      expect(again.status).toBe(304);
      const other = await fetch(url("/api/v1/services?limit=6"), {
        headers: { "If-None-Match": tag as string },
      });
      expect(other.status).toBe(200);
    });
    it("rejects bad parameters with a 400 naming them", async () => {
      for (const [qs, name] of [
        ["limit=0", "limit"],
        ["limit=abc", "limit"],
        ["category=pets", "category"],
        ["updated_since=yesterday", "updated_since"],
        ["offset=-1", "offset"],
      ]) {
        const res = await fetch(url(`/api/v1/services?${qs}`));
        expect(res.status, qs).toBe(400);
        const body = await res.json();
        expect(body).toMatchObject({ success: false, error: "ValidationError" });
        expect(body.message).toContain(name);
      }
      const both = await fetch(url("/api/v1/services?page=2&offset=3"));
      expect(both.status).toBe(400);
      // A search that would be ignored is refused: the answer would pass for its results.
      const searched = await fetch(
        url("/api/v1/services?updated_since=2020-01-01T00:00:00Z&q=zzzzqqq&limit=2"),
      );
      const refusal = await searched.json();
      expect(searched.status, JSON.stringify(refusal.meta ?? refusal)).toBe(400);
      expect(refusal).toMatchObject({ success: false, error: "ValidationError" });
      expect(refusal.message).toContain('"q"');
    });
  });

  describe("GET /api/v1/services/{id}", () => {
    it("returns one service with its facts and provenance", async () => {
      const res = await fetch(url("/api/v1/services/crisis-988"));
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data.phones[0].number).toBe("988");
      expect(data.category).toBe("crisis");
      expect(data.provenance.source).toContain("careconnect");
    });
    it("answers 404 in the envelope for an unknown id", async () => {
      const res = await fetch(url("/api/v1/services/no-such-service"));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error: "NotFound" });
    });
  });

  describe("POST /api/v1/search/services", () => {
    it("ranks and reports meta", async () => {
      const res = await search({ query: "j'ai faim", locale: "fr" });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data[0].category).toBe("food");
      expect(body.data[0]).toHaveProperty("score");
      expect(body.data[0]).toHaveProperty("openNow");
      expect(body.data[0]).not.toHaveProperty("distanceKm");
      expect(body.meta).toMatchObject({ limit: 20, offset: 0, mode: "match" });
      expect(body.meta.requestId).toBeTruthy();
      expect(body.meta.total).toBeGreaterThan(0);
    });
    it("adds distance with a location and honours the radius", async () => {
      const body = await (
        await search({ query: "food bank", location: { lat: 44.2312, lng: -76.486 }, radiusKm: 5, limit: 50 })
      ).json();
      const located = body.data.filter((r: { distanceKm: number | null }) => r.distanceKm !== null);
      expect(located.length).toBeGreaterThan(0);
      expect(located.every((r: { distanceKm: number }) => r.distanceKm <= 5)).toBe(true);
    });
    it("puts crisis lines first and never comes back empty", async () => {
      const crisis = await (await search({ query: "overdose" })).json();
      expect(crisis.meta.mode).toBe("crisis");
      expect(crisis.data[0].category).toBe("crisis");
      const nothing = await (await search({ query: "qqqzzz xkcd" })).json();
      expect(nothing.meta.mode).toBe("suggestions");
      expect(nothing.data.length).toBeGreaterThan(0);
      expect(nothing.data.every((r: { suggestion: boolean }) => r.suggestion)).toBe(true);
    });
    it("applies the category filter and paging", async () => {
      const body = await (
        await search({ query: "help line", filters: { category: "legal" }, limit: 2, offset: 1 })
      ).json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      expect(body.meta).toMatchObject({ limit: 2, offset: 1 });
    });
    it("answers 415 for a wrong or missing content type", async () => {
      const wrong = await search({ query: "food" }, { "content-type": "text/plain" });
      expect(wrong.status).toBe(415);
      expect(await wrong.json()).toMatchObject({ success: false, error: "UnsupportedMediaType" });
      const form = await search("query=food", { "content-type": "application/x-www-form-urlencoded" });
      expect(form.status).toBe(415);
      const none = await fetch(url("/api/v1/search/services"), { method: "POST" });
      expect(none.status).toBe(415);
    });
    it("answers 400 for malformed JSON and bad fields", async () => {
      const cases: Array<[unknown, string]> = [
        ['{"query": ', "JSON"],
        [{}, "query"],
        [{ query: "" }, "query"],
        [{ query: "x".repeat(201) }, "query"],
        [{ query: 42 }, "query"],
        [{ query: "food", locale: "de" }, "locale"],
        [{ query: "food", limit: 0 }, "limit"],
        [{ query: "food", location: { lat: 95, lng: 0 } }, "location.lat"],
        [{ query: "food", radiusKm: -1 }, "radiusKm"],
        [{ query: "food", filters: { category: "pets" } }, "filters.category"],
        [{ query: "food", filters: { openNow: "yes" } }, "filters.openNow"],
        [{ query: "food", extra: 1 }, "extra"],
        ["[1,2]", "(body)"],
      ];
      for (const [body, name] of cases) {
        const res = await search(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const json = await res.json();
        expect(json).toMatchObject({ success: false, error: "ValidationError" });
        expect(json.message, JSON.stringify(body)).toContain(name);
      }
    });
    it("answers 413 for a body over 16 KB, and accepts one just under", async () => {
      const big = await search({ query: "food", pad: "x".repeat(17 * 1024) });
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ success: false, error: "PayloadTooLarge" });
      const ok = await search(`{"query":"food"}${" ".repeat(15 * 1024)}`);
      expect(ok.status).toBe(200);
    });
  });

  describe("search quality over HTTP", () => {
    it("the API ranks like the shared module: an acceptable service in the top 3 for at least 90% of the set", async () => {
      let hits = 0;
      for (const c of QUALITY_CASES) {
        const body = await (await search({ query: c.query, locale: c.locale, limit: 3 })).json();
        if (body.data.some((r: { id: string }) => c.accept.includes(r.id))) hits++;
      }
      const rate = hits / QUALITY_CASES.length;
      console.log(
        `search quality over HTTP, hit@3: ${(rate * 100).toFixed(1)}% (${hits}/${QUALITY_CASES.length})`,
      );
      expect(rate).toBeGreaterThanOrEqual(0.9);
    });
  });

  describe("OpenAPI", () => {
    it("documents every directory path", async () => {
      const doc = await (await fetch(url("/api/openapi.json"))).json();
      for (const p of [
        "/api/v1/health",
        "/api/v1/services",
        "/api/v1/services/{id}",
        "/api/v1/search/services",
        "/api/v1/auth/login",
        "/api/v1/admin/observability",
        "/api/v1/admin/incidents",
      ]) {
        expect(doc.paths[p], p).toBeTruthy();
      }
    });
  });
});
