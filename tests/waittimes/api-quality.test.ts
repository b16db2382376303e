/**
 * GET /api/analytics/occupancy and /api/data-quality on the real server, once over real sql.js files
 * and once over a real PostgreSQL: the three occupancy statuses, coverage, staleness and gaps, and
 * every 400/404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestFeed } from "../../server/waittimes/ingest.js";
import { BACKENDS } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";
import { type ApiError, get, HOUR, waittimesServers } from "../helpers/waittimes/api-servers.js";
import type { DataQualityBody, OccupancyBody } from "../helpers/waittimes/api-types.js";
import { albertaFeed, quebecTable } from "../helpers/waittimes/feeds.js";

const { serverWith, loadedServer } = waittimesServers();
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

  describe("GET /api/analytics/occupancy", () => {
    it("not_available_yet when Quebec was never ingested, with setup instructions", async () => {
      const { status, body } = await get<OccupancyBody>(empty, "/api/analytics/occupancy?province=QC");
      expect(status).toBe(200);
      expect(body.status).toBe("not_available_yet");
      expect(body.data.setup).toMatch(/waittimes import --source quebec-msss/);
      expect(body.data.hospitals_reporting).toBeUndefined();
    });

    it("available with the real observations of a fresh ingest", async () => {
      const { body } = await get<OccupancyBody>(loaded, "/api/analytics/occupancy?province=QC");
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
      expect(Date.parse(body.data.latest_observation_at!)).toBeGreaterThan(Date.now() - 3 * HOUR);
    });

    it("no_reporting_data when ingest ran but carried no occupancy", async () => {
      const server = await serverWith(backend, async (repo, now) => {
        const text = quebecTable([{ name: "Hôpital général juif", wait: 90, at: now - 600_000 }]);
        await ingestFeed(repo, { sourceId: "quebec-msss", kind: "import", text });
      });
      try {
        const { body } = await get<OccupancyBody>(server, "/api/analytics/occupancy?province=QC");
        expect(body.status).toBe("no_reporting_data");
        expect(body.data.reason).toMatch(/no usable stretcher occupancy/);
        expect(body.data.average_occupancy_percent).toBeUndefined();
      } finally {
        await server.close();
      }
    });

    it("no_reporting_data when a fresh ingest carried only figures observed days ago", async () => {
      // An operator imports an old table, or the feed serves an extraction it never updated: the
      // ingest is new, its figures are not, and they must not be shown as current.
      const server = await serverWith(backend, async (repo, now) => {
        const text = quebecTable([
          {
            name: "Hôpital général juif",
            total: 40,
            occupied: 50,
            waiting: 12,
            wait: 95,
            at: now - 48 * HOUR,
          },
        ]);
        await ingestFeed(repo, { sourceId: "quebec-msss", kind: "import", text });
      });
      try {
        const { body } = await get<OccupancyBody>(server, "/api/analytics/occupancy?province=QC");
        expect(body.status).toBe("no_reporting_data");
        expect(body.data.reason).toMatch(/observed more than 3 hours ago/);
        expect(body.data.hospitals_reporting).toBeUndefined();
        expect(Date.parse(body.data.last_usable_ingest_at!)).toBeGreaterThan(Date.now() - HOUR);
      } finally {
        await server.close();
      }
    });

    it("400 for any province other than QC, or none", async () => {
      for (const q of ["?province=ON", "?province=qc", ""]) {
        const r = await get<ApiError>(empty, `/api/analytics/occupancy${q}`);
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/QC/);
      }
    });
  });

  describe("GET /api/data-quality", () => {
    it("records a feed that gives one reading two values as a contradiction, keeping neither", async () => {
      let report: Awaited<ReturnType<typeof ingestFeed>> | undefined;
      const server = await serverWith(backend, async (repo, now) => {
        const at = now - 10 * 60_000;
        // Pretty-printed, as AHS serves it: each site on lines of its own.
        const text = JSON.stringify(
          JSON.parse(
            albertaFeed([
              { name: "Foothills Medical Centre", minutes: 135, at },
              { name: "Foothills Medical Centre", minutes: 5, at },
              { name: "Rockyview General Hospital", minutes: 50, at },
              { name: "Rockyview General Hospital", minutes: 50, at },
            ]),
          ),
          null,
          2,
        );
        report = await ingestFeed(repo, { sourceId: "alberta-ahs", kind: "import", text });
      });
      try {
        // The repeated Rockyview row is a harmless duplicate; the two Foothills rows contradict.
        expect(report).toMatchObject({
          outcome: "partial",
          accepted: 1,
          duplicates: 1,
          conflicts: 1,
          rejected: 2,
        });
        expect(report!.errors.map((e) => e.reason)).toEqual([
          expect.stringMatching(
            /^conflicting values in one feed: Foothills Medical Centre at .* is given as 135 minutes and 5 minutes \(lines \d+, \d+\); neither value is kept$/,
          ),
          expect.stringMatching(/^conflicting values in one feed: Foothills/),
        ]);
        const hospitals = await get<{ data: { id: string; latest: unknown }[] }>(
          server,
          "/api/hospitals?province=AB&include=latest",
        );
        const foothills = hospitals.body.data.find((h) => h.id === "ca-ab-foothills-medical-centre")!;
        expect(foothills.latest ?? null).toBeNull();
        const { body } = await get<DataQualityBody>(server, "/api/data-quality?days=1");
        const alberta = body.data.sources!.find((s) => s.source_id === "alberta-ahs")!;
        expect(alberta).toMatchObject({ conflicting_rows: 2, duplicates: 1 });
        expect((alberta.conflict_reasons as string[])[0]).toMatch(
          /Foothills Medical Centre .* 135 minutes and 5 minutes/,
        );
      } finally {
        await server.close();
      }
    });

    it("defaults to 30 days and reports coverage, staleness, gaps for one hospital", async () => {
      const { status, body } = await get<DataQualityBody>(
        loaded,
        "/api/data-quality?hospital_id=ca-ab-rockyview-general-hospital",
      );
      expect(status).toBe(200);
      expect(body.data.days).toBe(30);
      const h = body.data.hospital!;
      expect(h.daily.length).toBe(30);
      expect(h.staleness.stale).toBe(false);
      // 48 hourly deliveries against an 8-minute cadence over 30 days.
      expect(h.received).toBe(48);
      const expected = h.daily.reduce((a, d) => a + (d.expected as number), 0);
      expect(h.expected).toBe(expected);
      expect(expected).toBeGreaterThan(29 * 180);
      expect(h.coverage).toBeCloseTo(48 / expected, 3);
      expect(h.daily.at(-1)!.received).toBeGreaterThan(0);
      expect(h.gaps.count).toBe(47);
      expect(h.anomalies.count).toBe(0);
    });

    it("without hospital_id reports per source with an overall status and its rule", async () => {
      const { body } = await get<DataQualityBody>(loaded, "/api/data-quality?days=7");
      expect(body.data.days).toBe(7);
      expect(body.data.sources!.map((s) => s.source_id).sort()).toEqual([
        "alberta-ahs",
        "bc-phsa",
        "ontario-health",
        "quebec-msss",
      ]);
      expect(body.data.status).toBe("critical");
      expect(body.data.status_rule).toMatch(/critical when coverage is below 80/);
      const bc = body.data.sources!.find((s) => s.source_id === "bc-phsa");
      expect(bc).toMatchObject({ status: "critical", coverage: 0, stale_hospitals: 20 });
    });

    it("400 for days outside 1–365 or not a number; 404 for an unknown hospital", async () => {
      for (const d of ["0", "366", "abc", "2.5"]) {
        const r = await get<ApiError>(loaded, `/api/data-quality?days=${d}`);
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/days/);
      }
      expect((await get(loaded, "/api/data-quality?hospital_id=zz")).status).toBe(404);
    });
  });
});
