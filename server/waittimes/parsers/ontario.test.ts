import { describe, expect, it } from "vitest";
import { readFixture as fixture } from "../../../tests/helpers/waittimes/feed-fixtures.js";
import { parseOntarioFeed } from "./ontario.js";

const NOW = Date.parse("2026-11-21T00:00:00Z");

describe("provincial feed parsers on recorded samples", () => {
  it("Ontario: monthly hours become minutes stamped at the month's start", () => {
    const r = parseOntarioFeed(fixture("ontario-health.csv"), NOW);
    expect(
      r.observations.map((o) => [o.hospitalRefs[0], o.value, new Date(o.observedAt).toISOString()]),
    ).toEqual([
      ["Kingston Health Sciences Centre", 144, "2026-09-01T00:00:00.000Z"],
      ["Ottawa Hospital - Civic Campus", 186, "2026-09-01T00:00:00.000Z"],
      ["Hopital Montfort", 114, "2026-09-01T00:00:00.000Z"],
    ]);
    expect(r.errors).toEqual([
      { line: 4, reason: 'Reporting Month "2026-9" is not YYYY-MM' },
      { line: 5, reason: "Avg Time to Physician Initial Assessment is not a number" },
    ]);
  });
});
