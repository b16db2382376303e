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
});
