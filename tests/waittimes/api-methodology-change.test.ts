/**
 * A methodology override is a dated change, on the real server over either backend: readings keep
 * the methodology in force when they were observed, trends over a period that spans the change show
 * only the part measured the current way and name the change, compare names it, and benchmarks
 * group a hospital by the methodology of the figures they use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMethodologyOverride } from "../../server/waittimes/methodology-override.js";
import { waittimesRepository } from "../../server/waittimes/repository-of.js";
import { BACKENDS } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";
import { get, waittimesServers } from "../helpers/waittimes/api-servers.js";
import type { BenchmarksBody, ComparisonBody, HospitalList, Trends } from "../helpers/waittimes/api-types.js";

const { loadedServer } = waittimesServers();
const FOOTHILLS = "ca-ab-foothills-medical-centre";
const ROCKYVIEW = "ca-ab-rockyview-general-hospital";
let loaded: TestServer;
/** The server's clock (epoch seconds) and the moment Foothills changed to a 90th percentile. */
let now: number;
let changedAt: number;

describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    loaded = await loadedServer(backend);
    const before = await get<Trends>(loaded, `/api/hospitals/${FOOTHILLS}/trends?period=7d`);
    expect(before.body.data.dataPoints.length).toBe(48);
    now = Date.parse(before.body.data.to) / 1000;
    // A known change 12 hours ago, entered now: half past an hour, so one hourly bucket holds both.
    changedAt = now - 12 * 3600;
    await setMethodologyOverride(
      waittimesRepository(loaded.contexts.get("waittimes")!),
      FOOTHILLS,
      { statistic_type: "P90" },
      { from: changedAt, by: "operator", now },
    );
  }, 60_000);

  afterAll(async () => {
    await loaded?.close();
  });

  it("the trend over a period spanning the change shows only the current method's part, and names the change", async () => {
    const { body } = await get<Trends>(loaded, `/api/hospitals/${FOOTHILLS}/trends?period=7d`);
    const d = body.data;
    expect(d.methodology?.statistic_type).toBe("P90");
    expect(d.methodology_change).toEqual({
      changed_at: new Date(changedAt * 1000).toISOString(),
      previous_methodology: { ...d.methodology, statistic_type: "POINT_ESTIMATE" },
      methodology: d.methodology,
      // The hour that holds the change mixes both methods: the first whole hour after it.
      shown_from: new Date((changedAt + 1800) * 1000).toISOString(),
    });
    // Readings observed before the change keep their methodology: none is shown under the new one.
    expect(d.dataPoints.length).toBe(12);
    for (const p of d.dataPoints) expect(Date.parse(p.timestamp) / 1000).toBeGreaterThan(changedAt);
  });

  it("a hospital whose methodology did not change has no change in its trend", async () => {
    const { body } = await get<Trends>(loaded, `/api/hospitals/${ROCKYVIEW}/trends?period=7d`);
    expect(body.data.methodology_change).toBeNull();
    expect(body.data.dataPoints.length).toBe(48);
  });

  it("the hospital list gives the methodology in force now", async () => {
    const { body } = await get<HospitalList>(loaded, "/api/hospitals?province=AB");
    const h = body.data.find((x) => x.id === FOOTHILLS)!;
    expect(h.methodology.statistic_type).toBe("P90");
    expect(h.methodology_overridden).toBe(true);
  });

  it("compare compares the current methodologies and names the change within the period", async () => {
    const { body } = await get<ComparisonBody>(loaded, `/api/compare?a=${FOOTHILLS}&b=${ROCKYVIEW}`);
    expect(body.comparable).toBe(false);
    expect(body.differing_fields).toEqual(["statistic_type"]);
    expect(body.methodology_changes).toEqual([
      {
        hospital_id: FOOTHILLS,
        changed_at: new Date(changedAt * 1000).toISOString(),
        previous_methodology: expect.objectContaining({ statistic_type: "POINT_ESTIMATE" }),
        methodology: expect.objectContaining({ statistic_type: "P90" }),
      },
    ]);
    // The change 12 hours ago is within a one-day period too.
    const short = await get<ComparisonBody>(loaded, `/api/compare?a=${FOOTHILLS}&b=${ROCKYVIEW}&period=24h`);
    expect(short.body.methodology_changes).toHaveLength(1);
  });

  it("benchmarks group the hospital by the methodology of the figures used, never its older figures", async () => {
    const { body } = await get<BenchmarksBody>(loaded, "/api/analytics/benchmarks?province=AB&period=24h");
    const foothills = body.data.hospitals.find((h) => h.hospital_id === FOOTHILLS)!;
    const group = body.data.groups.find((g) => g.key === foothills.group)!;
    expect(group.methodology.statistic_type).toBe("P90");
    expect(group.hospital_count).toBe(1);
    expect(foothills.period_mean).toBe(120);
    // The day before was measured as a point estimate: no trend against it.
    expect(foothills.previous_period_mean).toBeNull();
    expect(foothills.trend).toBeNull();
    const rockyview = body.data.hospitals.find((h) => h.hospital_id === ROCKYVIEW)!;
    expect(rockyview.previous_period_mean).toBe(50);
  });
});
