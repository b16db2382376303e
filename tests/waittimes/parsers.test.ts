import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAlbertaFeed } from "../../server/waittimes/parsers/alberta.js";
import { parseBritishColumbiaFeed } from "../../server/waittimes/parsers/british-columbia.js";
import { parseOntarioFeed } from "../../server/waittimes/parsers/ontario.js";
import { parseQuebecFeed } from "../../server/waittimes/parsers/quebec.js";
import { FeedFormatError } from "../../server/waittimes/parsers/types.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const NOW = Date.parse("2026-11-21T00:00:00Z");
/** 1-based line of the JSON object holding the first occurrence (the fixture's layout may be reformatted). */
const objLine = (src: string, needle: string) =>
  src.slice(0, src.lastIndexOf("{", src.indexOf(needle))).split("\n").length;

describe("provincial feed parsers on recorded samples", () => {
  it("Alberta: emergency sites only, text durations, bad rows with their line", () => {
    const src = fixture("alberta-ahs.json");
    const r = parseAlbertaFeed(src, NOW);
    expect(r.observations.map((o) => [o.hospitalRefs[0], o.value, o.line])).toEqual([
      ["Foothills Medical Centre", 135, objLine(src, "Foothills")],
      ["Rockyview General Hospital", 45, objLine(src, "Rockyview")],
      ["South Health Campus", 65, objLine(src, "South Health")],
      ["Royal Alexandra Hospital", 220, objLine(src, "Royal Alexandra")],
      ["Hospital Nobody Has Heard Of", 20, objLine(src, "Nobody")],
    ]);
    expect(objLine(src, "Rockyview")).toBeGreaterThan(objLine(src, "Foothills"));
    // The site without its own timestamp takes the file's.
    expect(new Date(r.observations[2].observedAt).toISOString()).toBe("2026-11-20T16:00:00.000Z");
    expect(new Date(r.observations[0].observedAt).toISOString()).toBe("2026-11-20T15:58:00.000Z");
    expect(r.errors).toEqual([
      { line: objLine(src, "Peter Lougheed"), reason: 'WaitTime "soon" is not a number' },
    ]);
    expect(() => parseAlbertaFeed("[1,2", NOW)).toThrow(FeedFormatError);
  });

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
