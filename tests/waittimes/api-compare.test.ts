/**
 * GET /api/compare and /api/analytics/benchmarks on the real server, once over real sql.js files and
 * once over a real PostgreSQL: the null brief of comparable hospitals, the brief in words in English
 * and French, statistics kept within methodology groups, trends at ±5 % and every 400/404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestFeed } from "../../server/waittimes/ingest.js";
import { waittimesRepository } from "../../server/waittimes/repository-of.js";
import { BACKENDS } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";
import { type ApiError, get, waittimesServers } from "../helpers/waittimes/api-servers.js";
import type { BenchmarksBody, ComparisonBody } from "../helpers/waittimes/api-types.js";

const { loadedServer } = waittimesServers();
let loaded: TestServer;

describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    loaded = await loadedServer(backend);
  }, 60_000);

  afterAll(async () => {
    await loaded?.close();
  });

  describe("GET /api/compare", () => {
    it("comparable hospitals get a null brief and their latest values", async () => {
      const { status, body } = await get<ComparisonBody>(
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
      const { body } = await get<ComparisonBody>(
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
      const fr = await get<ComparisonBody>(loaded, `${path}&lang=fr`);
      expect(fr.status).toBe(200);
      expect(fr.body.comparable).toBe(false);
      expect(fr.body.divergence_brief).toMatch(/^Ces chiffres ne sont pas directement comparables/);
      expect(fr.body.divergence_brief).toContain("Le moment où le chronomètre démarre diffère\u00a0:");
      expect(fr.body.divergence_brief).not.toMatch(/TRIAGE|REGISTRATION|start_event/);
      const en = await get<ComparisonBody>(loaded, `${path}&lang=en`);
      expect(en.body.divergence_brief).toMatch(/^These figures are not directly comparable/);
      // Without lang, the Accept-Language header decides, as on the other bilingual routes.
      const res = await fetch(loaded.baseUrl + path, {
        headers: { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" },
      });
      expect(res.headers.get("content-language")).toBe("fr");
      expect(res.headers.get("vary")).toContain("Accept-Language");
      expect(((await res.json()) as ComparisonBody).divergence_brief).toMatch(/^Ces chiffres/);
      const bad = await get<ApiError>(loaded, `${path}&lang=de`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, error: "ValidationError" });
      expect(bad.body.message).toMatch(/lang/);
    });

    it("accepts an alias slug and refuses the same hospital twice", async () => {
      const alias = await get<ComparisonBody>(
        loaded,
        "/api/compare?a=ca-on-ottawa-hospital-civic-campus&b=ca-on-ottawa-general",
      );
      expect(alias.status).toBe(200);
      expect(alias.body.hospital_a.id).toBe("ca-on-ottawa-civic");
      const same = await get<ApiError>(
        loaded,
        "/api/compare?a=ca-on-ottawa-civic&b=ca-on-ottawa-hospital-civic-campus",
      );
      expect(same.status).toBe(400);
      expect(same.body.message).toMatch(/same hospital/);
    });

    it("400 when a or b is missing, 404 when unknown", async () => {
      for (const q of ["?a=ca-qc-chum", "?b=ca-qc-chum", "", "?a=&b=ca-qc-chum"]) {
        const r = await get<ApiError>(loaded, `/api/compare${q}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe("ValidationError");
      }
      const r = await get<ApiError>(loaded, "/api/compare?a=ca-qc-chum&b=nope");
      expect(r.status).toBe(404);
      expect(r.body.message).toContain("nope");
    });
  });

  describe("GET /api/analytics/benchmarks", () => {
    it("keeps statistics within methodology groups and classifies trends at ±5 %", async () => {
      const { status, body } = await get<BenchmarksBody>(
        loaded,
        "/api/analytics/benchmarks?province=AB&period=24h",
      );
      expect(status).toBe(200);
      const d = body.data;
      expect(d).toMatchObject({ province: "AB", period: "24h", hospital_count: 20 });
      expect(d.methodology_summary.homogeneous).toBe(false);
      expect(d.methodology_summary.group_count).toBe(2);
      const point = d.groups.find((g) => g.methodology.statistic_type === "POINT_ESTIMATE")!;
      const median = d.groups.find((g) => g.methodology.statistic_type === "MEDIAN")!;
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
      const foothills = d.hospitals.find((h) => h.hospital_id === "ca-ab-foothills-medical-centre")!;
      expect(foothills).toMatchObject({
        period_mean: 120,
        previous_period_mean: 100,
        change_percent: 20,
        trend: "worsening",
        quartile: 4,
      });
      expect(foothills.percentile).toBeCloseTo(83.3, 1);
      const rocky = d.hospitals.find((h) => h.hospital_id === "ca-ab-rockyview-general-hospital");
      expect(rocky).toMatchObject({ trend: "stable", change_percent: 0, quartile: 1, current_value: 50 });
      const silent = d.hospitals.find((h) => h.hospital_id === "ca-ab-royal-alexandra-hospital");
      expect(silent).toMatchObject({ period_mean: null, trend: null, quartile: null });
    });

    it("gives Ontario's monthly table as monthly figures, never as a 24-hour or 7-day average", async () => {
      const month = (back: number) => {
        const d = new Date();
        d.setUTCDate(1);
        d.setUTCMonth(d.getUTCMonth() - back);
        return d.toISOString().slice(0, 7);
      };
      const csv = [
        "Hospital,City,Reporting Month,Avg Time to Physician Initial Assessment (hours)",
        `Kingston Health Sciences Centre,Kingston,${month(2)},2.0`,
        `Kingston Health Sciences Centre,Kingston,${month(1)},3.0`,
        `"Ottawa Hospital - Civic Campus",Ottawa,${month(2)},3.0`,
        `"Ottawa Hospital - Civic Campus",Ottawa,${month(1)},3.0`,
      ].join("\n");
      const repo = waittimesRepository(loaded.contexts.get("waittimes")!);
      expect(
        (await ingestFeed(repo, { sourceId: "ontario-health", kind: "import", text: `${csv}\n` })).accepted,
      ).toBe(4);
      for (const period of ["24h", "7d"]) {
        const { body } = await get<BenchmarksBody>(
          loaded,
          `/api/analytics/benchmarks?province=ON&period=${period}`,
        );
        const d = body.data;
        expect(d).toMatchObject({ period, figure_period: "month", figure_month: month(1) });
        expect(d.trend_rule).toContain("one figure a month");
        expect(d.trend_rule).toContain("not an average over 24 hours or 7 days");
        const kingston = d.hospitals.find((h) => h.hospital_id.startsWith("ca-on-kingston"))!;
        expect(kingston).toMatchObject({
          current_value: 180,
          period_mean: 180,
          previous_period_mean: 120,
          change_percent: 50,
          trend: "worsening",
        });
      }
      const french = await get<BenchmarksBody>(
        loaded,
        "/api/analytics/benchmarks?province=ON&period=24h&lang=fr",
      );
      expect(french.body.data.trend_rule).toContain("un chiffre par mois");
      // A province that publishes through the day keeps its period's mean.
      const alberta = await get<BenchmarksBody>(loaded, "/api/analytics/benchmarks?province=AB&period=24h");
      expect(alberta.body.data).toMatchObject({ figure_period: "period", figure_month: null });
    });

    it("with hospital_id returns that hospital and its group only; period defaults to 7d", async () => {
      const { body } = await get<BenchmarksBody>(
        loaded,
        "/api/analytics/benchmarks?province=AB&hospital_id=ca-ab-south-health-campus",
      );
      expect(body.data.period).toBe("7d");
      expect(body.data.hospitals.map((h) => h.hospital_id)).toEqual(["ca-ab-south-health-campus"]);
      expect(body.data.groups.map((g) => g.methodology.statistic_type)).toEqual(["MEDIAN"]);
    });

    it("400 without province or with a bad period or a hospital of another province; 404 unknown hospital", async () => {
      expect((await get(loaded, "/api/analytics/benchmarks")).status).toBe(400);
      const bad = await get<ApiError>(loaded, "/api/analytics/benchmarks?province=AB&period=90d");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/24h, 7d, 30d/);
      expect((await get(loaded, "/api/analytics/benchmarks?province=AB&hospital_id=ca-qc-chum")).status).toBe(
        400,
      );
      expect((await get(loaded, "/api/analytics/benchmarks?province=AB&hospital_id=zz")).status).toBe(404);
    });
  });
});
