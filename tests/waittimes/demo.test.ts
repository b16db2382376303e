/**
 * Demo history: deterministic for a fixed clock, real cadences, and flaws that data quality finds.
 * Then the demo-seeded real server: flagged as demo in /api/health?details=1 and in the payloads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDemoHistory } from "../../server/waittimes/demo-history.js";
import { extendDemoHistory } from "../../server/waittimes/demo-live.js";
import { loadRegistry } from "../../server/waittimes/hospital-registry.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { computeOccupancy } from "../../server/waittimes/occupancy.js";
import { ADMIN_HEADERS } from "../helpers/admin-token.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import type {
  BenchmarksBody,
  DataQualityBody,
  OccupancyBody,
  Trends,
} from "../helpers/waittimes/api-types.js";
import { openTestStore, repoOf } from "../helpers/waittimes/store.js";

/** The parts of /api/health?details=1 these tests read. */
interface HealthDetails {
  status: string;
  waittimes: { demo_data: boolean; demo_scale: string; counts: { measurements: number; hospitals: number } };
}

const NOW = Date.parse("2026-06-15T12:00:00Z") / 1000;
const PICK = [
  "ca-ab-foothills-medical-centre",
  "ca-bc-vgh",
  "ca-qc-chum",
  "ca-on-kingston-health-sciences-centre",
];

async function demoFingerprint() {
  const t = await openTestStore();
  const registry = await loadRegistry(repoOf(t.store));
  const subset = { ...registry, hospitals: registry.hospitals.filter((h) => PICK.includes(h.id)) };
  await writeDemoHistory(repoOf(t.store), subset, { scale: "small", now: NOW });
  const rows = t.store.all<{
    id: string;
    metric_family: string;
    n: number;
    total: number;
    first: number;
    last: number;
  }>(
    `SELECT h.id, m.metric_family, COUNT(*) AS n, SUM(m.value) AS total, MIN(m.observed_at) AS first, MAX(m.observed_at) AS last
     FROM measurements m JOIN hospitals h ON h.hid = m.hid GROUP BY h.id, m.metric_family ORDER BY h.id, m.metric_family`,
  );
  const intervals = t.store.all<{ id: string; gap: number }>(
    `SELECT h.id, m.observed_at - LAG(m.observed_at) OVER (PARTITION BY m.hid ORDER BY m.observed_at) AS gap
     FROM measurements m JOIN hospitals h ON h.hid = m.hid WHERE m.metric_family = 'TIME_TO_PROVIDER' AND m.observed_at > ?`,
    [NOW - 3 * 86400],
  );
  await t.cleanup();
  return { rows, intervals };
}

describe("demo history generator", () => {
  it("is deterministic and follows each source's cadence", async () => {
    const a = await demoFingerprint();
    const b = await demoFingerprint();
    expect(a.rows).toEqual(b.rows);
    const by = (id: string) => a.rows.filter((r) => r.id === id);
    // Ontario: twelve monthly figures, the newest stamped at this month's start.
    expect(by("ca-on-kingston-health-sciences-centre")).toMatchObject([
      { n: 12, last: Date.parse("2026-06-01T00:00:00Z") / 1000 },
    ]);
    // Quebec: the wait and stretcher occupancy, both about hourly.
    expect(by("ca-qc-chum").map((r) => r.metric_family)).toEqual(["STRETCHER_OCCUPANCY", "TIME_TO_PROVIDER"]);
    for (const r of a.rows) expect(r.first).toBeGreaterThanOrEqual(NOW - 366 * 86400);
    const recent = (id: string) => a.intervals.filter((i) => i.id === id && i.gap !== null).map((i) => i.gap);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    expect(median(recent("ca-ab-foothills-medical-centre"))).toBeGreaterThanOrEqual(120);
    expect(median(recent("ca-ab-foothills-medical-centre"))).toBeLessThanOrEqual(15 * 60);
    expect(median(recent("ca-bc-vgh"))).toBeGreaterThanOrEqual(300);
    expect(median(recent("ca-bc-vgh"))).toBeLessThanOrEqual(15 * 60);
    expect(median(recent("ca-qc-chum"))).toBe(3600);
  });

  it("gives every Ontario hospital its month's figure, whatever hour-long gap falls on the month's start", async () => {
    // 01:00 UTC on December 2: a planted gap covered December 1 00:00 for one Ontario hospital, whose
    // month then had no figure (the server's benchmarks counted 153 of 154 hospitals).
    const now = Date.parse("2026-12-02T01:00:00Z") / 1000;
    const t = await openTestStore();
    try {
      const registry = await loadRegistry(repoOf(t.store));
      const ontario = {
        ...registry,
        hospitals: registry.hospitals.filter((h) => h.source_id === "ontario-health"),
      };
      await writeDemoHistory(repoOf(t.store), ontario, { scale: "small", now });
      const [{ n }] = t.store.all<{ n: number }>(
        "SELECT COUNT(DISTINCT hid) AS n FROM measurements WHERE observed_at = ?",
        [Date.parse("2026-12-01T00:00:00Z") / 1000],
      );
      expect(n).toBe(ontario.hospitals.length);
    } finally {
      await t.cleanup();
    }
  });
});

