import { describe, expect, it } from "vitest";
import { readFixture as fixture } from "../../../tests/helpers/waittimes/feed-fixtures.js";
import { parseQuebecFeed } from "./quebec.js";

const NOW = Date.parse("2026-11-21T00:00:00Z");

describe("provincial feed parsers on recorded samples", () => {
  it("Quebec: occupancy percent with counts, wait optional, incomplete rows refused", () => {
    const r = parseQuebecFeed(fixture("quebec-msss.csv"), NOW);
    const occ = r.observations.filter((o) => o.metricFamily === "STRETCHER_OCCUPANCY");
    const waits = r.observations.filter((o) => o.metricFamily === "TIME_TO_PROVIDER");
    expect(occ.map((o) => [o.line, Math.round(o.value * 10) / 10])).toEqual([
      [2, 118.3],
      [3, 93.8],
      [6, 76.9],
    ]);
    expect(occ[0].occupancy).toEqual({ stretchersTotal: 60, stretchersOccupied: 71, patientsWaiting: 18 });
    expect(occ[0].hospitalRefs).toEqual([
      "ca-qc-chum",
      "Centre hospitalier universitaire de Montréal (CHUM)",
    ]);
    expect(waits.map((o) => [o.line, o.value])).toEqual([
      [2, 154],
      [3, 98],
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(r.errors[1].reason).toMatch(/functional stretchers must be positive/);
    expect(new Date(occ[0].observedAt).toISOString()).toBe("2026-11-20T19:00:00.000Z");
    expect(() => parseQuebecFeed("a;b\n1;2", NOW)).toThrow(/Nom_installation/);
  });
});
