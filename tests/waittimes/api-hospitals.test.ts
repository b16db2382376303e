/**
 * GET /api/hospitals and /api/hospitals/{slug}/trends on the real server, once over real sql.js files
 * and once over a real PostgreSQL: defaults, the province filter, the latest figures, the aggregation
 * of each period, conditional requests, the OpenAPI document and every 400/404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestFeed } from "../../server/waittimes/ingest.js";
import { BACKENDS } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";
import { type ApiError, get, HOUR, waittimesServers } from "../helpers/waittimes/api-servers.js";
import type { ComparisonBody, HospitalList, OpenApiDoc, Trends } from "../helpers/waittimes/api-types.js";
import { bcFeed } from "../helpers/waittimes/feeds.js";

const { serverWith, loadedServer } = waittimesServers();

/** Epoch seconds of midnight in `zone` on the day `ms` falls on there (read with Intl alone). */
function midnightIn(zone: string, ms: number): number {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" }).format(ms);
  const offsetAt = (t: number) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(t)
      .find((p) => p.type === "timeZoneName")!
      .value.replace("GMT", "");
  const guess = Date.parse(`${date}T00:00:00${offsetAt(ms)}`);
  return Date.parse(`${date}T00:00:00${offsetAt(guess)}`) / 1000;
}
let empty: TestServer;
let loaded: TestServer;

describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    empty = await serverWith(backend);
    loaded = await loadedServer(backend);
  }, 60_000);

  afterAll(async () => {
    await empty?.close();
    await loaded?.close();
  });

  it(`keeps the module's data on ${backend}`, () => {
    expect(loaded.contexts.get("waittimes")!.database.kind).toBe(backend);
  });

  describe("GET /api/hospitals", () => {
    it("lists every hospital sorted by name with the spec's fields", async () => {
      const { status, body } = await get<HospitalList>(empty, "/api/hospitals");
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.length).toBe(219);
      const names = body.data.map((h) => h.name);
      const collator = new Intl.Collator("en", { sensitivity: "base" });
      for (let i = 1; i < names.length; i++)
        expect(collator.compare(names[i - 1], names[i])).toBeLessThanOrEqual(0);
      const kingston = body.data.find((h) => h.id === "ca-on-kingston-health-sciences-centre")!;
      expect(kingston).toMatchObject({
        name: "Kingston Health Sciences Centre",
        province: "ON",
        city: "Kingston",
        address: "76 Stuart Street",
        phone: "613-548-3232",
      });
      expect(kingston.methodology).toEqual({
        metric_family: "TIME_TO_PROVIDER",
        start_event: "TRIAGE",
        end_event: "PHYSICIAN",
        statistic_type: "MEAN",
      });
    });

    it("filters by province", async () => {
      for (const [p, n] of [
        ["ON", 154],
        ["QC", 25],
        ["AB", 20],
        ["BC", 20],
      ] as const) {
        const { body } = await get<HospitalList>(empty, `/api/hospitals?province=${p}`);
        expect(body.data.length).toBe(n);
        expect(body.data.every((h) => h.province === p)).toBe(true);
      }
    });

    it("adds each hospital's latest figure with include=latest, null when it never reported", async () => {
      const { status, body } = await get<HospitalList>(loaded, "/api/hospitals?include=latest");
      expect(status).toBe(200);
      expect(body.data.length).toBe(219);
      const byId = new Map(body.data.map((h) => [h.id, h]));
      expect(byId.get("ca-ab-rockyview-general-hospital")).toMatchObject({
        name: "Rockyview General Hospital",
        latest: { value: 50, unit: "minutes" },
      });
      const rockyview = byId.get("ca-ab-rockyview-general-hospital")!.latest!;
      expect(Date.now() - Date.parse(rockyview.observed_at)).toBeLessThan(2 * HOUR);
      // Quebec hospitals report both a wait and occupancy: the figure is the one of their methodology.
      expect(byId.get("ca-qc-jewish-general")?.latest).toMatchObject({ value: 95, unit: "minutes" });
      expect(byId.get("ca-on-kingston-health-sciences-centre")?.latest).toBeNull();
      // The same figure GET /api/compare gives, and the plain list stays without it.
      const cmp = await get<ComparisonBody>(
        loaded,
        "/api/compare?a=ca-ab-rockyview-general-hospital&b=ca-qc-jewish-general",
      );
      expect(cmp.body.hospital_a.latest_observed_at).toBe(rockyview.observed_at);
      const plain = await get<HospitalList>(loaded, "/api/hospitals?province=AB");
      expect(plain.body.data[0].latest).toBeUndefined();
      const onlyAb = await get<HospitalList>(loaded, "/api/hospitals?province=AB&include=latest");
      expect(onlyAb.body.data.length).toBe(20);
      const bad = await get<ApiError>(loaded, "/api/hospitals?include=figures");
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, error: "ValidationError" });
      expect(bad.body.message).toMatch(/include/);
      expect(bad.body.message).toMatch(/latest/);
    });

    it("rejects another province with a 400 naming the allowed ones", async () => {
      const { status, body } = await get<ApiError>(empty, "/api/hospitals?province=NS");
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: "ValidationError" });
      expect(body.message).toContain("province");
      for (const p of ["ON", "QC", "AB", "BC"]) expect(body.message).toContain(p);
    });
  });

  describe("GET /api/hospitals/{slug}/trends", () => {
    it("defaults to 7d hourly and aggregates what was ingested", async () => {
      const { status, body } = await get<Trends>(
        loaded,
        "/api/hospitals/ca-ab-rockyview-general-hospital/trends",
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        period: "7d",
        aggregation: "hourly",
        unit: "minutes",
        metric_family: "TIME_TO_PROVIDER",
      });
      expect(body.data.methodology?.statistic_type).toBe("POINT_ESTIMATE");
      expect(body.data.dataPoints.length).toBeGreaterThanOrEqual(47);
      for (const p of body.data.dataPoints) {
        expect(p).toMatchObject({ value: 50, min: 50, max: 50, sampleCount: 1 });
        expect(p.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
      }
    });

    it("counts days in the province's calendar: a Vancouver evening is that day there, not the next UTC day", async () => {
      const zone = "America/Vancouver";
      let dayStart = 0;
      const bc = await serverWith(backend, async (repo, now) => {
        // Two readings of one day in Vancouver, at 10:00 and 20:00 there: 20:00 is already the
        // next day in UTC.
        dayStart = midnightIn(zone, now - 3 * 86400_000);
        for (const [hour, p90] of [
          [10, 100],
          [20, 300],
        ])
          await ingestFeed(repo, {
            sourceId: "bc-phsa",
            kind: "poll",
            text: bcFeed([{ name: "Vancouver General Hospital", p90, at: (dayStart + hour * 3600) * 1000 }]),
          });
      });
      try {
        const { body } = await get<Trends>(bc, "/api/hospitals/ca-bc-vgh/trends?period=30d");
        expect(body.data.calendar_time_zone).toBe(zone);
        expect(body.data.dataPoints).toEqual([
          {
            timestamp: new Date(dayStart * 1000).toISOString(),
            value: 200,
            min: 100,
            max: 300,
            sampleCount: 2,
          },
        ]);
        // The point's start is midnight in Vancouver.
        const local = new Intl.DateTimeFormat("en-CA", { timeZone: zone, hour: "numeric", hourCycle: "h23" });
        expect(local.format(new Date(dayStart * 1000))).toBe("00");
      } finally {
        await bc.close();
      }
    });

    it("uses the aggregation fixed for each period", async () => {
      const expected = {
        "24h": "hourly",
        "7d": "hourly",
        "30d": "daily",
        "90d": "daily",
        "6m": "weekly",
        "1y": "monthly",
      };
      for (const [period, aggregation] of Object.entries(expected)) {
        const { body } = await get<Trends>(
          loaded,
          `/api/hospitals/ca-ab-foothills-medical-centre/trends?period=${period}`,
        );
        expect([body.data.period, body.data.aggregation]).toEqual([period, aggregation]);
        const total = body.data.dataPoints.reduce((a, p) => a + p.sampleCount, 0);
        expect(total).toBe(period === "24h" ? 24 : 48);
      }
      const day = await get<Trends>(
        loaded,
        "/api/hospitals/ca-ab-foothills-medical-centre/trends?period=24h",
      );
      expect(day.body.data.dataPoints.every((p) => p.value === 120)).toBe(true);
    });

    it("charts a Quebec hospital's stretcher occupancy without a wait's methodology, and no hospital a metric it does not report", async () => {
      const occupancy = await get<Trends>(
        loaded,
        "/api/hospitals/ca-qc-jewish-general/trends?period=24h&metric=STRETCHER_OCCUPANCY",
      );
      expect(occupancy.status).toBe(200);
      expect(occupancy.body.data).toMatchObject({ metric_family: "STRETCHER_OCCUPANCY", unit: "percent" });
      expect(occupancy.body.data.methodology).toBeNull();
      expect(occupancy.body.data.dataPoints.length).toBeGreaterThan(0);
      for (const [slug, metric] of [
        ["ca-ab-foothills-medical-centre", "STRETCHER_OCCUPANCY"],
        ["ca-ab-foothills-medical-centre", "TOTAL_LOS"],
      ]) {
        const bad = await get<ApiError>(loaded, `/api/hospitals/${slug}/trends?metric=${metric}`);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe(
          `Invalid query parameter "metric": ${slug} reports TIME_TO_PROVIDER, not ${metric}.`,
        );
      }
    });

    it("404 for an unknown slug, 400 for an unknown period", async () => {
      const missing = await get<ApiError>(loaded, "/api/hospitals/ca-zz-nowhere/trends");
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, error: "NotFound" });
      const bad = await get<ApiError>(
        loaded,
        "/api/hospitals/ca-ab-foothills-medical-centre/trends?period=2w",
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/period/);
      expect(bad.body.message).toMatch(/24h, 7d, 30d, 90d, 6m, 1y/);
    });
  });

  describe("conditional requests", () => {
    it("answers a matching If-None-Match with 304 and a changed one with the full body", async () => {
      for (const path of [
        "/api/hospitals?province=QC",
        "/api/hospitals/ca-ab-foothills-medical-centre/trends?period=1y",
      ]) {
        const first = await fetch(loaded.baseUrl + path);
        const tag = first.headers.get("etag");
        expect(tag).toMatch(/^(W\/)?"[\w-]+"$/);
        expect(first.headers.get("content-type")).toMatch(/application\/json/);
        await first.arrayBuffer();
        const again = await fetch(loaded.baseUrl + path, { headers: { "If-None-Match": tag! } });
        expect(again.status).toBe(304);
        const other = await fetch(loaded.baseUrl + path, { headers: { "If-None-Match": '"stale"' } });
        expect(other.status).toBe(200);
        expect(other.headers.get("etag")).toBe(tag);
        await other.arrayBuffer();
      }
    });
  });

  describe("GET /api/openapi.json", () => {
    it("documents every wait-time endpoint with a response schema", async () => {
      const { body } = await get<OpenApiDoc>(empty, "/api/openapi.json");
      for (const p of [
        "/api/hospitals",
        "/api/hospitals/{slug}/trends",
        "/api/compare",
        "/api/analytics/benchmarks",
        "/api/analytics/occupancy",
        "/api/data-quality",
      ]) {
        const op = body.paths[p]?.get;
        expect(op, p).toBeDefined();
        expect(op.responses["200"].content["application/json"].schema).toBeDefined();
        expect(op.responses["400"]).toBeDefined();
      }
      const compare = JSON.stringify(body.paths["/api/compare"].get.responses["200"]);
      expect(compare).toMatch(/ComparisonResponse/);
    });
  });
});
