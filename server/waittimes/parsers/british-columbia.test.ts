import { describe, expect, it } from "vitest";
import { readFixture as fixture, objLine } from "../../../tests/helpers/waittimes/feed-fixtures.js";
import { parseBritishColumbiaFeed } from "./british-columbia.js";

const NOW = Date.parse("2026-11-21T00:00:00Z");

describe("provincial feed parsers on recorded samples", () => {
  it("BC: P90 minutes, refuses negatives and offset-less timestamps", () => {
    const src = fixture("bc-phsa.json");
    const r = parseBritishColumbiaFeed(src, NOW);
    expect(r.observations.map((o) => [o.hospitalRefs, o.value, o.line])).toEqual([
      [["VGH", "Vancouver General Hospital"], 182, objLine(src, '"VGH"')],
      [["SPH", "St. Paul's Hospital"], 134, objLine(src, '"SPH"')],
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([objLine(src, '"RH"'), objLine(src, '"LGH"')]);
    expect(r.errors[0].reason).toMatch(/negative/);
    expect(r.errors[1].reason).toMatch(/no UTC offset/);
    expect(() => parseBritishColumbiaFeed('{"items":[]}', NOW)).toThrow(/facilities/);
  });

  it("BC: refuses a wait that is empty, blank, a boolean, a list or not a decimal numeral", () => {
    const at = "2026-11-20T23:00:00Z";
    const facilities = ["", " ", true, [], "0x20", "12 min", null].map((wait, i) => ({
      facility_id: `F${i}`,
      wait_p90_minutes: wait,
      updated_at: at,
    }));
    facilities.push({ facility_id: "OK", wait_p90_minutes: " 95.5 ", updated_at: at });
    const r = parseBritishColumbiaFeed(JSON.stringify({ facilities }, null, 1), NOW);
    expect(r.observations.map((o) => [o.hospitalRefs[0], o.value])).toEqual([["OK", 95.5]]);
    expect(r.errors.map((e) => e.reason)).toEqual(Array(7).fill("wait_p90_minutes is not a number"));
  });
});