describe("demo feed extension", () => {
  it("extends demo history to now, keeping aggregates equal to the raw rows and occupancy fresh", async () => {
    const t = await openTestStore();
    try {
      const registry = await loadRegistry(repoOf(t.store));
      const subset = { ...registry, hospitals: registry.hospitals.filter((h) => PICK.includes(h.id)) };
      await writeDemoHistory(repoOf(t.store), subset, { scale: "small", now: NOW });
      const later = NOW + 6 * 3600;
      expect((await computeOccupancy(repoOf(t.store), subset, later)).status).toBe("no_reporting_data");
      const added = await extendDemoHistory(repoOf(t.store), subset, later);
      // Six hours: Alberta every 2–12 min, BC every 5–13 min, Quebec hourly wait + occupancy.
      expect(added).toBeGreaterThan(6 * 5 + 6 * 4 + 12);
      expect(await extendDemoHistory(repoOf(t.store), subset, later + 10)).toBe(0);
      // Hourly buckets are kept for 35 days only; the extension pruned the ones that aged out.
      const agedOut = t.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM aggregates WHERE grain = 'h' AND bucket < ?",
        [later - 35 * 86400],
      )!;
      expect(agedOut.n).toBe(0);
      expect(
        t.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM aggregates WHERE grain = 'h'")!.n,
      ).toBeGreaterThan(3 * 24 * 14);
      const raw = t.store.get<{ n: number; s: number }>(
        "SELECT COUNT(*) AS n, SUM(value) AS s FROM measurements",
      )!;
      for (const grain of ["d", "w", "m"]) {
        const agg = t.store.get<{ n: number; s: number }>(
          "SELECT SUM(n) AS n, SUM(sum) AS s FROM aggregates WHERE grain = ?",
          [grain],
        )!;
        expect(agg.n).toBe(raw.n);
        expect(agg.s).toBeCloseTo(raw.s, 3);
      }
      const occ = await computeOccupancy(repoOf(t.store), subset, later + 60);
      expect(occ.status).toBe("available");
      expect(occ.data.latest_observation_at).toBe(
        new Date(Math.floor(later / 3600) * 3600 * 1000).toISOString(),
      );
    } finally {
      await t.cleanup();
    }
  });
});

describe("demo-seeded server", () => {
  let server: TestServer;
  const get = async <T>(path: string) =>
    (await fetch(server.baseUrl + path, { headers: ADMIN_HEADERS })).json() as Promise<T>;
  beforeAll(async () => {
    server = await startTestServer({ modules: [waittimesModule], demo: true });
  }, 120_000);
  afterAll(async () => server?.close());

  it("flags demo data with counts in /api/health?details=1", async () => {
    const body = await get<HealthDetails>("/api/health?details=1");
    expect(body.status).toBe("ok");
    expect(body.waittimes.demo_data).toBe(true);
    expect(body.waittimes.demo_scale).toBe("small");
    expect(body.waittimes.counts.measurements).toBeGreaterThan(100_000);
    expect(body.waittimes.counts.hospitals).toBe(219);
    const plain = await get<{ waittimes?: unknown }>("/api/health");
    expect(plain.waittimes).toBeUndefined();
  });

  it("marks demo in trends, benchmarks, occupancy and data quality", async () => {
    expect((await get<Trends>("/api/hospitals/ca-bc-vgh/trends?period=30d")).data.demo).toBe(true);
    const bench = await get<BenchmarksBody>("/api/analytics/benchmarks?province=ON&period=30d");
    expect(bench.data.demo).toBe(true);
    expect(bench.data.groups[0].statistics.n).toBe(154);
    const occ = await get<OccupancyBody>("/api/analytics/occupancy?province=QC");
    expect(occ.status).toBe("available");
    expect(occ.data.demo).toBe(true);
    expect(occ.data.hospitals_reporting).toBeGreaterThan(20);
  });

  it("data quality finds the planted gaps, outages, duplicates and late arrivals", async () => {
    const body = await get<DataQualityBody>("/api/data-quality");
    expect(body.data.demo).toBe(true);
    expect(["healthy", "degraded", "critical"]).toContain(body.data.status);
    for (const id of ["alberta-ahs", "bc-phsa", "quebec-msss"]) {
      const s = body.data.sources!.find((x) => x.source_id === id)!;
      expect(s.gaps).toBeGreaterThan(0);
      expect(s.runs.failed).toBeGreaterThan(0);
      expect(s.late_arrivals).toBeGreaterThan(0);
      expect(s.coverage).toBeGreaterThan(0.9);
      expect(s.stale_hospitals).toBe(0);
    }
    // The planted glitches (5–8× a normal value) show up as robust outliers with their reason.
    expect(body.data.sources!.reduce((a, s) => a + s.anomalies, 0)).toBeGreaterThan(0);
    const odd = body.data.sources!.flatMap((s) => s.hospitals).find((h) => h.anomalies > 0)!;
    const oddDetail = await get<DataQualityBody>(`/api/data-quality?hospital_id=${odd.hospital_id}`);
    const anomaly = oddDetail.data.hospital!.anomalies.items[0];
    expect(anomaly.value).toBeGreaterThan(3 * oddDetail.data.hospital!.anomalies.median!);
    expect(anomaly.reason).toMatch(/robust deviations above the window median/);
    const dup = body.data.sources!.flatMap((s) => s.hospitals).find((h) => h.duplicates > 0);
    expect(dup).toBeDefined();
    const detail = await get<DataQualityBody>(`/api/data-quality?hospital_id=${dup!.hospital_id}&days=30`);
    expect(detail.data.hospital!.duplicates.items.length).toBe(dup!.duplicates);
    for (const g of detail.data.hospital!.gaps.items)
      expect(g.minutes * 60).toBeGreaterThan(detail.data.hospital!.gaps.threshold_seconds);
  });
});
