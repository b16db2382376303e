/**
 * The spec's rules on the real server, once over real sql.js files and once over a real PostgreSQL: defaults, the compare null brief,
 * the three occupancy statuses, the province filter and every 400/404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waittimesModule } from "../../server/waittimes/index.js";
import { ingestFeed } from "../../server/waittimes/ingest.js";
import { setMethodologyOverride } from "../../server/waittimes/methodology-override.js";
import type { WaittimesRepository } from "../../server/waittimes/repository.js";
import { waittimesRepository } from "../../server/waittimes/repository-of.js";
import { BACKENDS, type Backend, pgBackend } from "../helpers/pg-backend.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { albertaFeed, quebecTable } from "../helpers/waittimes/feeds.js";

const get = async (server: TestServer, path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: (await res.json()) as any };
};

const backends = pgBackend();
afterAll(() => backends.close());

/** Starts the real server on a fresh database of `backend`, then writes through its repository with `prepare`. */
async function serverWith(
  backend: Backend,
  prepare: (repo: WaittimesRepository) => Promise<void> = async () => {},
) {
  const databaseUrl = await backends.databaseUrl(backend);
  const server = await startTestServer({ modules: [waittimesModule], databaseUrl });
  await prepare(waittimesRepository(server.contexts.get("waittimes")!));
  return { server };
}

const HOUR = 3600_000;
let empty: TestServer;
let loaded: TestServer;

describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    ({ server: empty } = await serverWith(backend));
    ({ server: loaded } = await serverWith(backend, async (repo) => {
      const now = Date.now();
      const sites = [
        { name: "Foothills Medical Centre", base: 100 },
        { name: "Rockyview General Hospital", base: 50 },
        { name: "Peter Lougheed Centre", base: 80 },
        { name: "South Health Campus", base: 60 },
      ];
      // 48 hourly deliveries: the last 24 h are 20 % slower than the 24 h before for Foothills only.
      for (let k = 47; k >= 0; k--) {
        const at = now - k * HOUR - 60_000;
        const text = albertaFeed(
          sites.map((s) => ({
            name: s.name,
            minutes: s.name.startsWith("Foothills") && k < 24 ? 120 : s.base,
            at,
          })),
        );
        await ingestFeed(repo, { sourceId: "alberta-ahs", kind: "poll", text });
      }
      const qc = quebecTable([
        {
          name: "Hôpital général juif",
          total: 40,
          occupied: 50,
          waiting: 12,
          wait: 95,
          at: now - 20 * 60_000,
        },
        { name: "Hôpital de Verdun", total: 20, occupied: 15, waiting: 3, wait: 60, at: now - 20 * 60_000 },
      ]);
      await ingestFeed(repo, {
        sourceId: "quebec-msss",
        kind: "import",
        text: qc,
        fileName: "qc.csv",
      });
      // Make one Alberta hospital publish a median: a second methodology group in AB.
      await setMethodologyOverride(repo, "ca-ab-south-health-campus", { statistic_type: "MEDIAN" });
    }));
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
      const { status, body } = await get(empty, "/api/hospitals");
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.length).toBe(219);
      const names = body.data.map((h: any) => h.name);
      const collator = new Intl.Collator("en", { sensitivity: "base" });
      for (let i = 1; i < names.length; i++)
        expect(collator.compare(names[i - 1], names[i])).toBeLessThanOrEqual(0);
      const kingston = body.data.find((h: any) => h.id === "ca-on-kingston-health-sciences-centre");
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
        const { body } = await get(empty, `/api/hospitals?province=${p}`);
        expect(body.data.length).toBe(n);
        expect(body.data.every((h: any) => h.province === p)).toBe(true);
      }
    });

    it("adds each hospital's latest figure with include=latest, null when it never reported", async () => {
      const { status, body } = await get(loaded, "/api/hospitals?include=latest");
      expect(status).toBe(200);
      expect(body.data.length).toBe(219);
      type Listed = {
        id: string;
        name: string;
        latest: { value: number; observed_at: string; unit: string } | null;
      };
      const byId = new Map<string, Listed>(body.data.map((h: Listed) => [h.id, h]));
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
      const cmp = await get(loaded, "/api/compare?a=ca-ab-rockyview-general-hospital&b=ca-qc-jewish-general");
      expect(cmp.body.hospital_a.latest_observed_at).toBe(rockyview.observed_at);
      const plain = await get(loaded, "/api/hospitals?province=AB");
      expect(plain.body.data[0].latest).toBeUndefined();
      const onlyAb = await get(loaded, "/api/hospitals?province=AB&include=latest");
      expect(onlyAb.body.data.length).toBe(20);
      const bad = await get(loaded, "/api/hospitals?include=figures");
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, error: "ValidationError" });
      expect(bad.body.message).toMatch(/include/);
      expect(bad.body.message).toMatch(/latest/);
    });

    it("rejects another province with a 400 naming the allowed ones", async () => {
      const { status, body } = await get(empty, "/api/hospitals?province=NS");
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: "ValidationError" });
      expect(body.message).toContain("province");
      for (const p of ["ON", "QC", "AB", "BC"]) expect(body.message).toContain(p);
    });
  });

  describe("GET /api/hospitals/{slug}/trends", () => {
    it("defaults to 7d hourly and aggregates what was ingested", async () => {
      const { status, body } = await get(loaded, "/api/hospitals/ca-ab-rockyview-general-hospital/trends");
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        period: "7d",
        aggregation: "hourly",
        unit: "minutes",
        metric_family: "TIME_TO_PROVIDER",
      });
      expect(body.data.methodology.statistic_type).toBe("POINT_ESTIMATE");
      expect(body.data.dataPoints.length).toBeGreaterThanOrEqual(47);
      for (const p of body.data.dataPoints) {
        expect(p).toMatchObject({ value: 50, min: 50, max: 50, sampleCount: 1 });
        expect(p.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
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
        const { body } = await get(
          loaded,
          `/api/hospitals/ca-ab-foothills-medical-centre/trends?period=${period}`,
        );
        expect([body.data.period, body.data.aggregation]).toEqual([period, aggregation]);
        const total = body.data.dataPoints.reduce((a: number, p: any) => a + p.sampleCount, 0);
        expect(total).toBe(period === "24h" ? 24 : 48);
      }
      const day = await get(loaded, "/api/hospitals/ca-ab-foothills-medical-centre/trends?period=24h");
      expect(day.body.data.dataPoints.every((p: any) => p.value === 120)).toBe(true);
    });

    it("404 for an unknown slug, 400 for an unknown period", async () => {
      const missing = await get(loaded, "/api/hospitals/ca-zz-nowhere/trends");
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, error: "NotFound" });
      const bad = await get(loaded, "/api/hospitals/ca-ab-foothills-medical-centre/trends?period=2w");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/period/);
      expect(bad.body.message).toMatch(/24h, 7d, 30d, 90d, 6m, 1y/);
    });
  });

  describe("GET /api/compare", () => {
    it("comparable hospitals get a null brief and their latest values", async () => {
      const { status, body } = await get(
        loaded,
        "/api/compare?a=ca-ab-foothills-medical-centre&b=ca-ab-rockyview-general-hospital",
      );
      expect(status).toBe(200);
      expect(body.comparable).toBe(true);
      expect(body.divergence_brief).toBeNull();
      expect(body.hospital_a).toMatchObject({
        id: "ca-ab-foothills-medical-centre",
        province: "AB",
        statistic_type: "POINT_ESTIMATE",
        latest_value: 120,
      });
      expect(body.hospital_b).toMatchObject({ id: "ca-ab-rockyview-general-hospital", latest_value: 50 });
      expect(body.success).toBeUndefined();
    });

    it("different methodologies get a brief naming each differing field and both values", async () => {
      const { body } = await get(
        loaded,
        "/api/compare?a=ca-ab-foothills-medical-centre&b=ca-qc-jewish-general",
      );
      expect(body.comparable).toBe(false);
      expect(body.differing_fields).toEqual(["start_event", "statistic_type"]);
      // Words, not codes: the codes are in differing_fields and the two hospitals' fields.
      expect(body.divergence_brief).toContain("When the clock starts differs:");
      expect(body.divergence_brief).toContain("publishes a rolling average over recent hours");
      expect(body.divergence_brief).not.toMatch(/TRIAGE|REGISTRATION|POINT_ESTIMATE|ROLLING_AVG|start_event/);
      expect(body.hospital_b).toMatchObject({
        start_event: "REGISTRATION",
        statistic_type: "ROLLING_AVG",
        latest_value: 95,
      });
    });

    it("writes the brief in French with lang=fr and refuses an unknown lang", async () => {
      const path = "/api/compare?a=ca-ab-foothills-medical-centre&b=ca-qc-jewish-general";
      const fr = await get(loaded, `${path}&lang=fr`);
      expect(fr.status).toBe(200);
      expect(fr.body.comparable).toBe(false);
      expect(fr.body.divergence_brief).toMatch(/^Ces chiffres ne sont pas directement comparables/);
      expect(fr.body.divergence_brief).toContain("Le moment où le chronomètre démarre diffère :");
      expect(fr.body.divergence_brief).not.toMatch(/TRIAGE|REGISTRATION|start_event/);
      const en = await get(loaded, `${path}&lang=en`);
      expect(en.body.divergence_brief).toMatch(/^These figures are not directly comparable/);
      const bad = await get(loaded, `${path}&lang=de`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, error: "ValidationError" });
      expect(bad.body.message).toMatch(/lang/);
    });

    it("accepts an alias slug and refuses the same hospital twice", async () => {
      const alias = await get(
        loaded,
        "/api/compare?a=ca-on-ottawa-hospital-civic-campus&b=ca-on-ottawa-general",
      );
      expect(alias.status).toBe(200);
      expect(alias.body.hospital_a.id).toBe("ca-on-ottawa-civic");
      const same = await get(
        loaded,
        "/api/compare?a=ca-on-ottawa-civic&b=ca-on-ottawa-hospital-civic-campus",
      );
      expect(same.status).toBe(400);
      expect(same.body.message).toMatch(/same hospital/);
    });

    it("400 when a or b is missing, 404 when unknown", async () => {
      for (const q of ["?a=ca-qc-chum", "?b=ca-qc-chum", "", "?a=&b=ca-qc-chum"]) {
        const r = await get(loaded, `/api/compare${q}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe("ValidationError");
      }
      const r = await get(loaded, "/api/compare?a=ca-qc-chum&b=nope");
      expect(r.status).toBe(404);
      expect(r.body.message).toContain("nope");
    });
  });

  describe("GET /api/analytics/benchmarks", () => {
    it("keeps statistics within methodology groups and classifies trends at ±5 %", async () => {
      const { status, body } = await get(loaded, "/api/analytics/benchmarks?province=AB&period=24h");
      expect(status).toBe(200);
      const d = body.data;
      expect(d).toMatchObject({ province: "AB", period: "24h", hospital_count: 20 });
      expect(d.methodology_summary.homogeneous).toBe(false);
      expect(d.methodology_summary.group_count).toBe(2);
      const point = d.groups.find((g: any) => g.methodology.statistic_type === "POINT_ESTIMATE");
      const median = d.groups.find((g: any) => g.methodology.statistic_type === "MEDIAN");
      // Point-estimate group: Foothills 120, Rockyview 50, Peter Lougheed 80 — the median-publishing site is not pooled in.
      expect(point.statistics).toMatchObject({
        n: 3,
        mean: 83.33,
        median: 80,
        min: 50,
        max: 120,
        p25: 65,
        p75: 100,
      });
      expect(median.statistics).toMatchObject({ n: 1, mean: 60, min: 60, max: 60 });
      const foothills = d.hospitals.find((h: any) => h.hospital_id === "ca-ab-foothills-medical-centre");
      expect(foothills).toMatchObject({
        period_mean: 120,
        previous_period_mean: 100,
        change_percent: 20,
        trend: "worsening",
        quartile: 4,
      });
      expect(foothills.percentile).toBeCloseTo(83.3, 1);
      const rocky = d.hospitals.find((h: any) => h.hospital_id === "ca-ab-rockyview-general-hospital");
      expect(rocky).toMatchObject({ trend: "stable", change_percent: 0, quartile: 1, current_value: 50 });
      const silent = d.hospitals.find((h: any) => h.hospital_id === "ca-ab-royal-alexandra-hospital");
      expect(silent).toMatchObject({ period_mean: null, trend: null, quartile: null });
    });

    it("with hospital_id returns that hospital and its group only; period defaults to 7d", async () => {
      const { body } = await get(
        loaded,
        "/api/analytics/benchmarks?province=AB&hospital_id=ca-ab-south-health-campus",
      );
      expect(body.data.period).toBe("7d");
      expect(body.data.hospitals.map((h: any) => h.hospital_id)).toEqual(["ca-ab-south-health-campus"]);
      expect(body.data.groups.map((g: any) => g.methodology.statistic_type)).toEqual(["MEDIAN"]);
    });

    it("400 without province or with a bad period or a hospital of another province; 404 unknown hospital", async () => {
      expect((await get(loaded, "/api/analytics/benchmarks")).status).toBe(400);
      const bad = await get(loaded, "/api/analytics/benchmarks?province=AB&period=90d");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/24h, 7d, 30d/);
      expect((await get(loaded, "/api/analytics/benchmarks?province=AB&hospital_id=ca-qc-chum")).status).toBe(
        400,
      );
      expect((await get(loaded, "/api/analytics/benchmarks?province=AB&hospital_id=zz")).status).toBe(404);
    });
  });

  describe("GET /api/analytics/occupancy", () => {
    it("not_available_yet when Quebec was never ingested, with setup instructions", async () => {
      const { status, body } = await get(empty, "/api/analytics/occupancy?province=QC");
      expect(status).toBe(200);
      expect(body.status).toBe("not_available_yet");
      expect(body.data.setup).toMatch(/waittimes import --source quebec-msss/);
      expect(body.data.hospitals_reporting).toBeUndefined();
    });

    it("available with the real observations of a fresh ingest", async () => {
      const { body } = await get(loaded, "/api/analytics/occupancy?province=QC");
      expect(body.status).toBe("available");
      expect(body.data).toMatchObject({
        hospitals_reporting: 2,
        average_occupancy_percent: 100, // (125 % + 75 %) / 2
        min_occupancy_percent: 75,
        max_occupancy_percent: 125,
        patients_waiting: 15,
        over_capacity_hospitals: 1,
        demo: false,
      });
      expect(Date.parse(body.data.latest_observation_at)).toBeGreaterThan(Date.now() - 3 * HOUR);
    });

    it("no_reporting_data when ingest ran but carried no occupancy", async () => {
      const { server } = await serverWith(backend, async (repo) => {
        const text = quebecTable([{ name: "Hôpital général juif", wait: 90, at: Date.now() - 600_000 }]);
        await ingestFeed(repo, { sourceId: "quebec-msss", kind: "import", text });
      });
      try {
        const { body } = await get(server, "/api/analytics/occupancy?province=QC");
        expect(body.status).toBe("no_reporting_data");
        expect(body.data.reason).toMatch(/no usable stretcher occupancy/);
        expect(body.data.average_occupancy_percent).toBeUndefined();
      } finally {
        await server.close();
      }
    });

    it("400 for any province other than QC, or none", async () => {
      for (const q of ["?province=ON", "?province=qc", ""]) {
        const r = await get(empty, `/api/analytics/occupancy${q}`);
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/QC/);
      }
    });
  });

  describe("GET /api/data-quality", () => {
    it("defaults to 30 days and reports coverage, staleness, gaps for one hospital", async () => {
      const { status, body } = await get(
        loaded,
        "/api/data-quality?hospital_id=ca-ab-rockyview-general-hospital",
      );
      expect(status).toBe(200);
      expect(body.data.days).toBe(30);
      const h = body.data.hospital;
      expect(h.daily.length).toBe(30);
      expect(h.staleness.stale).toBe(false);
      // 48 hourly deliveries against an 8-minute cadence over 30 days.
      expect(h.received).toBe(48);
      const expected = h.daily.reduce((a: number, d: any) => a + d.expected, 0);
      expect(h.expected).toBe(expected);
      expect(expected).toBeGreaterThan(29 * 180);
      expect(h.coverage).toBeCloseTo(48 / expected, 3);
      expect(h.daily.at(-1).received).toBeGreaterThan(0);
      expect(h.gaps.count).toBe(47);
      expect(h.anomalies.count).toBe(0);
    });

    it("without hospital_id reports per source with an overall status and its rule", async () => {
      const { body } = await get(loaded, "/api/data-quality?days=7");
      expect(body.data.days).toBe(7);
      expect(body.data.sources.map((s: any) => s.source_id).sort()).toEqual([
        "alberta-ahs",
        "bc-phsa",
        "ontario-health",
        "quebec-msss",
      ]);
      expect(body.data.status).toBe("critical");
      expect(body.data.status_rule).toMatch(/critical when coverage is below 80/);
      const bc = body.data.sources.find((s: any) => s.source_id === "bc-phsa");
      expect(bc).toMatchObject({ status: "critical", coverage: 0, stale_hospitals: 20 });
    });

    it("400 for days outside 1–365 or not a number; 404 for an unknown hospital", async () => {
      for (const d of ["0", "366", "abc", "2.5"]) {
        const r = await get(loaded, `/api/data-quality?days=${d}`);
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/days/);
      }
      expect((await get(loaded, "/api/data-quality?hospital_id=zz")).status).toBe(404);
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
      const { body } = await get(empty, "/api/openapi.json");
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
